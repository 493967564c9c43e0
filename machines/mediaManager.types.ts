/** Media manager data (docs/spec.md §3, §7; docs/decisions.md §5). */

import type { Paginator } from '../entities/paginator';
import type { PreviewError } from '../entities/problems';
import type { FocalPoint } from './focalPoint.machine';

export interface MediaTranslation {
  title?: string;
  alt_text?: string;
  description?: string;
}

/**
 * A media item as the list answers it (title/alt_text/description in one language); the
 * detail (`GET api/media/{id}`) adds every language under `translations` and `used_by`.
 */
export interface MediaItem {
  id: number;
  name: string;
  /** File URL. */
  url: string;
  /** Its thumbnail and web variant are still being made (the URLs are null until then). */
  processing?: boolean;
  /** Why an image has no preview: its variants job found it unreadable or too slow (docs/decisions.md §37). */
  preview_error?: PreviewError | null;
  thumbnail_url?: string | null;
  /** Web-sized variant of an image. */
  web_url?: string | null;
  mime_type: string;
  size: number;
  width?: number | null;
  height?: number | null;
  /** Where `cover` renditions are centred (fractions 0..1); null: the centre. */
  focal_point?: FocalPoint | null;
  folder?: number | null;
  created_at?: string;
  updated_at?: string;
  version?: number;
  title?: string;
  alt_text?: string;
  description?: string;
  translations?: Record<string, MediaTranslation>;
  used_by?: Array<{ model: string; id: number | string; label: string; path?: string }>;
  /** Records of other markets that use it too, which a market administrator may not see. */
  used_by_hidden?: number;
  [field: string]: unknown;
}

export interface MediaFolder {
  id: number;
  title?: string;
  slug?: string;
  /** `/parent/child` */
  path: string;
  parent?: number | null;
  version?: number;
}

/** `GET api/media-folders[/{id}]`; at the root `parent_folder` has no `path`. */
export interface MediaListResponse {
  folders: MediaFolder[];
  media: { items: MediaItem[]; paginator: Paginator };
  parent_folder: { id: number | null; path?: string; ancestors?: MediaFolder[] } | null;
}

export const SELECT_MODES = ['none', 'single', 'multi'] as const;
export type SelectMode = (typeof SELECT_MODES)[number];

/** none: nothing; single: one media or null; multi: an array of media. */
export type Selection = MediaItem | MediaItem[] | null;

/** The value of `editList.toggle` that empties the edit list (docs/spec.md §4). */
export const CLEAR_EDIT_LIST = 'clear' as const;
export type EditListId = number | typeof CLEAR_EDIT_LIST;

/** Input of the `loadMedia` actor; the app turns it into `page, search, all, fltr=mime_type=…`. */
export interface LoadMediaInput {
  folder: number | null;
  page: number;
  search: string;
  all: boolean;
  mimeType: string | null;
}

export interface SaveMediaInput {
  id: number;
  /** Edited fields, e.g. `{ translations: { it: { alt_text } } }` or flat fields with `language_code`. */
  data: Record<string, unknown>;
  /** The version read (optimistic concurrency); null if unknown. */
  version: number | null;
}

export interface SaveFolderInput {
  /** null creates a folder. */
  id: number | null;
  title: string;
  parent: number | null;
  version?: number;
}

/** `POST api/media/move/`: the media to file into the folder (null = the root). */
export interface MoveMediaInput {
  ids: number[];
  folder: number | null;
}

/** What the media screen keeps in its URL (issue 18): `?folder=3&page=2&type=image/*&search=red&all=1`. */
export interface MediaQuery {
  folder: number | null;
  page: number;
  mimeType: string | null;
  search: string;
  all: boolean;
}

/** A folder of the folder picker: the tree flattened root-down, each with its depth (1 = in the root). */
export interface FolderOption {
  id: number;
  label: string;
  depth: number;
  path: string;
}

/** What a confirmed delete removes, and where declining returns to. */
export type PendingDelete = { kind: 'media'; ids: number[]; origin: 'grid' | 'editor' } | { kind: 'folder'; folder: MediaFolder };

export type { ConfirmInput, Notice } from './shell.types';
export type { BootError as LoadError } from './session.types';
