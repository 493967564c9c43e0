import { assign, setup } from 'xstate';
import type { Paginator } from '../entities/paginator';
import {
  anyProcessing,
  chooseMedia,
  completeTrail,
  currentFolderId,
  emptySelection,
  fromListResponse,
  folderLabel,
  isSelectMode,
  loadInput,
  mediaToQuery,
  nextTrail,
  normalizeMimeType,
  pagesOf,
  PROCESSING_POLL_MS,
  queryToMedia,
  SEARCH_DEBOUNCE_MS,
  trailTo,
  toggleEditList,
  validateSelectMode,
  withVariants,
  validateSelection,
} from './mediaManager.helpers';
import type {
  ConfirmInput,
  EditListId,
  LoadError,
  LoadMediaInput,
  MediaFolder,
  MediaItem,
  MediaListResponse,
  MoveMediaInput,
  Notice,
  PendingDelete,
  SaveFolderInput,
  SaveMediaInput,
  SelectMode,
  Selection,
} from './mediaManager.types';
import { toBootError, toFieldErrors } from './session.helpers';
import type { FieldErrors } from './entityForm.types';
import { provided, wait } from './actors';
import { atStart } from './atStart';
import { confirmDeleteState } from './confirmDelete.state';

/** docs/spec.md §3 media manager state, plus what the flows need to run. */
export interface MediaManagerContext {
  medias: MediaItem[];
  folders: MediaFolder[];
  /** The folder trail (breadcrumb); its last folder is the one shown. */
  parentFolders: MediaFolder[];
  /** `parent_folder` of the last answer (null at the root). */
  parentFolder: { id: number | null; path?: string } | null;
  /** The page asked for; the last answer's paginator says how many there are. */
  page: number;
  paginator: Paginator | null;
  mimeType: string | null;
  /** The search box text; a load sends it trimmed. */
  search: string;
  /** `all=true`: search every folder, not only the one shown. */
  allFolders: boolean;
  loading: boolean;
  /** The list changed (an upload batch ended) while the editor or a dialog covered it: reload on the way back. */
  stale: boolean;
  /** The media in the edit panel (the detail once loaded). */
  editMedia: MediaItem | null;
  editErrors: FieldErrors | null;
  /** Fields of the save in flight. */
  saveData: Record<string, unknown> | null;
  selection: Selection;
  /** Ids ticked for bulk actions. */
  editList: number[];
  selectMode: SelectMode;
  /** The last selection-mode / selection validation message (docs/spec.md §5), null when fine. */
  error: string | null;
  loadError: LoadError | null;
  folderErrors: FieldErrors | null;
  pendingDelete: PendingDelete | null;
  /** The media being moved (Move to… dialog, a drop) and, once chosen, where to. */
  pendingMove: MoveMediaInput | null;
  /** Every folder of the site (`GET api/media-folders/tree`) for the folder picker and the editor's folder field; null until loaded. */
  folderTree: MediaFolder[] | null;
  debounceMs: number;
  /** How long the grid waits before re-reading a page with items still processing. */
  processingPollMs: number;
}

export interface MediaManagerInput {
  selectMode?: unknown;
  selection?: unknown;
  mimeType?: string | null;
  /** Start inside this folder (its trail is just that folder). */
  folder?: MediaFolder | null;
  search?: string;
  /** The media screen's URL query at start (`location.search`); it wins over folder, search and mimeType. */
  query?: string;
  debounceMs?: number;
  processingPollMs?: number;
}

export type MediaManagerEvent =
  | { type: 'folder.open'; folder: MediaFolder | null }
  | { type: 'page.change'; page: number }
  | { type: 'filter.change'; mimeType: string | null }
  | { type: 'allFolders.change'; allFolders: boolean }
  | { type: 'search.change'; search: string }
  | { type: 'search.commit' }
  | { type: 'reload' }
  | { type: 'retry' }
  | { type: 'media.choose'; media: MediaItem }
  | { type: 'selectMode.set'; mode: unknown }
  | { type: 'selection.set'; selection: unknown }
  | { type: 'editList.toggle'; id: EditListId }
  | { type: 'bulkDelete.request' }
  | { type: 'folder.create'; title: string }
  | { type: 'folder.rename'; folder: MediaFolder; title: string }
  | { type: 'folder.delete'; folder: MediaFolder }
  | { type: 'editor.open'; media: MediaItem }
  | { type: 'editor.close' }
  | { type: 'editor.retry' }
  | { type: 'editor.save'; data: Record<string, unknown> }
  | { type: 'editor.delete' }
  /** Move to…: the dialog for these ids, or for the ticked ones. */
  | { type: 'move.request'; ids?: number[] }
  | { type: 'move.choose'; folder: number | null }
  | { type: 'move.cancel' }
  | { type: 'move.retry' }
  /** Tiles dropped on a folder tile or a trail crumb: moved at once. */
  | { type: 'media.drop'; ids: number[]; folder: number | null }
  /** The URL changed from outside (Back/Forward, a link): `location.search`. */
  | { type: 'query.sync'; search: string };

