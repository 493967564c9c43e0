/**
 * `GET /api/users/export/` and `/api/tenantUsers/export/` (docs/decisions.md §33): the accounts
 * list's rows — its roster, search, filters and sort, or the selected ids — through the one
 * export writer (entities/export/exportList.ts `sendSheet`), read in keyset batches: the list's
 * own conditions (list.ts `armsOf`) and, for a search, each word probed on each row read.
 * Never a password hash, a session or anything else secret: rows are read by records.ts
 * COLUMNS, which leave the hash out, and a password field has no cell.
 */
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { recordCells } from '../../entities/cells.js';
import type { CellValue } from '../../entities/fieldTypes/description.js';
import type { DatabaseSchema } from '../db/schema.js';
import { sendSheet } from '../entities/export/exportList.js';
import type { ExportFormat } from '../entities/export/files.js';
import type { ListQuery } from '../entities/list/query.js';
import { probes } from '../list/searchIndex.js';
import { type Fragment, joinText, raw, runText, sqlText } from '../list/sqlText.js';
import { anyOf, armsOf, column, orderBy, ROW_COLUMNS } from './list.js';
import { type AccountRow, accountValues } from './records.js';
import { type Roster, rosterPath } from './roster.js';
import { accountKeys, DATES, DEALER_ROLE, dealersOnly, exportColumns } from './sheet.js';

/** Accounts per batch: a few hundred short rows, one permissions query and one keys query each. */
const BATCH = 500;

type Db = Kysely<DatabaseSchema>;
type Sort = ListQuery['sort'];

const plainRef = (c: string) => raw(`users.${c}`);

/** After `last` in the order `sort` (every sortable account column is NOT NULL, and the id ends the sort). */
function after(sort: Sort, last: AccountRow): Fragment {
  const value = (c: string) => (last as unknown as Record<string, unknown>)[c];
  const arms = sort.map((s, i) => {
    const equal = sort.slice(0, i).map((e) => sqlText`${raw(`users.${column(e.column)}`)} = ${value(e.column)}`);
    const beyond = sqlText`${raw(`users.${column(s.column)} ${s.desc ? '<' : '>'}`)} ${value(s.column)}`;
    return joinText([...equal, beyond], ' and ');
  });
  return sqlText`(${joinText(
    arms.map((a) => sqlText`(${a})`),
    ' or ',
  )})`;
}

async function* accountBatches(db: Db, roster: Roster, query: ListQuery): AsyncGenerator<AccountRow[]> {
  const where = sqlText`(${anyOf(armsOf(roster, query, plainRef))})${probes(rosterPath(roster).index, query.tokens, 'users.id')}`;
  let last: AccountRow | undefined;
  for (;;) {
    const next = last ? sqlText` and ${after(query.sort, last)}` : sqlText``;
    const rows = await runText<AccountRow>(db, sqlText`select ${ROW_COLUMNS} from users where ${where}${next} ${orderBy(query.sort, 'users')} limit ${BATCH}`);
    if (rows.length) yield rows;
    if (rows.length < BATCH) return;
    last = rows.at(-1);
  }
}

async function permissionsOf(db: Db, ids: readonly number[]): Promise<Map<number, string[]>> {
  const rows = await db
    .selectFrom('user_permissions as up')
    .innerJoin('permissions as p', 'p.id', 'up.permission_id')
    .select(['up.user_id', 'p.codename'])
    .where('up.user_id', 'in', [...ids])
    .orderBy('p.codename')
    .execute();
  const out = new Map<number, string[]>();
  for (const r of rows) out.set(Number(r.user_id), [...(out.get(Number(r.user_id)) ?? []), r.codename]);
  return out;
}

async function* cellBatches(db: Db, roster: Roster, query: ListQuery): AsyncGenerator<CellValue[][]> {
  const columns = exportColumns(roster);
  for await (const rows of accountBatches(db, roster, query)) {
    const ids = rows.map((r) => Number(r.id));
    const [permissions, keys] = await Promise.all([
      permissionsOf(db, ids),
      accountKeys(db, roster, {
        ids: {
          tenant: rows.flatMap((r) => (r.tenant_id === null ? [] : [Number(r.tenant_id)])),
          market: rows.flatMap((r) => (r.market_id === null ? [] : [Number(r.market_id)])),
        },
      }),
    ]);
    yield rows.map((row) => {
      const record = accountValues(row, permissions.get(Number(row.id)) ?? []);
      if (dealersOnly(roster)) record.values.role = DEALER_ROLE;
      return [...recordCells(columns, Number(row.id), record, keys), ...DATES.map((d) => row[d])];
    });
  }
}

export function exportAccounts(db: Db, roster: Roster, query: ListQuery, format: ExportFormat, reply: FastifyReply) {
  const headers = [...exportColumns(roster).map((c) => c.header), ...DATES];
  return sendSheet({ name: roster.entity.name, headers, batches: cellBatches(db, roster, query) }, format, reply);
}
