/**
 * A page of an accounts list (docs/decisions.md §4, §12) on the list engine's path, so
 * that its cost stays flat however many accounts there are (100,000 dealer users on the
 * master site's list):
 * - the page's ids come from a walk of one of migration 0016's indexes in the list's
 *   order; a roster or filter of several values (staff and market administrators; several
 *   sites) walks each value, each cut after the page, merged (as entity lists do);
 * - search is a range scan per word of users_search (server/users/words.ts), planned by
 *   server/list/plan.ts: a rare word drives, or each walk probes its first rows for every
 *   word (server/list/walked.ts);
 * - the count is counted up to a cap (server/list/caps.ts) and a deep page follows
 *   server/list/window.ts.
 */
import type { Kysely } from 'kysely';
import { dialectOf, longReads } from '../db/database.js';
import type { DatabaseSchema } from '../db/schema.js';
import type { Filter } from '../entities/list/filters.js';
import { MAX_MERGED_VALUES } from '../entities/list/ids.js';
import type { ListQuery } from '../entities/list/query.js';
import { COUNT_CAP, scanPerWalk } from '../list/caps.js';
import { capped, type Counted } from '../list/counted.js';
import { planSearch, type SearchPlan } from '../list/plan.js';
import { readPage } from '../list/readPage.js';
import { lengthColumn, lengthsOf, type Walk, walkedReads } from '../list/walked.js';
import { probe, probes, wordIds } from '../list/searchIndex.js';
import { type Fragment, joinText, raw, runText, sqlText } from '../list/sqlText.js';
import { inSiteTurn } from '../list/siteTurns.js';
import { isDeep, type Window, windowOf } from '../list/window.js';
import { type AccountRow, COLUMNS, presentList } from './records.js';
import { type Roster, rosterPath } from './roster.js';

type Sort = ListQuery['sort'];

/** The columns a list may filter or sort on: they are spliced into the SQL text. */
const LISTED_COLUMNS = new Set(['id', 'username', 'email', 'first_name', 'last_name', 'is_active', 'updated_at', 'role', 'tenant_id']);

export function column(name: string): string {
  if (!LISTED_COLUMNS.has(name)) throw new Error(`accounts list: no column ${name}`);
  return name;
}

export const ROW_COLUMNS = raw(COLUMNS.join(', '));

export const orderBy = (sort: Sort, alias: string) => raw(`order by ${sort.map((s) => `${alias}.${column(s.column)} ${s.desc ? 'desc' : 'asc'}`).join(', ')}`);

function valueIs(ref: (c: string) => Fragment, f: Extract<Filter, { type: 'in' }>, value: string | number | null): Fragment {
  return value === null ? sqlText`${ref(column(f.column))} is null` : sqlText`${ref(column(f.column))} = ${value}`;
}

/**
 * The roster's arms with the filters: a filter of a few values multiplies the arms (one walk
 * each), one of more values is a condition of every arm.
 */
export function armsOf(roster: Roster, query: ListQuery, ref: (c: string) => Fragment): Fragment[] {
  let arms = rosterPath(roster).arms(ref);
  for (const f of query.filters) {
    if (f.type !== 'in') continue;
    const values = [...new Set(f.values)];
    if (arms.length * values.length <= MAX_MERGED_VALUES) arms = arms.flatMap((a) => values.map((v) => sqlText`${a} and ${valueIs(ref, f, v)}`));
    else {
      const any = joinText(
        values.map((v) => valueIs(ref, f, v)),
        ' or ',
      );
      arms = arms.map((a) => sqlText`${a} and (${any})`);
    }
  }
  return arms;
}

export const anyOf = (arms: Fragment[]) =>
  joinText(
    arms.map((a) => sqlText`(${a})`),
    ' or ',
  );

interface Reading {
  db: Kysely<any>;
  roster: Roster;
  query: ListQuery;
  plan: SearchPlan | undefined;
  sqlite: boolean;
}

const plainRef = (c: string) => raw(`users.${c}`);

/**
 * The rows a search word drives: its matches in the index (fewer than DRIVER_CAP) with the
 * roster, the filters and the other words; `+column` keeps SQLite on those few rows by id.
 */
function driven(r: Reading, plan: SearchPlan): Fragment {
  const ref = r.sqlite ? (c: string) => raw(`+users.${c}`) : plainRef;
  const index = rosterPath(r.roster).index;
  return sqlText`users.id in (${wordIds(index, plan.rarest)}) and (${anyOf(armsOf(r.roster, r.query, ref))})${probes(index, plan.others, 'users.id')}`;
}

/** The page's ids, in the order `sort` (no search, or a driving one). */
function pageIds(r: Reading, sort: Sort, w: Window): Fragment {
  const window = sqlText`limit ${w.limit} offset ${w.offset}`;
  if (r.plan?.drives) return sqlText`select users.id from users where ${driven(r, r.plan)} ${orderBy(sort, 'users')} ${window}`;
  const arms = armsOf(r.roster, r.query, plainRef);
  const [only] = arms;
  if (only && arms.length === 1) return sqlText`select users.id from users where ${only} ${orderBy(sort, 'users')} ${window}`;
  const walks = arms.map(
    (a, i) =>
      sqlText`select * from (select ${sortColumns(sort, 'users')} from users where ${a} ${orderBy(sort, 'users')} limit ${w.offset + w.limit}) as ${raw(`v${i}`)}`,
  );
  return sqlText`select merged.id from (${joinText(walks, ' union all ')}) as merged ${orderBy(sort, 'merged')} ${window}`;
}

