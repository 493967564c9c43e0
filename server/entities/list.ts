/**
 * Paged lists: `?page=&items=&sort=a,-b&search=&fltr=field=value` (docs/decisions.md §4).
 *
 * Cost stays flat with the size of a site's table:
 * - the page's ids come from an index-only scan of (tenant_id, sort column, id) — the
 *   declaration gives every sortable and filterable column that index — and only those
 *   rows are then read;
 * - search is a range scan per word of the `<table>_search` index. A word matching few
 *   rows (under DRIVER_CAP) drives the query: its rows are fetched and sorted; when every
 *   word matches many rows, the list walks its sort index and probes each row's words
 *   instead, which finds a page of matches after a few dozen rows;
 * - the paginator's count comes from entity_counts when the list is unfiltered or
 *   filtered by one facet, and is otherwise counted up to COUNT_CAP (the paginator then
 *   says `count_exact: false`);
 * - list rows carry only the list columns; translated ones are read out of the row's
 *   translations JSON by the database, in the asked language.
 */
import { type Expression, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { BUILTIN_DATES, type EntityDef, fieldOf, type FilterDef } from '../../entities/define.js';
import { emptyValue } from '../../entities/fieldTypes/index.js';
import type { Field } from '../../entities/fields.js';
import { isValidDate } from '../../entities/formats.js';
import { addError, type Errors, type ProblemCode, type ProblemParams } from '../../entities/problems.js';
import { longReads } from '../db/database.js';
import { fieldError } from '../errors.js';
import { bounded, type EngineContext, marketBound, rowBounds, tenantKey } from './context.js';
import { countQuery, facetFields } from './counts.js';
import { sortColumn } from './indexPlan.js';
import { listFields, type Loaded, presentList } from './read.js';
import { columnOf, isJoinField, isShadowed, joinTableOf, searchTableOf, storesColumn } from './schema.js';
import { prefixRange, queryTokens } from './search.js';
import { decodeRecord, parseJson } from './storage.js';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
export const COUNT_CAP = 10_000;
/** A search word matching fewer rows than this drives the query. */
export const DRIVER_CAP = 2_000;
/** Count cap when every search word is frequent (matches DRIVER_CAP rows or more). */
export const PROBE_COUNT_CAP = 1_000;
/** Count cap when several words are all frequent: each counted row costs a probe per word. */
export const PROBE_WALK_CAP = 200;
/**
 * The most rows a page may skip, from either end (docs/decisions.md §12): a deeper page of
 * an exact count is read in the reversed order from the nearer end; one deep from both
 * ends is refused (400). An inexact count stops at COUNT_CAP, so its pages are all served.
 */
export const MAX_OFFSET = COUNT_CAP;
/** A filter on up to this many values is read as one index walk per value, merged. */
export const MAX_MERGED_VALUES = 8;

type Value = string | number | null;

type Filter =
  | { type: 'in'; field: string; column: string; values: Value[]; facetKeys?: string[] }
  | { type: 'm2m'; field: string; table: string; ids: number[] }
  | {
      type: 'range';
      field: string;
      column: string;
      from?: string;
      to?: string;
      toExclusive: boolean;
      /**
       * How a page reads the range when the list is sorted by another column (planRanges):
       * `drive` — it matches few rows (under DRIVER_CAP): those are fetched and sorted;
       * `probe` — it matches many: the sort index is walked and each row's value checked.
       */
      how?: 'drive' | 'probe';
    };

export interface ListQuery {
  page: number;
  size: number;
  sort: Array<{ column: string; desc: boolean }>;
  tokens: string[];
  filters: Filter[];
}

export type RawQuery = Record<string, string | string[] | undefined>;

/** created_at / updated_at, as a dateRange filter reads them. */
const TIMESTAMP: Field = { type: 'datetime', label: '' };

function single(q: RawQuery, key: string, errors: Errors): string | undefined {
  const v = q[key];
  if (Array.isArray(v)) {
    addError(errors, key, 'once');
    return undefined;
  }
  return v;
}

function nextDay(date: string): string {
  const t = new Date(`${date}T00:00:00.000Z`);
  t.setUTCDate(t.getUTCDate() + 1);
  return t.toISOString();
}

function parseFilter(entity: EntityDef, def: FilterDef, field: Field, raw: string, errors: Errors): Filter | undefined {
  const bad = (code: ProblemCode, params: ProblemParams) => {
    addError(errors, 'fltr', code, params);
    return undefined;
  };
  const name = def.field;
  const parts = raw.split(',').map((s) => s.trim());
  switch (def.kind) {
    case 'select': {
      if (field.type !== 'select') return undefined;
      const wrong = parts.find((p) => !field.options.some((o) => o.value === p));
      if (wrong !== undefined) return bad('filterChoice', { value: wrong.slice(0, 40), field: name });
      return { type: 'in', field: name, column: columnOf(name, field), values: parts, facetKeys: parts };
    }
    case 'boolean': {
      if (parts.length !== 1 || !['true', 'false', '1', '0'].includes(parts[0] ?? '')) return bad('filterBoolean', { field: name });
      const v = parts[0] === 'true' || parts[0] === '1' ? 1 : 0;
      return { type: 'in', field: name, column: columnOf(name, field), values: [v], facetKeys: [String(v)] };
    }
    case 'fk': {
      const ids: Value[] = [];
      for (const p of parts) {
        if (p === 'null' && field.type === 'fk') ids.push(null);
        else if (/^[1-9]\d{0,9}$/.test(p) && Number(p) <= 2_147_483_647) ids.push(Number(p));
        else return bad('filterIds', { field: name });
      }
      if (field.type === 'm2m') return { type: 'm2m', field: name, table: joinTableOf(entity, name), ids: ids as number[] };
      return { type: 'in', field: name, column: columnOf(name, field), values: ids, facetKeys: ids.map((i) => (i === null ? '' : String(i))) };
    }
    case 'exact': {
      const value = raw.trim();
      if (!value || value.length > 255) return bad('filterExact', { field: name });
      return { type: 'in', field: name, column: columnOf(name, field), values: [value], facetKeys: [value] };
    }
    case 'dateRange': {
      const m = /^([0-9-]*)(\.\.([0-9-]*))?$/.exec(raw.trim());
      const from = m?.[1] || undefined;
      const to = m ? (m[2] === undefined ? m[1] : m[3]) || undefined : undefined;
      if (!m || (!from && !to) || (from && !isValidDate(from)) || (to && !isValidDate(to))) {
        return bad('filterDates', { field: name });
      }
      const column = columnOf(name, field);
      if (field.type === 'datetime') {
        return { type: 'range', field: name, column, from: from && `${from}T00:00:00.000Z`, to: to && nextDay(to), toExclusive: true };
      }
      return { type: 'range', field: name, column, from, to, toExclusive: false };
    }
  }
}

/** The list parameters, or field errors keyed `page`, `items`, `sort`, `search`, `fltr`. */
export function parseListQuery(entity: EntityDef, q: RawQuery): { query: ListQuery; errors: Errors } {
  const errors: Errors = {};
  const query: ListQuery = { page: 1, size: DEFAULT_PAGE_SIZE, sort: [], tokens: [], filters: [] };

  const page = single(q, 'page', errors);
  if (page !== undefined && page !== '') {
    if (!/^\d{1,9}$/.test(page) || Number(page) < 1) addError(errors, 'page', 'pageNumber');
    else query.page = Number(page);
  }
  const items = single(q, 'items', errors);
  if (items !== undefined && items !== '') {
    if (!/^\d{1,9}$/.test(items) || Number(items) < 1) addError(errors, 'items', 'pageSize');
    else query.size = Math.min(Number(items), MAX_PAGE_SIZE);
  }

  const sort = single(q, 'sort', errors) || entity.list.sort;
  const seen = new Set<string>();
  for (const part of sort.split(',').map((s) => s.trim()).filter(Boolean)) {
    const desc = part.startsWith('-');
    const key = desc ? part.slice(1) : part;
    const column = sortColumn(entity, key);
    if (!column) {
      addError(errors, 'sort', 'sortUnknown', { value: key.slice(0, 40) });
      continue;
    }
    if (seen.has(column)) continue;
    seen.add(column);
    query.sort.push({ column, desc });
  }
  if (query.sort.length > 3) addError(errors, 'sort', 'sortMax');
  if (!seen.has('id')) query.sort.push({ column: 'id', desc: query.sort.at(-1)?.desc ?? false });

  const search = single(q, 'search', errors);
  if (search !== undefined && search.trim() !== '') {
    if (search.length > 200) addError(errors, 'search', 'maxLength', { count: 200 });
    else if (!entity.list.search.length) addError(errors, 'search', 'notSearchable');
    else query.tokens = queryTokens(search);
  }

  const fltr = q.fltr === undefined ? [] : Array.isArray(q.fltr) ? q.fltr : [q.fltr];
  if (fltr.length > 10) addError(errors, 'fltr', 'filterMax');
  else {
    for (const f of fltr) {
      if (f === '') continue;
      const eq = f.indexOf('=');
      const name = eq < 0 ? f : f.slice(0, eq);
      const def = entity.list.filters.find((d) => d.field === name);
      if (!def || eq < 0) {
        addError(errors, 'fltr', 'filterUnknown', { value: name.slice(0, 40) });
        continue;
      }
      const field = entity.fields[name] ?? (BUILTIN_DATES.includes(name) ? TIMESTAMP : undefined);
      const parsed = field && parseFilter(entity, def, field, f.slice(eq + 1), errors);
      if (parsed) query.filters.push(parsed);
    }
  }
  return { query, errors };
}

export interface SearchPlan {
  /** The rarest word: its matching rows are the candidates. */
  driver?: string;
  /** Words each candidate row must also have. */
  probes: string[];
}

/** Which search word drives the query, from a capped count of each word's matches. */
async function planSearch(ctx: EngineContext, entity: EntityDef, tokens: readonly string[]): Promise<SearchPlan> {
  if (!tokens.length) return { probes: [] };
  const estimates = await Promise.all(
    tokens.map(async (token) => {
      const [lo, hi] = prefixRange(token);
      const inner = ctx.db
        .selectFrom(searchTableOf(entity))
        .select('entity_id')
        .where('tenant_id', '=', tenantKey(ctx, entity))
        .where('token', '>=', lo)
        .where('token', '<', hi)
        .limit(DRIVER_CAP);
      const row = await ctx.db.selectFrom(inner.as('m')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      return Number(row?.n ?? 0);
    }),
  );
  const rarest = estimates.indexOf(Math.min(...estimates));
  const driver = tokens[rarest];
  if (driver !== undefined && estimates[rarest]! < DRIVER_CAP) return { driver, probes: tokens.filter((_, i) => i !== rarest) };
  return { probes: [...tokens] };
}

function rangeWhere<QB extends SelectQueryBuilder<any, any, any>>(q: QB, f: Extract<Filter, { type: 'range' }>, column: Expression<unknown>): QB {
  let out = q;
  if (f.from !== undefined) out = out.where(sql<SqlBool>`${column} >= ${f.from}`) as QB;
  if (f.to !== undefined) out = out.where(f.toExclusive ? sql<SqlBool>`${column} < ${f.to}` : sql<SqlBool>`${column} <= ${f.to}`) as QB;
  return out;
}

/**
 * How each range filter is read when the list is sorted by another column: counted in
 * its own index up to DRIVER_CAP, it drives below that and is probed above.
 */
async function planRanges(ctx: EngineContext, entity: EntityDef, query: ListQuery): Promise<ListQuery> {
  const t = entity.table;
  const filters = await Promise.all(
    query.filters.map(async (f) => {
      if (f.type !== 'range' || query.sort[0]?.column === f.column) return f;
      const inRange = bounded(rangeWhere(ctx.db.selectFrom(t).select(`${t}.id`), f, sql.ref(`${t}.${f.column}`)), rowBounds(ctx, entity, { market: false }), t);
      const row = await ctx.db.selectFrom(inRange.limit(DRIVER_CAP).as('r')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      return { ...f, how: Number(row?.n ?? 0) < DRIVER_CAP ? ('drive' as const) : ('probe' as const) };
    }),
  );
  return { ...query, filters };
}

/** `where` conditions of a list: site, filters, search words. */
function applyWhere<QB extends SelectQueryBuilder<any, any, any>>(
  ctx: EngineContext,
  entity: EntityDef,
  q: QB,
  query: ListQuery,
  plan: SearchPlan,
): QB {
  const t = entity.table;
  let out = q;
  // With a search word driving, `+column` keeps SQLite on the word's few rows (by id) rather
  // than walking the site's or a filter value's rows in an index.
  const driving = plan.driver !== undefined && ctx.dialect === 'sqlite';
  const ref = (column: string) => (driving ? sql`+${sql.ref(`${t}.${column}`)}` : sql.ref(`${t}.${column}`));
  // The market administrator's bound is a filter of the query (listRecords), so counters count it.
  for (const [column, value] of rowBounds(ctx, entity, { market: false })) out = out.where(sql<SqlBool>`${ref(column)} = ${value}`) as QB;
  for (const f of query.filters) {
    if (f.type === 'in') {
      const present = f.values.filter((v) => v !== null);
      const wantsNull = present.length !== f.values.length;
      const col = ref(f.column);
      out = out.where((eb) => {
        const conds: Expression<SqlBool>[] = [];
        if (present.length) conds.push(sql<SqlBool>`${col} in (${sql.join(present)})`);
        if (wantsNull) conds.push(sql<SqlBool>`${col} is null`);
        return eb.or(conds);
      }) as QB;
    } else if (f.type === 'm2m') {
      out = out.where(`${t}.id`, 'in', (ctx.db as Kysely<any>).selectFrom(f.table).select('source_id').where('target_id', 'in', f.ids)) as QB;
    } else if (f.how === 'drive') {
      const inRange = rangeWhere(ctx.db.selectFrom(t).select(`${t}.id`), f, sql.ref(`${t}.${f.column}`));
      out = out.where(`${t}.id`, 'in', bounded(inRange, rowBounds(ctx, entity, { market: false }), t).limit(DRIVER_CAP)) as QB;
    } else {
      // `+column` keeps SQLite off the range's index, so that it walks the sort's.
      const column = f.how === 'probe' && ctx.dialect === 'sqlite' ? sql`+${sql.ref(`${t}.${f.column}`)}` : sql.ref(`${t}.${f.column}`);
      out = rangeWhere(out, f, column);
    }
  }
  const search = searchTableOf(entity);
  if (plan.driver !== undefined) {
    const [lo, hi] = prefixRange(plan.driver);
    out = out.where(
      `${t}.id`,
      'in',
      ctx.db.selectFrom(search).select('entity_id').where('tenant_id', '=', tenantKey(ctx, entity)).where('token', '>=', lo).where('token', '<', hi),
    ) as QB;
  }
  for (const token of plan.probes) {
    const [lo, hi] = prefixRange(token);
    out = out.where((eb) =>
      eb.exists(
        ctx.db
          .selectFrom(`${search} as s`)
          .select(sql.lit(1).as('one'))
          .whereRef('s.entity_id', '=', `${t}.id`)
          .where('s.token', '>=', lo)
          .where('s.token', '<', hi)
          // An OFFSET keeps PostgreSQL from turning the probe into a join over every match of
          // the word (it flattens an EXISTS only without one), which it then sorts.
          .limit(1)
          .offset(0),
      ),
    ) as QB;
  }
  return out;
}

/** A count as one query with one column `n`; above `cap` it means "cap or more". */
interface CountPlan {
  query: SelectQueryBuilder<any, any, { n: number }>;
  cap?: number;
}

/**
 * How the paginator's count is read: from the counters (unfiltered, or one facet), or
 * counted up to a cap. Undefined for the one case counted its own way (a single frequent
 * search word, counted in the search index).
 */
function countPlan(ctx: EngineContext, entity: EntityDef, query: ListQuery, plan: SearchPlan): CountPlan | undefined {
  const searching = plan.driver !== undefined || plan.probes.length > 0;
  if (!searching && query.filters.length === 0) return { query: countQuery(ctx, entity) as CountPlan['query'] };
  const only = query.filters[0];
  if (!searching && query.filters.length === 1 && only?.type === 'in' && only.facetKeys && facetFields(entity).some(([name]) => name === only.field)) {
    return { query: countQuery(ctx, entity, { field: only.field, values: [...new Set(only.facetKeys)] }) as CountPlan['query'] };
  }
  if (plan.driver === undefined && plan.probes.length === 1 && query.filters.length === 0) return undefined;
  const cap = plan.driver === undefined && plan.probes.length ? PROBE_WALK_CAP : COUNT_CAP;
  // A count has no order to walk: a probed range is read in its own index.
  const counted = { ...query, filters: query.filters.map((f) => (f.type === 'range' && f.how === 'probe' ? { ...f, how: undefined } : f)) };
  const inner = applyWhere(ctx, entity, ctx.db.selectFrom(entity.table).select(`${entity.table}.id`), counted, plan).limit(cap + 1);
  return { query: ctx.db.selectFrom(inner.as('matched')).select((eb) => eb.fn.countAll<number>().as('n')) as CountPlan['query'], cap };
}

function readPlanCount(plan: CountPlan, n: number) {
  return plan.cap !== undefined && n > plan.cap ? { count: plan.cap, exact: false } : { count: Math.max(0, n), exact: true };
}

async function countRows(ctx: EngineContext, entity: EntityDef, query: ListQuery, plan: SearchPlan): Promise<{ count: number; exact: boolean }> {
  const counting = countPlan(ctx, entity, query, plan);
  if (counting) return readPlanCount(counting, Number((await counting.query.executeTakeFirst())?.n ?? 0));
  // One frequent word: count its rows in the search index itself.
  const [word] = plan.probes;
  if (word === undefined) throw new Error('countRows: a plan without a count query has one search word');
  const [lo, hi] = prefixRange(word);
  const inner = ctx.db
    .selectFrom(searchTableOf(entity))
    .select('entity_id')
    .where('tenant_id', '=', tenantKey(ctx, entity))
    .where('token', '>=', lo)
    .where('token', '<', hi)
    .limit(PROBE_COUNT_CAP + 1);
  const row = await ctx.db
    .selectFrom(inner.as('m'))
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.count<number>('entity_id').distinct().as('d')])
    .executeTakeFirst();
  return Number(row?.n ?? 0) > PROBE_COUNT_CAP ? { count: PROBE_COUNT_CAP, exact: false } : { count: Number(row?.d ?? 0), exact: true };
}

/** A translated field's value in one language, read out of the row's JSON by the database. */
function translatedColumn(ctx: EngineContext, entity: EntityDef, name: string, language: string): RawBuilder<unknown> {
  const col = sql.ref(`${entity.table}.translations`);
  return ctx.dialect === 'postgres' ? sql`(${col}::json -> ${language} ->> ${name})` : sql`json_extract(${col}, ${`$."${language}"."${name}"`})`;
}

const TEXT_TYPES = new Set(['text', 'textarea', 'email', 'url', 'slug', 'richtext']);

/** The ids of a join-table field of the outer row, as a JSON array, in one correlated subquery. */
function joinIdsColumn(ctx: EngineContext, entity: EntityDef, name: string): RawBuilder<unknown> {
  const jt = sql.table(joinTableOf(entity, name));
  const outer = sql.ref(`${entity.table}.id`);
  return ctx.dialect === 'postgres'
    ? sql`(select coalesce(json_agg(j.target_id order by j.position), '[]'::json) from ${jt} as j where j.source_id = ${outer})`
    : sql`(select json_group_array(target_id) from (select j.target_id from ${jt} as j where j.source_id = ${outer} order by j.position))`;
}

/**
 * The title of an fk target of the outer row, in one correlated subquery, when the
 * target's title is a plain column or a translated text with its default-language copy;
 * undefined otherwise (titles are then looked up after the rows).
 */
function fkTitleColumn(ctx: EngineContext, entity: EntityDef, name: string, language: string): RawBuilder<unknown> | undefined {
  const field = fieldOf(entity, name);
  if (field.type !== 'fk') return undefined;
  const target = ctx.registry.get(field.target);
  const tf = fieldOf(target, target.titleField);
  const fk = sql.ref(`${entity.table}.${columnOf(name, field)}`);
  const from = sql`from ${sql.table(target.table)} as tt where tt.id = ${fk}`;
  if (!tf.translated && tf.type !== 'fk' && storesColumn(tf)) return sql`(select ${sql.ref(`tt.${columnOf(target.titleField, tf)}`)} ${from})`;
  if (isShadowed(tf)) {
    const tr = sql.ref('tt.translations');
    const own =
      ctx.dialect === 'postgres' ? sql`(${tr}::json -> ${language} ->> ${target.titleField})` : sql`json_extract(${tr}, ${`$."${language}"."${target.titleField}"`})`;
    return sql`(select coalesce(nullif(${own}, ''), ${sql.ref(`tt.${target.titleField}`)}) ${from})`;
  }
  return undefined;
}

/** The rows a page reads: skip `offset`, take `limit`, in the list's order or (reversed) counted from its end. */
interface Window {
  offset: number;
  limit: number;
  reversed: boolean;
}

/**
 * Where page `page` lies: within MAX_OFFSET rows of the start, or of the end of an exact
 * count (then read in the reversed order); else 400.
 */
function windowOf(query: ListQuery, page: number, counted?: { count: number; exact: boolean }): Window {
  const offset = (page - 1) * query.size;
  if (offset <= MAX_OFFSET || !counted?.exact) return { offset, limit: query.size, reversed: false };
  const end = Math.min(page * query.size, counted.count);
  if (counted.count - end > MAX_OFFSET) throw fieldError('page', 'pageTooDeep');
  return { offset: counted.count - end, limit: end - offset, reversed: true };
}

/**
 * The page's ids, in order. A filter on several values (each with its own filter × sort
 * index, server/entities/indexPlan.ts) is read as one walk per value, each stopping after
 * the page, merged: an `in (…)` over the pair index would sort every match.
 */
function idsQuery(ctx: EngineContext, entity: EntityDef, query: ListQuery, plan: SearchPlan, w: Window) {
  const t = entity.table;
  const ordered = <Q extends SelectQueryBuilder<any, any, any>>(q: Q, from: string): Q =>
    query.sort.reduce((acc, s) => acc.orderBy(sql.ref(`${from}.${s.column}`), s.desc ? 'desc' : 'asc') as Q, q);
  const split =
    plan.driver === undefined
      ? query.filters.findIndex((f) => f.type === 'in' && new Set(f.values).size > 1 && new Set(f.values).size <= MAX_MERGED_VALUES)
      : -1;
  if (split < 0) return ordered(applyWhere(ctx, entity, ctx.db.selectFrom(t).select(`${t}.id`), query, plan), t).limit(w.limit).offset(w.offset);
  const f = query.filters[split] as Extract<Filter, { type: 'in' }>;
  const columns = [...new Set(query.sort.map((s) => s.column))].map((c) => `${t}.${c}`);
  const arms = [...new Set(f.values)].map((v, i) => {
    const one: ListQuery = { ...query, filters: query.filters.map((g, j) => (j === split ? { ...f, values: [v] } : g)) };
    const arm = ordered(applyWhere(ctx, entity, ctx.db.selectFrom(t).select(columns), one, plan), t).limit(w.offset + w.limit);
    return ctx.db.selectFrom(arm.as(`v${i}`)).selectAll();
  });
  const [firstArm, ...otherArms] = arms;
  if (!firstArm) return ordered(applyWhere(ctx, entity, ctx.db.selectFrom(t).select(`${t}.id`), query, plan), t).limit(w.limit).offset(w.offset);
  const merged = otherArms.reduce((a, b) => a.unionAll(b), firstArm);
  return ordered(ctx.db.selectFrom(merged.as('merged')).select('merged.id'), 'merged').limit(w.limit).offset(w.offset);
}

/** One page of rows with only what a list item shows: ids from an index-only scan, then just those rows. */
async function pageRows(
  ctx: EngineContext,
  entity: EntityDef,
  asked: ListQuery,
  plan: SearchPlan,
  w: Window,
  language: string,
  counting?: CountPlan,
): Promise<Loaded[]> {
  const t = entity.table;
  const query = w.reversed ? { ...asked, sort: asked.sort.map((s) => ({ ...s, desc: !s.desc })) } : asked;
  const ids = idsQuery(ctx, entity, query, plan, w);

  const fields = listFields(entity);
  const selections: Array<string | ReturnType<RawBuilder<unknown>['as']>> = [`${t}.id`, `${t}.version`, `${t}.created_at`, `${t}.updated_at`];
  // The count rides along as a scalar subquery (evaluated once), saving a round trip.
  if (counting) selections.push(counting.query.as('count__') as never);
  const titled: string[] = [];
  for (const name of fields) {
    const field = fieldOf(entity, name);
    if (field.translated) selections.push(translatedColumn(ctx, entity, name, language).as(`tr__${name}`));
    else if (isJoinField(field)) selections.push(joinIdsColumn(ctx, entity, name).as(`ids__${name}`));
    else if (storesColumn(field)) selections.push(`${t}.${columnOf(name, field)}`);
    const title = fkTitleColumn(ctx, entity, name, language);
    if (title) {
      selections.push(title.as(`title__${name}`));
      titled.push(name);
    }
  }
  // `in (…)`, not a join: SQLite cannot tell a join with a bound LIMIT is small, and may scan.
  let q = ctx.db
    .selectFrom(t)
    .where(`${t}.id`, 'in', ids)
    .select(selections as never[]);
  for (const s of query.sort) q = q.orderBy(sql.ref(`${t}.${s.column}`), s.desc ? 'desc' : 'asc');
  const rows = (await q.execute()) as Array<Record<string, unknown>>;
  if (w.reversed) rows.reverse();
  // Join-table ids and fk titles came with the rows: one query for the whole page.
  const joins = new Map<string, Map<number, number[]>>();
  for (const name of fields.filter((n) => isJoinField(fieldOf(entity, n)))) {
    const m = new Map<number, number[]>();
    for (const row of rows) {
      const raw = row[`ids__${name}`];
      const ids = (typeof raw === 'string' ? parseJson<unknown[]>(raw, []) : Array.isArray(raw) ? raw : []).map(Number);
      m.set(Number(row.id), ids);
    }
    joins.set(name, m);
  }
  return rows.map((row) => {
    const record = decodeRecord(entity, { ...row, translations: undefined }, joins);
    const titles: Record<string, string | null> = {};
    for (const name of titled) titles[name] = row[`title__${name}`] === null || row[`title__${name}`] === undefined ? null : String(row[`title__${name}`]);
    const values: Record<string, unknown> = {};
    for (const name of fields) {
      const field = fieldOf(entity, name);
      if (!field.translated) continue;
      const raw = row[`tr__${name}`];
      values[name] = raw === null || raw === undefined ? emptyValue(field) : TEXT_TYPES.has(field.type) ? String(raw) : parseJson(raw, emptyValue(field));
    }
    record.translations = { [language]: values };
    return { row, record, titles };
  });
}

export interface Paginator {
  count: number;
  page: number;
  pages: number;
  page_size: number;
  has_next: boolean;
  has_previous: boolean;
  /** false when the count stopped at COUNT_CAP (there are more matches). */
  count_exact: boolean;
}

export async function listRecords(request: EngineContext, entity: EntityDef, asked: ListQuery, language: string) {
  // A list's reads may take long: off the event loop, within a time budget (db/database.ts longReads).
  const ctx: EngineContext = { ...request, db: longReads(request.db, request.site.id) };
  const market = marketBound(ctx, entity);
  const query = await planRanges(
    ctx,
    entity,
    market
      ? { ...asked, filters: [{ type: 'in', field: entity.marketField!, column: market[0], values: [market[1]], facetKeys: [String(market[1])] }, ...asked.filters] }
      : asked,
  );
  const plan = await planSearch(ctx, entity, query.tokens);
  const counting = countPlan(ctx, entity, query, plan);
  const deep = (query.page - 1) * query.size > MAX_OFFSET;
  let rows: Loaded[] | undefined;
  let counted: { count: number; exact: boolean };
  if (deep) counted = await countRows(ctx, entity, query, plan);
  else if (counting) {
    // One query for page and count; a page beyond the last one is fetched again.
    rows = await pageRows(ctx, entity, query, plan, windowOf(query, query.page), language, counting);
    const [first] = rows;
    counted = first ? readPlanCount(counting, Number(first.row.count__ ?? 0)) : await countRows(ctx, entity, query, plan);
  } else {
    [counted, rows] = await Promise.all([countRows(ctx, entity, query, plan), pageRows(ctx, entity, query, plan, windowOf(query, query.page), language)]);
  }
  const { count, exact } = counted;
  const pages = Math.max(1, Math.ceil(count / query.size));
  const page = Math.min(query.page, pages);
  if (page !== query.page || !rows) rows = await pageRows(ctx, entity, query, plan, windowOf(query, page, counted), language);
  const items = await presentList(ctx, entity, rows, language);
  const paginator: Paginator = {
    count,
    page,
    pages,
    page_size: query.size,
    has_next: page < pages,
    has_previous: page > 1,
    count_exact: exact,
  };
  return { items, paginator };
}