const confirmInput = (pending: PendingDelete | null): ConfirmInput =>
  pending?.kind === 'folder'
    ? { title: 'mediaGallery.deleteFolderTitle', question: 'mediaGallery.deleteFolder', values: { name: folderLabel(pending.folder) }, danger: true }
    : { title: 'mediaGallery.deleteTitle', question: 'mediaGallery.deleteSelected', values: { count: pending?.ids.length ?? 0 }, danger: true };

/** What a URL query sets: the folder (trail cut back to it when it is there), page, filter and search. */
function fromQuery(context: MediaManagerContext, search: string) {
  const q = queryToMedia(search);
  return { parentFolders: trailTo(context.parentFolders, q.folder), page: q.page, mimeType: q.mimeType, search: q.search, allFolders: q.all };
}

const deletedIds = (pending: PendingDelete | null) => (pending?.kind === 'media' ? pending.ids : []);

const managerSetup = setup({
  types: {
    context: {} as MediaManagerContext,
    events: {} as MediaManagerEvent,
    input: {} as MediaManagerInput,
  },
  actors: {
    loadMedia: provided<MediaListResponse, LoadMediaInput>('loadMedia'),
    searchDebounce: wait,
    processingWait: wait,
    loadMediaDetail: provided<MediaItem, { id: number }>('loadMediaDetail'),
    saveMedia: provided<MediaItem, SaveMediaInput>('saveMedia'),
    /** Deletes each id (one DELETE per id, docs/spec.md §7) and answers how many went. */
    deleteMedia: provided<number, { ids: number[] }>('deleteMedia'),
    saveFolder: provided<MediaFolder, SaveFolderInput>('saveFolder'),
    deleteFolder: provided<unknown, { id: number }>('deleteFolder'),
    confirm: provided<boolean, ConfirmInput>('confirm'),
    loadFolderTree: provided<MediaFolder[], void>('loadFolderTree'),
    /** Moves the media in one request and answers how many are now in the folder. */
    moveMedia: provided<number, MoveMediaInput>('moveMedia'),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    /**
     * Mirror what is shown in the URL (only the media screen does; the app compares with
     * `location.search`): a new history entry, or with `replace` the same entry.
     */
    writeUrl: (_, _params: { search: string; replace: boolean }) => {},
  },
  guards: {
    noneMode: ({ context }) => context.selectMode === 'none',
    processing: ({ context }) => anyProcessing(context.medias),
    editingProcessing: ({ context }) => context.editMedia?.processing === true,
    stale: ({ context }) => context.stale,
    hasEditList: ({ context }) => context.editList.length > 0,
    fromEditor: ({ context }) => context.pendingDelete?.kind === 'media' && context.pendingDelete.origin === 'editor',
    movable: ({ context }, params: { ids?: number[] }) => (params.ids ?? context.editList).length > 0,
    otherFolder: ({ context }, params: { ids: number[]; folder: number | null }) =>
      params.ids.length > 0 && params.folder !== currentFolderId(context.parentFolders),
    urlDiffers: ({ context }, params: { search: string }) => mediaToQuery(fromQuery(context, params.search)) !== mediaToQuery(context),
    otherPage: ({ context }, params: { page: number }) =>
      Number.isInteger(params.page) && params.page >= 1 && params.page <= pagesOf(context) && params.page !== context.page,
  },
});

/**
 * docs/spec.md §3–§5 media manager: a folder trail, a paged grid with a mime filter and a
 * debounced search, selection modes, an edit list with bulk delete behind the confirm
 * dialog, folder create/rename/delete, and the media edit panel.
 */
