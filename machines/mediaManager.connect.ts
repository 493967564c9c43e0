import type { SnapshotFrom } from 'xstate';
import { folderLabel, folderOptions, formatBytes, isSelected, mediaKind, movedIds, pagesOf, VIRTUAL_FOLDERS } from './mediaManager.helpers';
import type { MediaManagerEvent, mediaManagerMachine } from './mediaManager.machine';
import { CLEAR_EDIT_LIST, type MediaFolder, type MediaItem } from './mediaManager.types';

export type MediaManagerSnapshot = SnapshotFrom<typeof mediaManagerMachine>;
export type MediaManagerSend = (event: MediaManagerEvent) => void;

export type MediaManagerStatus =
  'loading' | 'ready' | 'searching' | 'failed' | 'confirming' | 'deleting' | 'savingFolder' | 'deletingFolder' | 'moveDialog' | 'movingMedia' | 'editor';

export type EditorStatus = 'loading' | 'failed' | 'open' | 'saving';

function statusOf(s: MediaManagerSnapshot): MediaManagerStatus {
  if (s.matches({ browse: 'loading' })) return 'loading';
  if (s.matches({ browse: { ready: 'debouncing' } })) return 'searching';
  if (s.matches({ browse: 'ready' })) return 'ready';
  if (s.matches({ browse: 'failed' })) return 'failed';
  if (s.matches('editor')) return 'editor';
  if (s.matches('moveDialog')) return 'moveDialog';
  return s.value as MediaManagerStatus;
}

function moveStatusOf(s: MediaManagerSnapshot): 'loading' | 'failed' | 'picking' | null {
  for (const st of ['loading', 'failed', 'picking'] as const) if (s.matches({ moveDialog: st })) return st;
  return null;
}

function editorStatusOf(s: MediaManagerSnapshot): EditorStatus | null {
  for (const st of ['loading', 'failed', 'open', 'saving'] as const) if (s.matches({ editor: st })) return st;
  return null;
}

/**
 * Snapshot + send → the plain props the media screens render (Zag-style connect): no
 * React here, so it is unit-tested on resolved snapshots.
 */
