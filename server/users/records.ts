/**
 * Reading accounts: one row as a detail, rows as list items (docs/decisions.md §4). The
 * answer carries the declared fields of the roster's entity except secrets, never a hash.
 */
import type { Kysely, Selectable } from 'kysely';
import type { RecordValues } from '../../entities/validateRecord.js';
import type { DatabaseSchema } from '../db/schema.js';
import type { UsersTable } from '../db/tables/users.js';
import { listFields } from '../entities/read.js';
import { inRoster, type Roster } from './roster.js';

/** A users row as read here: everything but the hash. */
export type AccountRow = Omit<Selectable<UsersTable>, 'password_hash'>;

export const COLUMNS = [
  'users.id',
  'users.username',
  'users.email',
  'users.first_name',
  'users.last_name',
  'users.role',
  'users.is_superuser',
  'users.is_active',
  'users.tenant_id',
  'users.market_id',
  'users.version',
  'users.created_at',
  'users.updated_at',
] as const;

type Db = Kysely<DatabaseSchema>;

export async function loadAccount(db: Db, roster: Roster, id: number): Promise<AccountRow | undefined> {
  return db.selectFrom('users').select(COLUMNS).where('users.id', '=', id).where(inRoster(roster)).executeTakeFirst();
}

export async function codenamesOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('user_permissions as up')
    .innerJoin('permissions as p', 'p.id', 'up.permission_id')
    .select('p.codename')
    .where('up.user_id', '=', userId)
    .orderBy('p.codename')
    .execute();
  return rows.map((r) => r.codename);
}

/** The row as the declaration's values (what validation starts a PUT or PATCH from); secrets are empty. */
export function accountValues(row: AccountRow, permissions: string[]): RecordValues {
  return {
    values: {
      username: row.username,
      email: row.email,
      first_name: row.first_name,
      last_name: row.last_name,
      password: '',
      current_password: '',
      role: row.role,
      is_superuser: row.is_superuser === 1,
      is_active: row.is_active === 1,
      tenant: row.tenant_id,
      market: row.market_id,
      permissions,
    },
    translations: {},
  };
}

type Ref = { id: number; title: string } | null;

async function titles(db: Db, rows: readonly AccountRow[]) {
  const tenantIds = [...new Set(rows.map((r) => r.tenant_id).filter((v): v is number => v !== null))];
  const marketIds = [...new Set(rows.map((r) => r.market_id).filter((v): v is number => v !== null))];
  const [tenants, markets] = await Promise.all([
    tenantIds.length ? db.selectFrom('tenants').select(['id', 'name']).where('id', 'in', tenantIds).execute() : [],
    marketIds.length ? db.selectFrom('markets').select(['id', 'name']).where('id', 'in', marketIds).execute() : [],
  ]);
  const t = new Map(tenants.map((r) => [r.id, r.name]));
  const m = new Map(markets.map((r) => [r.id, r.name]));
  const ref = (map: Map<number, string>, id: number | null): Ref => (id === null ? null : { id, title: map.get(id) ?? `#${id}` });
  return (row: AccountRow) => ({ tenant: ref(t, row.tenant_id), market: ref(m, row.market_id) });
}

function present(roster: Roster, row: AccountRow, names: readonly string[], values: RecordValues['values'], refs: Record<string, Ref>) {
  const out: Record<string, unknown> = { id: row.id };
  for (const name of names) {
    const field = roster.entity.fields[name];
    if (!field || field.type === 'password') continue;
    out[name] = values[name];
  }
  Object.assign(out, { version: row.version, created_at: row.created_at, updated_at: row.updated_at });
  out._refs = Object.fromEntries(names.filter((n) => n in refs).map((n) => [n, refs[n]]));
  return out;
}

export async function presentAccount(db: Db, roster: Roster, row: AccountRow) {
  const [permissions, refsOf] = await Promise.all([codenamesOf(db, row.id), titles(db, [row])]);
  return present(roster, row, Object.keys(roster.entity.fields), accountValues(row, permissions).values, refsOf(row));
}

/** List items: the list columns of these rows, without permissions. */
export async function presentList(db: Db, roster: Roster, rows: readonly AccountRow[]) {
  const refsOf = await titles(db, rows);
  const names = listFields(roster.entity);
  return rows.map((row) => present(roster, row, names, accountValues(row, []).values, refsOf(row)));
}
