/** An activity entry as the API shows it (the activity log and a row's history). */
import type { Selectable } from 'kysely';
import type { ActivityTable } from '../db/tables/activity.js';
import { parseJson } from '../entities/storage.js';
import type { Principal } from '../services/principal.js';

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

/**
 * Who reads the addresses entries were made from: the platform's own people (superusers and
 * master staff). A site's users and market administrators read the rest of the entry; its
 * `ip` is null for them — an address is personal data of a colleague, and answering
 * attacks on accounts is the platform's job.
 */
export const readsAddresses = (user: Pick<Principal, 'is_superuser' | 'role'>) => user.is_superuser || user.role === null;

/** An entry (or a page of them) as this reader may see it. */
export const forReader = <T extends { ip: string | null }>(user: Pick<Principal, 'is_superuser' | 'role'>, entry: T): T =>
  readsAddresses(user) ? entry : { ...entry, ip: null };

export const pageForReader = <T extends { ip: string | null }>(user: Pick<Principal, 'is_superuser' | 'role'>, page: { items: T[]; next: number | null }) => ({
  ...page,
  items: page.items.map((e) => forReader(user, e)),
});
