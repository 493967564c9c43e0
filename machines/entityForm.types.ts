import type { Problem } from '../entities/problems';
import type { Row, RowId } from './entityList.types';

export type { Row, RowId } from './entityList.types';

/** The form's values: a row without `id` and `version`; translated fields under `translations.<lang>.<field>`. */
export type Values = Record<string, unknown>;

/**
 * A message on a field or the form: a problem (entities/problems.ts; from a 400 also with
 * the server's sentence, shown when the SPA has no locale key for its code), or a locale
 * key of the SPA's own (`form.invalid`). docs/decisions.md §11.
 */
export type FieldMessage = (Problem & { text?: string }) | string;

/** `{ "translations.it.title": [{ code: 'required' }] }`; form-wide messages under `non_field_errors`. */
export type FieldErrors = Record<string, FieldMessage[]>;

/** A row as read: every row carries an integer `version` (docs/decisions.md §4). */
export interface VersionedRow extends Row {
  version: number;
}

export interface FetchRowInput {
  resource: string;
  id: RowId;
}

/** id null creates (POST); otherwise an update (PUT) that sends the version it was read at. */
export interface SaveRowInput {
  resource: string;
  id: RowId | null;
  values: Values;
  version: number | null;
}

export interface DeleteRowInput {
  resource: string;
  id: RowId;
}

export interface ValidateInput {
  resource: string;
  values: Values;
}

/** Where a draft is kept: one per resource and row (`new` for a row not created yet). */
export interface DraftKey {
  resource: string;
  id: RowId | 'new';
}

/** Unsaved changes kept locally (autosave), offered back on the next open. */
export interface Draft {
  values: Values;
  /** The version the edits started from: restoring sends it, so a stale draft meets a 409. */
  version: number | null;
  savedAt: string;
}

export interface DiffEntry {
  path: string;
  /** As loaded. */
  base: unknown;
  /** In the form now. */
  mine: unknown;
  /** On the server now. */
  theirs: unknown;
  changedByMe: boolean;
  changedByThem: boolean;
}

/** 409: `{ detail, current }` and what differs between the form and the server's row. */
export interface Conflict {
  detail: string;
  current: VersionedRow;
  diff: DiffEntry[];
}

/**
 * What a save is for: the live row (`save`, `saveAndContinue`), or a pending draft beside it
 * (`pending`), which may be followed by publishing it or previewing it.
 */
export type SaveIntent = 'save' | 'saveAndContinue' | 'pending' | 'publish' | 'preview';

/**
 * A row of an entity with drafts kept on the server beside the live row (issue 16; not the
 * locally kept unsaved text, `Draft`): as read, it says whether one is pending; a pending
 * draft read or saved is the row's detail with the draft's values and `draft.id`.
 */
export interface PendingRow extends VersionedRow {
  has_draft?: boolean;
  draft?: { id: number };
}

/** Save the form as the row's pending draft, made from `version` and the pending draft `draft` (null: from the live row). */
export interface SavePendingInput {
  resource: string;
  id: RowId;
  values: Values;
  version: number | null;
  draft: number | null;
}

/** Publish or discard the pending draft, or make a preview link of it. */
export interface PendingInput {
  resource: string;
  id: RowId;
  version: number | null;
  draft: number | null;
}

/** A preview link of the row (POST …/preview/). */
export interface PreviewLink {
  url: string;
  token: string;
  expires_at: string;
}

/** Where the screen should go (a provided action does it). */
export type Navigation = { to: 'list' } | { to: 'detail'; id: RowId; replace: true };

/**
 * Where a failed save takes the user: a field by path, shown in its language (null when
 * the field is not translated), or the form's own message (`non_field_errors`).
 */
export interface ErrorTarget {
  path: string;
  language: string | null;
}
