import type { Paginator } from '../entities/paginator';
import {
  CLEAR_EDIT_LIST,
  type EditListId,
  type LoadMediaInput,
  type MediaFolder,
  type MediaItem,
  type MediaListResponse,
  type MediaQuery,
  type FolderOption,
  SELECT_MODES,
  type SelectMode,
  type Selection,
} from './mediaManager.types';

/** docs/spec.md §5, word for word: the machine keeps these as its `error`. */
export const SELECT_MODE_ERROR = "The select-mode must be one of 'none', 'single' or 'multi'";
export const MULTI_SELECTION_ERROR = "You must set an array as selection with select-mode 'multi'";
export const SINGLE_SELECTION_ERROR = "You must set an object as selection with select-mode 'single'";
export const NONE_SELECTION_ERROR = "You cannot set a selection with select-mode 'none'";

/** Search box debounce; the delay lives in the `searchDebounce` actor, never in the chart. */
export const SEARCH_DEBOUNCE_MS = 300;

/** How often the grid re-reads its page while an item's variants are being made (docs/decisions.md §34). */
export const PROCESSING_POLL_MS = 2000;

/** The media being edited with what its variants' job changed (a re-read's), the rest as it was. */
export function withVariants(editing: MediaItem | null, read: MediaItem): MediaItem | null {
  if (!editing || editing.id !== read.id) return editing;
  const { processing, preview_error, thumbnail_url, web_url, width, height } = read;
  return { ...editing, processing, preview_error, thumbnail_url, web_url, width, height };
}

/** Whether an item shown still waits for its thumbnail and web variant. */
export const anyProcessing = (medias: readonly MediaItem[]) => medias.some((m) => m.processing === true);

/** The folder panel's virtual folders (docs/decisions.md §5): a mime-type filter each. */
export const VIRTUAL_FOLDERS = [
  { key: 'images', label: 'mediaManager.images', mimeType: 'image/*' },
  { key: 'videos', label: 'mediaManager.videos', mimeType: 'video/*' },
  { key: 'audio', label: 'mediaManager.audio', mimeType: 'audio/*' },
  { key: 'documents', label: 'mediaManager.documents', mimeType: 'application/*' },
] as const;

export const isSelectMode = (mode: unknown): mode is SelectMode => SELECT_MODES.includes(mode as SelectMode);

export const validateSelectMode = (mode: unknown): string | null => (isSelectMode(mode) ? null : SELECT_MODE_ERROR);

/**
 * docs/spec.md §5: multi takes an array, single an object (or null to clear) that is not an
 * array, none takes nothing. Returns the error message or null when the value fits.
 */
export function validateSelection(mode: SelectMode, value: unknown): string | null {
  if (mode === 'multi') return Array.isArray(value) ? null : MULTI_SELECTION_ERROR;
  if (mode === 'single') return value === null || (typeof value === 'object' && !Array.isArray(value)) ? null : SINGLE_SELECTION_ERROR;
  // Clearing is not setting: null is the only value none mode holds.
  return value === null || value === undefined ? null : NONE_SELECTION_ERROR;
}

/** The empty selection of a mode. */
export const emptySelection = (mode: SelectMode): Selection => (mode === 'multi' ? [] : null);

/** docs/spec.md §4: single holds the chosen media; multi toggles it in the array (by id). */
export function chooseMedia(mode: SelectMode, selection: Selection, media: MediaItem): Selection {
  if (mode === 'single') return media;
  if (mode === 'multi') {
    const list = Array.isArray(selection) ? selection : [];
    return list.some((m) => m.id === media.id) ? list.filter((m) => m.id !== media.id) : [...list, media];
  }
  return selection;
}

export function isSelected(selection: Selection, id: number): boolean {
  if (Array.isArray(selection)) return selection.some((m) => m.id === id);
  return selection !== null && selection.id === id;
}

/** docs/spec.md §4: the edit list toggles ids; the clear value empties it. */
export function toggleEditList(list: number[], id: EditListId): number[] {
  if (id === CLEAR_EDIT_LIST) return [];
  return list.includes(id) ? list.filter((x) => x !== id) : [...list, id];
}

/**
 * docs/spec.md §4 folder trail: no folder resets it; a folder already in it cuts it back to that
 * folder; any other folder is appended.
 */
export function nextTrail(trail: MediaFolder[], folder: MediaFolder | null): MediaFolder[] {
  if (folder === null) return [];
  const at = trail.findIndex((f) => f.id === folder.id);
  return at >= 0 ? trail.slice(0, at + 1) : [...trail, folder];
}

/**
 * A trail of one folder (a deep link, a reload, Back to a folder no longer in the trail,
 * or a folder opened from an all-folders search) gets that folder as the server names it
 * and its ancestors, so the breadcrumb is whole.
 */
export function completeTrail(trail: MediaFolder[], parent: MediaListResponse['parent_folder']): MediaFolder[] {
  const [only] = trail;
  if (trail.length !== 1 || !only || !parent || parent.id !== only.id || parent.path === undefined) return trail;
  const { ancestors = [], ...folder } = parent;
  return [...ancestors, { ...only, ...folder, id: parent.id }];
}

