import { type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { EntityDef } from '../../../entities/define.js';
import { scanPerWalk } from '../../list/caps.js';
import type { SearchPlan } from '../../list/plan.js';
import { probe } from '../../list/searchIndex.js';
import { asKysely } from '../../list/sqlText.js';
import type { Window } from '../../list/window.js';
import type { EngineContext } from '../context.js';
import { searchIndexOf } from '../search.js';
import type { Filter } from './filters.js';
import type { ListQuery } from './query.js';
import { applyWhere } from './where.js';

/** A filter on up to this many values is read as one index walk per value, merged. */
export const MAX_MERGED_VALUES = 8;

/** Whether a search walks the list's order and probes each row (no word rare enough to drive). */
export const walks = (plan: SearchPlan | undefined): plan is SearchPlan => plan !== undefined && !plan.drives;

/**
 * The walks a page is read in: one per value of a filter on several values (each with its
 * own filter × sort index, server/entities/indexPlan.ts), merged — an `in (…)` over the
 * pair index would sort every match — or the query itself.
 */
export function armsOf(query: ListQuery, plan: SearchPlan | undefined): ListQuery[] {
  const split = plan?.drives
    ? -1
    : query.filters.findIndex((f) => f.type === 'in' && new Set(f.values).size > 1 && new Set(f.values).size <= MAX_MERGED_VALUES);
  const f = query.filters[split] as Extract<Filter, { type: 'in' }> | undefined;
  if (!f) return [query];
  return [...new Set(f.values)].map((v) => ({ ...query, filters: query.filters.map((g, j) => (j === split ? { ...f, values: [v] } : g)) }));
}

/**
 * The rows a walking search examines in one of `walks` walks: its first rows in the list's
 * order (caps.ts scanPerWalk), without the search (so that a word rare among them cannot
 * make the walk read every row of a filter value or of the site).
 */
export function scanned(ctx: EngineContext, entity: EntityDef, arm: ListQuery, walks: number) {
  const t = entity.table;
  const columns = [...new Set([...arm.sort.map((s) => s.column), 'id'])].map((c) => `${t}.${c}`);
  const q = applyWhere(ctx, entity, ctx.db.selectFrom(t).select(columns), arm, undefined);
  return arm.sort.reduce((acc, s) => acc.orderBy(sql.ref(`${t}.${s.column}`), s.desc ? 'desc' : 'asc'), q).limit(scanPerWalk(walks));
}

/**
 * The page's ids, in order: each walk stops after the page, and several are merged. A
 * search that walks probes each of its walks' first rows (`scanned`) for every word.
 */
export function idsQuery(ctx: EngineContext, entity: EntityDef, query: ListQuery, plan: SearchPlan | undefined, w: Window) {
  const t = entity.table;
  const ordered = <Q extends SelectQueryBuilder<any, any, any>>(q: Q, from: string): Q =>
    query.sort.reduce((acc, s) => acc.orderBy(sql.ref(`${from}.${s.column}`), s.desc ? 'desc' : 'asc') as Q, q);
  // The sort's columns in its order (PostgreSQL merges the walks without a sort only then), and the id.
  const sortColumns = [...new Set([...query.sort.map((s) => s.column), 'id'])];
  const arms = armsOf(query, plan);
  /** One walk's rows (as `from`), in order, with `columns`. */
  const walk = (arm: ListQuery, from: string, columns: string[]) => {
    if (!walks(plan)) return ordered(applyWhere(ctx, entity, ctx.db.selectFrom(t).select(columns.map((c) => `${t}.${c}`)), arm, plan), t);
    const index = searchIndexOf(ctx, entity);
    const q = query.tokens.reduce(
      (acc, word) => acc.where(asKysely<SqlBool>(probe(index, word, `${from}.id`))),
      ctx.db.selectFrom(scanned(ctx, entity, arm, arms.length).as(from)).select(columns.map((c) => `${from}.${c}`)),
    );
    return ordered(q, from);
  };
  const [only] = arms;
  if (arms.length === 1 && only)
    return walk(only, walks(plan) ? 'scan' : t, ['id'])
      .limit(w.limit)
      .offset(w.offset);
  const merged = arms
    .map((arm, i) =>
      ctx.db
        .selectFrom(
          walk(arm, walks(plan) ? `s${i}` : t, sortColumns)
            .limit(w.offset + w.limit)
            .as(`v${i}`),
        )
        .selectAll(),
    )
    .reduce((a, b) => a.unionAll(b));
  return ordered(ctx.db.selectFrom(merged.as('merged')).select('merged.id'), 'merged')
    .limit(w.limit)
    .offset(w.offset);
}
