/** An activity entry as the API shows it (the activity log and a row's history). */
import type { Selectable } from 'kysely';
import type { ActivityTable } from '../db/tables/activity.js';
import { parseJson } from '../entities/storage.js';

export const ENTRY_COLUMNS = ['id', 'at', 'tenant_id', 'user_id', 'username', 'ip', 'action', 'model', 'object_id', 'version', 'changes'] as const;

/** An entry read with ENTRY_COLUMNS: the table's own row type, narrowed to them. */
export type EntryRow = Pick<Selectable<ActivityTable>, (typeof ENTRY_COLUMNS)[number]>;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export const presentEntry = (r: EntryRow) => ({
  id: Number(r.id),
  at: r.at,
  site: num(r.tenant_id),
  user: r.user_id === null ? null : { id: Number(r.user_id), username: r.username },
  ip: r.ip,
  action: r.action,
  model: r.model,
  object_id: num(r.object_id),
  version: num(r.version),
  changes: parseJson<unknown>(r.changes, null),
});