/**
 * The trail to a folder known only by its id (from the URL): cut back to it when it is in
 * the trail, else the folder alone, named once the server answers (completeTrail).
 */
export function trailTo(trail: MediaFolder[], id: number | null): MediaFolder[] {
  if (id === null) return [];
  const at = trail.findIndex((f) => f.id === id);
  return at >= 0 ? trail.slice(0, at + 1) : [{ id, path: '' }];
}

export const currentFolderId = (trail: MediaFolder[]): number | null => trail.at(-1)?.id ?? null;

/** `image/*`, `image/png` or null (no filter); anything else is no filter. */
export function normalizeMimeType(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const v = value.trim().toLowerCase();
  return /^[a-z]+\/(\*|[a-z0-9][a-z0-9.+-]*)$/.test(v) ? v : null;
}

/** The URL's query → what the media screen shows; anything malformed is the default. */
export function queryToMedia(search: string): MediaQuery {
  const p = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const int = (v: string | null) => (v !== null && /^[1-9]\d{0,8}$/.test(v) ? Number(v) : null);
  return {
    folder: int(p.get('folder')),
    page: int(p.get('page')) ?? 1,
    mimeType: normalizeMimeType(p.get('type')),
    search: (p.get('search') ?? '').trim(),
    all: p.get('all') === '1',
  };
}

/** What the media screen shows → the URL's query (no `?`), leaving out the defaults. */
export function mediaToQuery(c: { parentFolders: MediaFolder[]; page: number; mimeType: string | null; search: string; allFolders: boolean }): string {
  const p = new URLSearchParams();
  const folder = currentFolderId(c.parentFolders);
  if (folder !== null) p.set('folder', String(folder));
  if (c.page > 1) p.set('page', String(c.page));
  if (c.mimeType) p.set('type', c.mimeType);
  if (c.search.trim()) p.set('search', c.search.trim());
  if (c.allFolders) p.set('all', '1');
  return p.toString();
}

/** Only the folder makes a new history entry (Back walks the trail); paging, filter and search replace it. */
export const MEDIA_QUERY_QUIET_KEYS = ['page', 'type', 'search', 'all'] as const;

/** What a tile dragged (or moved) takes along: every ticked media when it is ticked, else itself. */
export const movedIds = (editList: number[], id: number): number[] => (editList.includes(id) ? [...editList] : [id]);

/** Every folder as the picker lists it: each under its parent, siblings by title, root-down. */
export function folderOptions(folders: MediaFolder[]): FolderOption[] {
  const ids = new Set(folders.map((f) => f.id));
  const children = new Map<number | null, MediaFolder[]>();
  for (const f of folders) {
    const parent = f.parent != null && ids.has(f.parent) ? f.parent : null;
    children.set(parent, [...(children.get(parent) ?? []), f]);
  }
  const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
  const out: FolderOption[] = [];
  const walk = (parent: number | null, depth: number) => {
    const list = [...(children.get(parent) ?? [])].sort((a, b) => collator.compare(folderLabel(a), folderLabel(b)) || a.id - b.id);
    for (const f of list) {
      out.push({ id: f.id, label: folderLabel(f), depth, path: f.path });
      walk(f.id, depth + 1);
    }
  };
  walk(null, 1);
  return out;
}

export const folderLabel = (f: MediaFolder) => f.title || f.path.split('/').filter(Boolean).pop() || f.path;

/** The mime filter as the API takes it: `fltr=mime_type=image/*`. */
export const mimeFilterParam = (mimeType: string | null) => (mimeType ? `mime_type=${mimeType}` : undefined);

export function loadInput(c: { parentFolders: MediaFolder[]; page: number; search: string; allFolders: boolean; mimeType: string | null }): LoadMediaInput {
  return {
    folder: currentFolderId(c.parentFolders),
    page: c.page,
    search: c.search.trim(),
    all: c.allFolders,
    mimeType: c.mimeType,
  };
}

/** Pages the list has: the last answer's, or the asked page's until one came. */
export const pagesOf = (c: { page: number; paginator: Paginator | null }) => Math.max(1, c.paginator?.pages ?? c.page);

/** The context a list answer sets. */
export function fromListResponse(r: MediaListResponse) {
  return {
    medias: r.media.items,
    folders: r.folders,
    page: r.media.paginator.page,
    paginator: r.media.paginator,
    parentFolder: r.parent_folder && r.parent_folder.id !== null ? r.parent_folder : null,
  };
}

export type MediaKind = 'image' | 'video' | 'audio' | 'document';
export function mediaKind(mimeType: string): MediaKind {
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType.startsWith('video/')) return 'video';
  if (mimeType.startsWith('audio/')) return 'audio';
  return 'document';
}

/** 1536 → "1.5 kB" for the file info. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let v = bytes / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v < 10 ? v.toFixed(1) : Math.round(v)} ${units[i]}`;
}