export function connectMediaManager(snapshot: MediaManagerSnapshot, send: MediaManagerSend) {
  const c = snapshot.context;
  const status = statusOf(snapshot);
  const editorStatus = editorStatusOf(snapshot);
  const interactive = status === 'ready' || status === 'searching';
  // A pick counts in every state of the browse, a page loading included (the machine takes it
  // there); opening the editor (none mode) waits for the grid.
  const choosable = interactive || (c.selectMode !== 'none' && snapshot.matches('browse'));
  const trail = c.parentFolders;

  const gridItem = (media: MediaItem) => ({
    media,
    id: media.id,
    kind: mediaKind(media.mime_type),
    /** What the tile shows: the thumbnail of an image, else nothing (an icon by kind). */
    preview: media.thumbnail_url ?? null,
    /** In the picker's selection (single/multi). */
    selected: isSelected(c.selection, media.id),
    /** Ticked in the edit list for bulk actions. */
    ticked: c.editList.includes(media.id),
    /** Whether a click on the tile is taken now. */
    choosable,
    choose: () => send({ type: 'media.choose', media }),
    toggleTick: () => send({ type: 'editList.toggle', id: media.id }),
    edit: () => send({ type: 'editor.open', media }),
    /** What dragging this tile carries: the ticked media when it is ticked, else itself. */
    dragIds: movedIds(c.editList, media.id),
    /** The keyboard's way to move: Move to… for this tile (and the ticked ones with it). */
    requestMove: () => send({ type: 'move.request', ids: movedIds(c.editList, media.id) }),
  });

  const drop = (folder: number | null) => (ids: number[]) => send({ type: 'media.drop', ids, folder });
  const moveStatus = moveStatusOf(snapshot);
  const tree = c.folderTree ? folderOptions(c.folderTree) : null;

  const editMedia = c.editMedia;

  return {
    status,
    loading: c.loading,
    /** Grid clicks are taken only now; show the grid disabled otherwise. */
    interactive,
    /** docs/spec.md §5 selection message (null when fine). */
    error: c.error,
    loadError: status === 'failed' ? c.loadError : null,
    retry: () => send({ type: 'retry' }),
    reload: () => send({ type: 'reload' }),

    selectMode: c.selectMode,
    selection: c.selection,
    setSelectMode: (mode: unknown) => send({ type: 'selectMode.set', mode }),
    setSelection: (selection: unknown) => send({ type: 'selection.set', selection }),

    search: {
      value: c.search,
      /** Typed but not loaded yet. */
      pending: status === 'searching',
      allFolders: c.allFolders,
      change: (search: string) => send({ type: 'search.change', search }),
      commit: () => send({ type: 'search.commit' }),
      setAllFolders: (allFolders: boolean) => send({ type: 'allFolders.change', allFolders }),
    },

    filter: {
      mimeType: c.mimeType,
      options: VIRTUAL_FOLDERS.map((v) => ({ ...v, active: c.mimeType === v.mimeType })),
      change: (mimeType: string | null) => send({ type: 'filter.change', mimeType }),
    },

    /** Root first; the last item is the folder shown. */
    breadcrumb: [
      {
        key: 'root',
        folder: null as MediaFolder | null,
        label: 'mediaManager.root',
        current: trail.length === 0,
        open: () => send({ type: 'folder.open', folder: null }),
        drop: drop(null),
      },
      ...trail.map((folder, i) => ({
        key: String(folder.id),
        folder: folder as MediaFolder | null,
        label: folderLabel(folder),
        current: i === trail.length - 1,
        open: () => send({ type: 'folder.open', folder }),
        drop: drop(folder.id),
      })),
    ],
    currentFolder: trail.length ? trail[trail.length - 1] : null,
    folders: c.folders.map((folder) => ({
      folder,
      id: folder.id,
      label: folderLabel(folder),
      open: () => send({ type: 'folder.open', folder }),
      rename: (title: string) => send({ type: 'folder.rename', folder, title }),
      remove: () => send({ type: 'folder.delete', folder }),
      drop: drop(folder.id),
    })),
    createFolder: (title: string) => send({ type: 'folder.create', title }),
    folderErrors: c.folderErrors,

    gridItems: c.medias.map(gridItem),
    empty: status === 'ready' && c.medias.length === 0 && c.folders.length === 0,

    pagination: {
      page: c.page,
      pages: pagesOf(c),
      count: c.paginator?.count ?? 0,
      countExact: c.paginator?.count_exact !== false,
      searchedRows: c.paginator?.searched_rows ?? null,
      hasPrevious: c.page > 1,
      hasNext: c.page < pagesOf(c),
      goTo: (page: number) => send({ type: 'page.change', page }),
      previous: () => send({ type: 'page.change', page: c.page - 1 }),
      next: () => send({ type: 'page.change', page: c.page + 1 }),
    },

    editList: {
      ids: c.editList,
      count: c.editList.length,
      clear: () => send({ type: 'editList.toggle', id: CLEAR_EDIT_LIST }),
    },
    canBulkDelete: interactive && c.editList.length > 0,
    canMove: interactive && c.editList.length > 0,
    requestMove: () => send({ type: 'move.request' }),
    moving: status === 'movingMedia',

    /** The Move to… dialog: the root, then every folder under its parent. */
    moveDialog: {
      open: moveStatus !== null,
      status: moveStatus,
      count: c.pendingMove?.ids.length ?? 0,
      loadError: moveStatus === 'failed' ? c.loadError : null,
      options: tree ?? [],
      choose: (folder: number | null) => send({ type: 'move.choose', folder }),
      cancel: () => send({ type: 'move.cancel' }),
      retry: () => send({ type: 'move.retry' }),
    },
    requestBulkDelete: () => send({ type: 'bulkDelete.request' }),
    deleting: status === 'deleting' || status === 'deletingFolder',

    editor: {
      open: editorStatus !== null,
      status: editorStatus,
      media: editMedia,
      errors: c.editErrors,
      loadError: editorStatus === 'failed' ? c.loadError : null,
      fileInfo: editMedia
        ? {
            name: editMedia.name,
            size: formatBytes(editMedia.size),
            type: editMedia.mime_type,
            kind: mediaKind(editMedia.mime_type),
            dimensions: editMedia.width && editMedia.height ? `${editMedia.width} × ${editMedia.height}` : null,
            url: editMedia.url,
          }
        : null,
      canSave: editorStatus === 'open',
      /** The folder field's choices (null while the folders load, or when they could not be). */
      folderOptions: tree,
      close: () => send({ type: 'editor.close' }),
      retry: () => send({ type: 'editor.retry' }),
      save: (data: Record<string, unknown>) => send({ type: 'editor.save', data }),
      remove: () => send({ type: 'editor.delete' }),
    },
  };
}

export type MediaManagerProps = ReturnType<typeof connectMediaManager>;
