import type { FieldChange } from '../entities/recordDiff';
import type { RecordValues } from '../entities/validateRecord';

/** An entry of the activity log as the API shows it (server/activity/present.ts): a row's revision, a login, a key made… */
export interface ActivityEntry {
  id: number;
  at: string;
  site: number | null;
  user: { id: number; username: string | null } | null;
  ip: string | null;
  action: string;
  model: string;
  object_id: number | null;
  version: number | null;
  /**
   * What changed, by name: an entity write's `{fields, translations: {<lang>: [...]}}`, an
   * account's `{fields, granted, revoked}`, a key's `{name}`; null for a delete or a login.
   */
  changes: unknown;
}

/** A keyset page (server/activity/paging.ts): newest first; `next` is the `before=` of the next page, null on the last. */
export interface KeysetPage<T> {
  items: T[];
  next: number | null;
}

/** `GET …/revisions/<rev>/`: the revision with the row as it then was and its diff against the one before. */
export interface RevisionDetail extends ActivityEntry {
  previous: number | null;
  record: RecordValues;
  diff: FieldChange[];
}

/** A deleted row in its entity's bin: the delete's entry with the row as deleted. */
export interface BinEntry extends ActivityEntry {
  record: RecordValues;
}

export interface PageInput {
  resource: string;
  before: number | null;
}