/**
 * The wait before a re-read while variants are being made (by a server job, docs/decisions.md
 * §34), for the grid's page and for the editor's media alike; its sibling `refreshing` reads again.
 */
const awaitingVariants = managerSetup.createStateConfig({
  invoke: {
    id: 'processingWait',
    src: 'processingWait',
    input: ({ context }) => ({ ms: context.processingPollMs }),
    onDone: { target: 'refreshing' },
  },
});

export const mediaManagerMachine = managerSetup.createMachine({
  id: 'mediaManager',
  context: ({ input }) => {
    const selectMode = isSelectMode(input.selectMode) ? input.selectMode : 'none';
    const selectionError = input.selection === undefined ? null : validateSelection(selectMode, input.selection);
    const fromUrl = input.query === undefined ? null : queryToMedia(input.query);
    return {
      medias: [],
      folders: [],
      parentFolders: fromUrl ? trailTo([], fromUrl.folder) : input.folder ? [input.folder] : [],
      parentFolder: null,
      page: fromUrl?.page ?? 1,
      paginator: null,
      mimeType: fromUrl ? fromUrl.mimeType : normalizeMimeType(input.mimeType),
      search: fromUrl ? fromUrl.search : (input.search ?? ''),
      allFolders: fromUrl?.all ?? false,
      loading: false,
      stale: false,
      editMedia: null,
      editErrors: null,
      saveData: null,
      selection: selectionError || input.selection === undefined ? emptySelection(selectMode) : (input.selection as Selection),
      editList: [],
      selectMode,
      error: input.selectMode === undefined ? selectionError : (validateSelectMode(input.selectMode) ?? selectionError),
      loadError: null,
      folderErrors: null,
      pendingDelete: null,
      pendingMove: null,
      folderTree: null,
      debounceMs: input.debounceMs ?? SEARCH_DEBOUNCE_MS,
      processingPollMs: input.processingPollMs ?? PROCESSING_POLL_MS,
    };
  },
  // Selection rules hold in every state: a picker may set them while the grid loads.
  on: {
    // Browse reloads at once (its own handler); elsewhere the list reloads when browsing resumes.
    reload: { actions: assign({ stale: true }) },
    // Back/Forward while the editor, a dialog or a write is on: what it finishes returns to the URL's folder.
    'query.sync': {
      guard: { type: 'urlDiffers', params: ({ event }) => ({ search: event.search }) },
      actions: assign(({ context, event }) => ({ ...fromQuery(context, event.search), stale: true })),
    },
    'selectMode.set': {
      actions: assign(({ context, event }) => {
        const error = validateSelectMode(event.mode);
        if (error) return { error };
        const mode = event.mode as SelectMode;
        return { error: null, selectMode: mode, selection: mode === context.selectMode ? context.selection : emptySelection(mode) };
      }),
    },
    'selection.set': {
      actions: assign(({ context, event }) => {
        const error = validateSelection(context.selectMode, event.selection);
        if (error) return { error };
        return { error: null, selection: (event.selection ?? emptySelection(context.selectMode)) as Selection };
      }),
    },
  },
  initial: 'browse',
  states: {
    browse: {
      initial: 'loading',
      on: {
        'folder.open': {
          target: '.loading',
          actions: assign({ parentFolders: ({ context, event }) => nextTrail(context.parentFolders, event.folder), page: 1 }),
        },
        'page.change': {
          guard: { type: 'otherPage', params: ({ event }) => ({ page: event.page }) },
          target: '.loading',
          actions: assign({ page: ({ event }) => event.page }),
        },
        'filter.change': {
          target: '.loading',
          actions: assign({ mimeType: ({ event }) => normalizeMimeType(event.mimeType), page: 1 }),
        },
        'allFolders.change': {
          target: '.loading',
          actions: assign({ allFolders: ({ event }) => event.allFolders === true, page: 1 }),
        },
        // A pick counts while the next page loads too (the tiles shown stay clickable): a click is never dropped.
        'media.choose': { actions: assign({ selection: ({ context, event }) => chooseMedia(context.selectMode, context.selection, event.media) }) },
        // Typing restarts the debounce; a commit (Enter) or the debounce's end loads.
        'search.change': { target: '.ready.debouncing', actions: assign({ search: ({ event }) => event.search, page: 1 }) },
        'search.commit': { target: '.loading', actions: assign({ page: 1 }) },
        'query.sync': {
          guard: { type: 'urlDiffers', params: ({ event }) => ({ search: event.search }) },
          target: '.loading',
          actions: assign(({ context, event }) => fromQuery(context, event.search)),
        },
        reload: { target: '.loading' },
      },
      states: {
        loading: {
          entry: [
            assign({ loading: true, stale: false }),
            // The load the manager opens with only tidies the URL it was opened with: no history entry for it.
            { type: 'writeUrl', params: ({ context, event }) => ({ search: mediaToQuery(context), replace: atStart(event) }) },
          ],
          exit: assign({ loading: false }),
          invoke: {
            id: 'loadMedia',
            src: 'loadMedia',
            input: ({ context }) => loadInput(context),
            onDone: {
              target: 'ready',
              actions: [
                assign(({ context, event }) => ({
                  ...fromListResponse(event.output),
                  parentFolders: completeTrail(context.parentFolders, event.output.parent_folder),
                  loadError: null,
                })),
                // An out-of-range page answers the last page: the URL follows it.
                { type: 'writeUrl', params: ({ context }) => ({ search: mediaToQuery(context), replace: false }) },
              ],
            },
            onError: { target: 'failed', actions: assign({ loadError: ({ event }) => toBootError(event.error) }) },
          },
        },
        ready: {
          always: { guard: 'stale', target: 'loading' },
          initial: 'idle',
          on: {
            // docs/spec.md §4: in none mode choosing a media opens the editor (a pick is browse's, below).
            'media.choose': { guard: 'noneMode', target: '#mediaManager.editor', actions: assign({ editMedia: ({ event }) => event.media }) },
            'editor.open': { target: '#mediaManager.editor', actions: assign({ editMedia: ({ event }) => event.media }) },
            'editList.toggle': { actions: assign({ editList: ({ context, event }) => toggleEditList(context.editList, event.id) }) },
            'bulkDelete.request': {
              guard: 'hasEditList',
              target: '#mediaManager.confirming',
              actions: assign({ pendingDelete: ({ context }) => ({ kind: 'media' as const, ids: [...context.editList], origin: 'grid' as const }) }),
            },
            'folder.create': {
              target: '#mediaManager.savingFolder',
              actions: assign({ folderErrors: null }),
            },
            'folder.rename': {
              target: '#mediaManager.savingFolder',
              actions: assign({ folderErrors: null }),
            },
            'folder.delete': {
              target: '#mediaManager.confirming',
              actions: assign({ pendingDelete: ({ event }) => ({ kind: 'folder' as const, folder: event.folder }) }),
            },
            'move.request': {
              guard: { type: 'movable', params: ({ event }) => ({ ids: event.ids }) },
              target: '#mediaManager.moveDialog',
              actions: assign({ pendingMove: ({ context, event }) => ({ ids: [...(event.ids ?? context.editList)], folder: null }) }),
            },
            'media.drop': {
              guard: { type: 'otherFolder', params: ({ event }) => ({ ids: event.ids, folder: event.folder }) },
              target: '#mediaManager.movingMedia',
              actions: assign({ pendingMove: ({ event }) => ({ ids: [...event.ids], folder: event.folder }) }),
            },
          },
          states: {
            idle: {
              always: { guard: 'processing', target: 'awaitingVariants' },
            },
            // Items of the page are still processing: the page is read again quietly — no loading
            // state, no URL change — until none is.
            awaitingVariants,
            refreshing: {
              invoke: {
                id: 'refreshMedia',
                src: 'loadMedia',
                input: ({ context }) => loadInput(context),
                onDone: { target: 'idle', actions: assign(({ event }) => fromListResponse(event.output)) },
                // A failed re-read is tried again after the next wait; the page shown stays.
                onError: { target: 'awaitingVariants' },
              },
            },
            debouncing: {
              invoke: {
                id: 'searchDebounce',
                src: 'searchDebounce',
                input: ({ context }) => ({ ms: context.debounceMs }),
                onDone: { target: '#mediaManager.browse.loading' },
              },
            },
          },
        },
        failed: {
          on: { retry: { target: 'loading' } },
        },
      },
    },
    confirming: confirmDeleteState({
      question: ({ context }: { context: MediaManagerContext }) => confirmInput(context.pendingDelete),
      approved: [{ guard: ({ context }) => context.pendingDelete?.kind === 'folder', target: 'deletingFolder' }, { target: 'deleting' }],
      // docs/spec.md §5: declined does nothing; back where the question came from.
      declined: [
        { guard: 'fromEditor', target: '#mediaManager.editor.open', actions: managerSetup.assign({ pendingDelete: null }) },
        { target: '#mediaManager.browse.ready', actions: managerSetup.assign({ pendingDelete: null }) },
      ],
    }),
    deleting: {
      invoke: {
        id: 'deleteMedia',
        src: 'deleteMedia',
        input: ({ context }) => ({ ids: deletedIds(context.pendingDelete) }),
        // docs/spec.md §4: after a bulk delete the edit list is cleared and the list reloads.
        onDone: {
          target: '#mediaManager.browse.loading',
          actions: [
            { type: 'notify', params: ({ event }) => ({ key: 'mediaGallery.deleteSuccess', values: { count: event.output }, color: 'success' as const }) },
            assign(({ context }) => {
              const gone = deletedIds(context.pendingDelete);
              const selection = context.selection;
              return {
                editList: context.editList.filter((id) => !gone.includes(id)),
                selection: Array.isArray(selection)
                  ? selection.filter((m) => !gone.includes(m.id))
                  : selection && gone.includes(selection.id)
                    ? null
                    : selection,
                editMedia: null,
                pendingDelete: null,
              };
            }),
          ],
        },
        // Some may have gone before the failure: reload to show what is left.
        onError: {
          target: '#mediaManager.browse.loading',
          actions: [
            { type: 'notify', params: { key: 'mediaGallery.deleteFailed', color: 'error' as const } },
            assign({ editMedia: null, pendingDelete: null }),
          ],
        },
      },
    },
    savingFolder: {
      invoke: {
        id: 'saveFolder',
        src: 'saveFolder',
        input: ({ context, event }) => {
          const e = event as Extract<MediaManagerEvent, { type: 'folder.create' | 'folder.rename' }>;
          const parent = context.parentFolders.at(-1)?.id ?? null;
          return e.type === 'folder.rename'
            ? { id: e.folder.id, title: String(e.title ?? '').trim(), parent: e.folder.parent ?? parent, version: e.folder.version }
            : { id: null, title: String(e.title ?? '').trim(), parent };
        },
        onDone: { target: '#mediaManager.browse.loading' },
        onError: { target: '#mediaManager.browse.ready', actions: assign({ folderErrors: ({ event }) => toFieldErrors(event.error) }) },
      },
    },
    deletingFolder: {
      invoke: {
        id: 'deleteFolder',
        src: 'deleteFolder',
        input: ({ context }) => ({ id: context.pendingDelete?.kind === 'folder' ? context.pendingDelete.folder.id : -1 }),
        onDone: {
          target: '#mediaManager.browse.loading',
          actions: [{ type: 'notify', params: { key: 'mediaGallery.folderDeleted', color: 'success' as const } }, assign({ pendingDelete: null })],
        },
        onError: {
          target: '#mediaManager.browse.ready',
          actions: [{ type: 'notify', params: { key: 'mediaGallery.deleteFailed', color: 'error' as const } }, assign({ pendingDelete: null })],
        },
      },
    },
    // Move to…: a folder picker over every folder of the site, the root first.
    moveDialog: {
      initial: 'loading',
      on: { 'move.cancel': { target: '#mediaManager.browse.ready', actions: assign({ pendingMove: null }) } },
      states: {
        loading: {
          invoke: {
            id: 'loadFolderTree',
            src: 'loadFolderTree',
            onDone: { target: 'picking', actions: assign({ folderTree: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: assign({ loadError: ({ event }) => toBootError(event.error) }) },
          },
        },
        failed: {
          on: { 'move.retry': { target: 'loading' } },
        },
        picking: {
          on: {
            'move.choose': {
              target: '#mediaManager.movingMedia',
              actions: assign({ pendingMove: ({ context, event }) => ({ ids: context.pendingMove?.ids ?? [], folder: event.folder }) }),
            },
          },
        },
      },
    },
    movingMedia: {
      invoke: {
        id: 'moveMedia',
        src: 'moveMedia',
        input: ({ context }) => context.pendingMove ?? { ids: [], folder: null },
        onDone: {
          target: '#mediaManager.browse.loading',
          actions: [
            { type: 'notify', params: ({ event }) => ({ key: 'media.moved', values: { count: event.output }, color: 'success' as const }) },
            // What moved is no longer ticked: the edit list keeps only what is still shown here.
            assign(({ context }) => ({
              editList: context.editList.filter((id) => !context.pendingMove?.ids.includes(id)),
              pendingMove: null,
            })),
          ],
        },
        // The server moves all or nothing: the list is as it was.
        onError: {
          target: '#mediaManager.browse.ready',
          actions: [{ type: 'notify', params: { key: 'media.moveFailed', color: 'error' as const } }, assign({ pendingMove: null })],
        },
      },
    },
    editor: {
      initial: 'loading',
      // The folder field lists every folder; without them it offers the media's own folder only.
      invoke: {
        id: 'loadFolderTree',
        src: 'loadFolderTree',
        onDone: { actions: assign({ folderTree: ({ event }) => event.output }) },
        onError: { actions: assign({ folderTree: null }) },
      },
      states: {
        loading: {
          invoke: {
            id: 'loadMediaDetail',
            src: 'loadMediaDetail',
            input: ({ context }) => ({ id: context.editMedia?.id ?? -1 }),
            onDone: { target: 'open', actions: assign({ editMedia: ({ event }) => event.output, editErrors: null }) },
            onError: { target: 'failed', actions: assign({ loadError: ({ event }) => toBootError(event.error) }) },
          },
          on: { 'editor.close': { target: '#mediaManager.browse.ready', actions: assign({ editMedia: null }) } },
        },
        failed: {
          on: {
            'editor.retry': { target: 'loading' },
            'editor.close': { target: '#mediaManager.browse.ready', actions: assign({ editMedia: null, loadError: null }) },
          },
        },
        open: {
          initial: 'idle',
          states: {
            idle: {
              always: { guard: 'editingProcessing', target: 'awaitingVariants' },
            },
            // The media's detail is read again until its variants exist, and only what the job
            // changes is taken from it, so nothing typed in the form is lost.
            awaitingVariants,
            refreshing: {
              invoke: {
                id: 'refreshMediaDetail',
                src: 'loadMediaDetail',
                input: ({ context }) => ({ id: context.editMedia?.id ?? -1 }),
                onDone: { target: 'idle', actions: assign({ editMedia: ({ context, event }) => withVariants(context.editMedia, event.output) }) },
                onError: { target: 'awaitingVariants' },
              },
            },
          },
          on: {
            'editor.save': { target: 'saving', actions: assign({ saveData: ({ event }) => event.data, editErrors: null }) },
            'editor.delete': {
              target: '#mediaManager.confirming',
              actions: assign({
                pendingDelete: ({ context }) => ({ kind: 'media' as const, ids: context.editMedia ? [context.editMedia.id] : [], origin: 'editor' as const }),
              }),
            },
            'editor.close': { target: '#mediaManager.browse.ready', actions: assign({ editMedia: null, editErrors: null }) },
          },
        },
        // No close while saving: the PATCH is on its way.
        saving: {
          invoke: {
            id: 'saveMedia',
            src: 'saveMedia',
            input: ({ context }) => ({ id: context.editMedia?.id ?? -1, data: context.saveData ?? {}, version: context.editMedia?.version ?? null }),
            // docs/spec.md §7/§8: the PATCH answer replaces the media, the list reloads, snackbar fileInfo.
            onDone: {
              target: '#mediaManager.browse.loading',
              actions: [
                { type: 'notify', params: { key: 'mediaManager.fileInfo', color: 'success' as const } },
                assign(({ context, event }) => ({
                  medias: context.medias.map((m) => (m.id === event.output.id ? event.output : m)),
                  editMedia: null,
                  saveData: null,
                })),
              ],
            },
            onError: { target: 'open', actions: assign({ editErrors: ({ event }) => toFieldErrors(event.error), saveData: null }) },
          },
        },
      },
    },
  },
});
