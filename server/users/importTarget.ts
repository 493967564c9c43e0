/**
 * Dealer users as an import's target (docs/decisions.md §33): every row through the accounts'
 * own write path, as the API's create and update (changes.ts `createAccount`, `updateAccount`):
 * the password rules, the unique username, the rule of granting and of ranks, the site's
 * bounds. The roster is the one the import was asked on, kept in the job's payload with what
 * its user held then (a bulk edit's permission, too, is checked when asked, §24); it only
 * ever holds dealer users (`site`: the site's own, `dealers`: the master's list of them), so a
 * row can never make or touch a staff, superuser or market administrator account, and a key
 * naming another site's account finds nothing here.
 */
import type { Kysely } from 'kysely';
import { type CellColumn, cellsRecord } from '../../entities/cells.js';
import type { CellKeys } from '../../entities/fieldTypes/description.js';
import { ACCOUNT_ENTITIES } from '../../entities/index.js';
import { addError, type Errors, quoted } from '../../entities/problems.js';
import { validateRecord } from '../../entities/validateRecord.js';
import type { DatabaseSchema } from '../db/schema.js';
import type { ImportPayload } from '../entities/import/job.js';
import type { ImportTarget } from '../entities/import/target.js';
import { fieldErrors, forbidden } from '../errors.js';
import type { Principal } from '../services/principal.js';
import { savepoint } from '../entities/savepoint.js';
import { createAccount, updateAccount } from './changes.js';
import { type AccountRow, accountValues, codenamesOf, COLUMNS } from './records.js';
import { inRoster, type Roster, rosterOf, type RosterSite } from './roster.js';
import { accountKeys, DEALER_ROLE, importColumns } from './sheet.js';

/** What an accounts import's job keeps to open its roster again. */
export interface AccountsImport {
  site: RosterSite;
  actor: Principal;
  /** The codenames the user held when the import was asked. */
  held: string[];
}

export const accountsImport = (roster: Roster): AccountsImport => ({
  site: { id: roster.site.id, kind: roster.site.kind, market_id: roster.site.market_id },
  actor: roster.actor,
  held: [...roster.held],
});

type Db = Kysely<DatabaseSchema>;

/** The fields an update compares (the password: whether a new one is given). */
const COMPARED = ['username', 'email', 'first_name', 'last_name', 'is_active', 'tenant'] as const;

/** The `role` column: empty or `DE`; anything else (a market administrator, staff, a superuser) is the row's error. */
function withoutRole(body: Record<string, unknown>): Record<string, unknown> {
  const { role, ...rest } = body;
  const text = typeof role === 'string' ? role.trim() : '';
  if (text !== '' && text !== DEALER_ROLE) {
    const errors: Errors = {};
    addError(errors, 'role', 'choice', { value: quoted(text) });
    throw fieldErrors(errors);
  }
  return rest;
}

export function accountsTargetOf(db: Db, roster: Roster): ImportTarget<AccountRow> {
  const columns = importColumns(roster);
  return {
    columns,
    async find(key: CellColumn, values: readonly string[]) {
      const wanted = [...new Set(values.filter((v) => v !== ''))];
      const out = new Map<string, AccountRow[]>();
      if (!wanted.length) return out;
      const column = key.field?.name === 'email' ? 'email' : key.field?.name === 'username' ? 'username' : 'id';
      const keys = column === 'id' ? wanted.filter((v) => /^[1-9]\d{0,9}$/.test(v)).map(Number) : wanted;
      if (!keys.length) return out;
      // Within the roster: another site's account, or one of another rank, is named by nothing here.
      const rows = await db.selectFrom('users').select(COLUMNS).where(`users.${column}`, 'in', keys).where(inRoster(roster)).orderBy('users.id').execute();
      for (const row of rows) {
        const value = String(row[column]);
        out.set(value, [...(out.get(value) ?? []), row]);
      }
      return out;
    },
    async keys(fileColumns, rows): Promise<CellKeys> {
      const asked: Record<'tenant' | 'market', string[]> = { tenant: [], market: [] };
      const recorder: CellKeys = {
        keyOf: () => undefined,
        idOf: (target, key) => {
          if (target === 'tenant' || target === 'market') asked[target].push(key);
          return undefined;
        },
      };
      for (const cells of rows) cellsRecord(fileColumns, cells, recorder);
      return accountKeys(db, roster, { keys: asked });
    },
    idOf: (row) => Number(row.id),
    async createMany(bodies) {
      // One account at a time, each under a savepoint: its password is hashed on its own anyway.
      const out: Array<{ id: number } | { refused: unknown }> = [];
      for (const body of bodies) {
        out.push(
          await savepoint(
            db,
            'import_account',
            async () => {
              try {
                return { id: ((await createAccount(db, roster, withoutRole(body))) as { id: number }).id };
              } catch (refused) {
                return { refused };
              }
            },
            (r) => 'id' in r,
          ),
        );
      }
      return out;
    },
    async update(row, body) {
      const patch = withoutRole(body);
      const before = await codenamesOf(db, row.id);
      const existing = accountValues(row, before);
      const { record, errors } = validateRecord(roster.entity, patch, { mode: 'patch', languages: ['en'], defaultLanguage: 'en', existing });
      if (Object.keys(errors).length) throw fieldErrors(errors);
      const v = record.values;
      const changes: string[] = COMPARED.filter((name) => name in roster.entity.fields && v[name] !== existing.values[name]);
      const permissions = v.permissions as string[];
      if (permissions.length !== before.length || permissions.some((c) => !before.includes(c))) changes.push('permissions');
      if (v.password !== '') changes.push('password');
      if (!changes.length) return changes;
      await updateAccount(db, roster, row.id, patch, {
        partial: true,
        version: () => row.version,
        // Never asked: the file has no current password, so a row changing its importer's own password is refused before.
        guess: () => Promise.reject(forbidden('You cannot change your own password by an import.')),
      });
      return changes;
    },
  };
}

/** The target of an accounts import's job, its roster opened again from the payload. */
export function accountsTarget(db: Kysely<any>, tenantId: number, p: ImportPayload): ImportTarget<unknown> {
  const a = p.accounts!;
  const entity = ACCOUNT_ENTITIES.find((e) => e.name === p.entity);
  if (!entity || a.site.id !== tenantId) throw new Error(`accounts import of ${p.entity} on site ${tenantId}: no such roster`);
  const roster: Roster = { ...rosterOf(entity, a.site, a.actor, a.held), ip: p.actor.ip };
  return accountsTargetOf(db as Db, roster) as ImportTarget<unknown>;
}
