/** An activity entry as the API shows it (the activity log and a row's history). */
import { parseJson } from '../entities/storage.js';

export const ENTRY_COLUMNS = ['id', 'at', 'tenant_id', 'user_id', 'username', 'ip', 'action', 'model', 'object_id', 'version', 'changes'] as const;

export interface EntryRow {
  id: number;
  at: string;
  tenant_id: number | null;
  user_id: number | null;
  username: string;
  ip: string;
  action: string;
  model: string;
  object_id: number | null;
  version: number | null;
  changes: string | null;
}

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
