import {
  CLEAR_EDIT_LIST,
  type EditListId,
  type LoadMediaInput,
  type MediaFolder,
  type MediaItem,
  type MediaListResponse,
  SELECT_MODES,
  type SelectMode,
  type Selection,
} from './mediaManager.types';

/** Spec §5, word for word: the machine keeps these as its `error`. */
export const SELECT_MODE_ERROR = "The select-mode must be one of 'none', 'single' or 'multi'";
export const MULTI_SELECTION_ERROR = "You must set an array as selection with select-mode 'multi'";
export const SINGLE_SELECTION_ERROR = "You must set an object as selection with select-mode 'single'";
export const NONE_SELECTION_ERROR = "You cannot set a selection with select-mode 'none'";

/** DESIGN.md §5: grid page size. */
export const MEDIA_PAGE_SIZE = 18;
/** Search box debounce; the delay lives in the `searchDebounce` actor, never in the chart. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The folder panel's virtual folders (DESIGN.md §5): a mime-type filter each. */
export const VIRTUAL_FOLDERS = [
  { key: 'images', label: 'mediaManager.images', mimeType: 'image/*' },
  { key: 'videos', label: 'mediaManager.videos', mimeType: 'video/*' },
  { key: 'audio', label: 'mediaManager.audio', mimeType: 'audio/*' },
  { key: 'documents', label: 'mediaManager.documents', mimeType: 'application/*' },
] as const;

export const isSelectMode = (mode: unknown): mode is SelectMode => SELECT_MODES.includes(mode as SelectMode);

export const validateSelectMode = (mode: unknown): string | null => (isSelectMode(mode) ? null : SELECT_MODE_ERROR);

/**
 * Spec §5: multi takes an array, single an object (or null to clear) that is not an
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

/** Spec §4: single holds the chosen media; multi toggles it in the array (by id). */
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

/** Spec §4: the edit list toggles ids; the clear value empties it. */
export function toggleEditList(list: number[], id: EditListId): number[] {
  if (id === CLEAR_EDIT_LIST) return [];
  return list.includes(id) ? list.filter((x) => x !== id) : [...list, id];
}

/**
 * Spec §4 folder trail: no folder resets it; a folder already in it cuts it back to that
 * folder; any other folder is appended.
 */
export function nextTrail(trail: MediaFolder[], folder: MediaFolder | null): MediaFolder[] {
  if (folder === null) return [];
  const at = trail.findIndex((f) => f.id === folder.id);
  return at >= 0 ? trail.slice(0, at + 1) : [...trail, folder];
}

/**
 * A trail of one folder that is not at the root (a deep link, or a folder opened from an
 * all-folders search) gets the ancestors the server names, so the breadcrumb is whole.
 */
export function completeTrail(trail: MediaFolder[], parent: MediaListResponse['parent_folder']): MediaFolder[] {
  if (trail.length !== 1 || !parent || parent.id !== trail[0].id || !parent.ancestors?.length) return trail;
  return [...parent.ancestors, trail[0]];
}

export const currentFolderId = (trail: MediaFolder[]): number | null => (trail.length ? trail[trail.length - 1].id : null);

/** `image/*`, `image/png` or null (no filter); anything else is no filter. */
export function normalizeMimeType(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const v = value.trim().toLowerCase();
  return /^[a-z]+\/(\*|[a-z0-9][a-z0-9.+-]*)$/.test(v) ? v : null;
}

/** The mime filter as the API takes it: `fltr=mime_type=image/*`. */
export const mimeFilterParam = (mimeType: string | null) => (mimeType ? `mime_type=${mimeType}` : undefined);

export function loadInput(c: {
  parentFolders: MediaFolder[];
  page: number;
  search: string;
  allFolders: boolean;
  mimeType: string | null;
}): LoadMediaInput {
  return {
    folder: currentFolderId(c.parentFolders),
    page: c.page,
    search: c.search.trim(),
    all: c.allFolders,
    mimeType: c.mimeType,
  };
}

/** The context a list answer sets. */
export function fromListResponse(r: MediaListResponse) {
  const p = r.media.paginator;
  return {
    medias: r.media.items,
    folders: r.folders,
    page: p.page,
    pages: Math.max(1, p.pages),
    count: p.count,
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
