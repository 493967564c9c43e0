/**
 * An accounts file's columns (docs/decisions.md §33): the declaration's cells (entities/cells.ts,
 * so a password never has one), as the roster serves the declaration, with
 *   - `role` on the dealer users' lists, where the declaration has no role field: `DE` out,
 *     and on import anything but `DE` or empty is that row's error (an import makes dealers only);
 *   - `created_at`, `updated_at` out only (the server keeps them);
 *   - `password` in only: a new account's first password, through the password rules.
 * References by natural key: a site by its domain, a market by its code.
 */
import type { Kysely } from 'kysely';
import { type CellColumn, cellColumns } from '../../entities/cells.js';
import type { CellKeys } from '../../entities/fieldTypes/description.js';
import type { DatabaseSchema } from '../db/schema.js';
import type { Roster } from './roster.js';

/** Accounts have no translated fields: one language is as good as any. */
const NO_LANGUAGES = ['en'];

export const DEALER_ROLE = 'DE';

const ROLE: CellColumn = { header: 'role', field: { name: 'role', def: { type: 'text', label: 'fields.user.role', maxLength: 20 } } };
const PASSWORD: CellColumn = { header: 'password', field: { name: 'password', def: { type: 'text', label: 'fields.user.password', maxLength: 1024 } } };
export const DATES = ['created_at', 'updated_at'] as const;

/** Whether the roster's file carries the `role` column of its own (dealer users). */
export const dealersOnly = (roster: Roster) => roster.kind !== 'master';

export function exportColumns(roster: Roster): CellColumn[] {
  return [...cellColumns(roster.entity, NO_LANGUAGES), ...(dealersOnly(roster) ? [ROLE] : [])];
}

export function importColumns(roster: Roster): CellColumn[] {
  return [...exportColumns(roster), PASSWORD];
}

const marketAdmin = (roster: Roster) => !roster.actor.is_superuser && roster.actor.role === 'MA';

/** The entities an account's fields reference, and the column naming their rows. */
const KEY_COLUMN = { tenant: ['tenants', 'domain'], market: ['markets', 'code'] } as const;

/** Both ways between ids and natural keys of the sites and markets named; what no row has stays unknown. */
export async function accountKeys(
  db: Kysely<DatabaseSchema>,
  roster: Roster,
  wanted: { ids?: Partial<Record<'tenant' | 'market', number[]>>; keys?: Partial<Record<'tenant' | 'market', string[]>> },
): Promise<CellKeys> {
  const byId = new Map<string, string>();
  const byKey = new Map<string, number>();
  for (const target of ['tenant', 'market'] as const) {
    const [table, column] = KEY_COLUMN[target];
    const ids = [...new Set(wanted.ids?.[target] ?? [])];
    const keys = [...new Set(wanted.keys?.[target] ?? [])];
    if (!ids.length && !keys.length) continue;
    let q = db.selectFrom(table).select(['id', `${column} as key`]);
    q = q.where((eb) => eb.or([...(ids.length ? [eb('id', 'in', ids)] : []), ...(keys.length ? [eb(column, 'in', keys)] : [])]));
    // Dealer sites only, and a market administrator's market's: another's is named by nothing.
    if (target === 'tenant') q = q.where('kind', '=', 'dealer');
    if (target === 'tenant' && marketAdmin(roster)) q = q.where('market_id', '=', roster.actor.market_id ?? -1);
    for (const r of await q.orderBy('id').execute()) {
      byId.set(`${target}:${r.id}`, String(r.key));
      if (!byKey.has(`${target}:${r.key}`)) byKey.set(`${target}:${r.key}`, Number(r.id));
    }
  }
  return { keyOf: (target, id) => byId.get(`${target}:${id}`), idOf: (target, key) => byKey.get(`${target}:${key}`) };
}