/** The sort's columns, in its order, and the id. */
const sortColumns = (sort: Sort, alias: string) => raw([...new Set([...sort.map((s) => column(s.column)), 'id'])].map((c) => `${alias}.${c}`).join(', '));

/** The first accounts of one of `walks` arms in the list's order (a walking search's rows, server/list/walked.ts). */
const scanned = (r: Reading, arm: Fragment, walks: number) =>
  sqlText`select ${sortColumns(r.query.sort, 'users')} from users where ${arm} ${orderBy(r.query.sort, 'users')} limit ${scanPerWalk(walks)}`;

/** A walking search of the roster: each arm's first accounts, probed for every word, merged. */
function accountsWalk(r: Reading): Walk<AccountRow> {
  const { sort } = r.query;
  const index = rosterPath(r.roster).index;
  const arms = armsOf(r.roster, r.query, plainRef);
  /** Each arm's rows, counted. */
  const counts = arms.map((a, i) => sqlText`select count(*) as n from (${scanned(r, a, arms.length)}) as ${raw(`c${i}`)}`);
  return {
    matches: async (limit) => {
      const holds = (alias: string) =>
        joinText(
          r.query.tokens.map((word) => probe(index, word, `${alias}.id`)),
          ' and ',
        );
      const walks = arms.map(
        (a, i) =>
          sqlText`select * from (select ${sortColumns(sort, `s${i}`)} from (${scanned(r, a, arms.length)}) as ${raw(`s${i}`)} where ${holds(`s${i}`)} ${orderBy(sort, `s${i}`)} limit ${limit}) as ${raw(`v${i}`)}`,
      );
      const lengths = joinText(
        counts.map((c, i) => sqlText`(${c}) as ${raw(lengthColumn(i))}`),
        ', ',
      );
      const q = sqlText`select merged.id, ${lengths} from (${joinText(walks, ' union all ')}) as merged ${orderBy(sort, 'merged')} limit ${limit}`;
      const rows = await runText<{ id: number }>(r.db, q);
      return { ids: rows.map((row) => Number(row.id)), lengths: lengthsOf(rows, arms.length) };
    },
    lengths: async () => (await runText<{ n: number }>(r.db, joinText(counts, ' union all '))).map((row) => Number(row.n)),
    rows: async (ids) =>
      runText<AccountRow>(
        r.db,
        sqlText`select ${ROW_COLUMNS} from users where users.id in (${joinText(
          ids.map((id) => sqlText`${id}`),
          ', ',
        )}) ${orderBy(sort, 'users')}`,
      ),
  };
}

async function pageRows(r: Reading, w: Window): Promise<AccountRow[]> {
  const sort = w.reversed ? r.query.sort.map((s) => ({ ...s, desc: !s.desc })) : r.query.sort;
  const rows = await runText<AccountRow>(r.db, sqlText`select ${ROW_COLUMNS} from users where users.id in (${pageIds(r, sort, w)}) ${orderBy(sort, 'users')}`);
  return w.reversed ? rows.reverse() : rows;
}

/**
 * Without a search, each arm's rows counted up to COUNT_CAP, summed; counted along the
 * page's walk (in the list's order), which the planner might otherwise trade for a scan
 * that a large market only seems to cut short. A driving word's matches, all counted.
 */
async function countRows(r: Reading): Promise<Counted> {
  if (r.plan) {
    const [row] = await runText<{ n: number }>(r.db, sqlText`select count(*) as n from users where ${driven(r, r.plan)}`);
    return capped(Number(row?.n ?? 0));
  }
  const counts = armsOf(r.roster, r.query, plainRef).map(
    (a) => sqlText`(select count(*) from (select users.id from users where ${a} ${orderBy(r.query.sort, 'users')} limit ${COUNT_CAP + 1}) as c)`,
  );
  const [row] = await runText<{ n: number }>(r.db, sqlText`select ${joinText(counts, ' + ')} as n`);
  return capped(Number(row?.n ?? 0), COUNT_CAP);
}

/** A page of the roster: `{ items, paginator }`; a page past the end answers the last one. */
export function listAccounts(db: Kysely<DatabaseSchema>, roster: Roster, query: ListQuery) {
  // A site's lists take turns (server/list/siteTurns.ts).
  return inSiteTurn(db, roster.site.id, () => readAccountsPage(db, roster, query));
}

async function readAccountsPage(db: Kysely<DatabaseSchema>, roster: Roster, query: ListQuery) {
  // Reads that may take long: off the event loop, within a time budget (db/database.ts longReads).
  const reads = longReads(db, roster.site.id);
  const plan = query.tokens.length ? await planSearch(reads, rosterPath(roster).index, query.tokens) : undefined;
  const r: Reading = { db: reads, roster, query, plan, sqlite: dialectOf(db) === 'sqlite' };
  const { items, paginator } = await readPage(
    query,
    plan && !plan.drives
      ? walkedReads(query.size, accountsWalk(r))
      : { page: (page, counted) => pageRows(r, windowOf(query, page, counted)), count: () => countRows(r), countFirst: isDeep(query) },
  );
  // The accounts list's answer has always left out `count_exact`: it says so only when the count stopped at the cap.
  const { count_exact: exact, ...rest } = paginator;
  return { items: await presentList(db, roster, items), paginator: exact === false ? paginator : rest };
}
