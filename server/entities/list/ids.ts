import { type SelectQueryBuilder, sql } from 'kysely';
import type { EntityDef } from '../../../entities/define.js';
import type { SearchPlan } from '../../list/plan.js';
import type { Window } from '../../list/window.js';
import type { EngineContext } from '../context.js';
import type { Filter } from './filters.js';
import type { ListQuery } from './query.js';
import { applyWhere } from './where.js';

/** A filter on up to this many values is read as one index walk per value, merged. */
export const MAX_MERGED_VALUES = 8;

/**
 * The page's ids, in order. A filter on several values (each with its own filter × sort
 * index, server/entities/indexPlan.ts) is read as one walk per value, each stopping after
 * the page, merged: an `in (…)` over the pair index would sort every match.
 */
export function idsQuery(ctx: EngineContext, entity: EntityDef, query: ListQuery, plan: SearchPlan | undefined, w: Window) {
  const t = entity.table;
  const ordered = <Q extends SelectQueryBuilder<any, any, any>>(q: Q, from: string): Q =>
    query.sort.reduce((acc, s) => acc.orderBy(sql.ref(`${from}.${s.column}`), s.desc ? 'desc' : 'asc') as Q, q);
  const whole = () =>
    ordered(applyWhere(ctx, entity, ctx.db.selectFrom(t).select(`${t}.id`), query, plan), t)
      .limit(w.limit)
      .offset(w.offset);
  const split = plan?.drives
    ? -1
    : query.filters.findIndex((f) => f.type === 'in' && new Set(f.values).size > 1 && new Set(f.values).size <= MAX_MERGED_VALUES);
  const f = query.filters[split] as Extract<Filter, { type: 'in' }> | undefined;
  if (!f) return whole();
  const columns = [...new Set(query.sort.map((s) => s.column))].map((c) => `${t}.${c}`);
  const arms = [...new Set(f.values)].map((v, i) => {
    const one: ListQuery = { ...query, filters: query.filters.map((g, j) => (j === split ? { ...f, values: [v] } : g)) };
    const arm = ordered(applyWhere(ctx, entity, ctx.db.selectFrom(t).select(columns), one, plan), t).limit(w.offset + w.limit);
    return ctx.db.selectFrom(arm.as(`v${i}`)).selectAll();
  });
  const [firstArm, ...otherArms] = arms;
  if (!firstArm) return whole();
  const merged = otherArms.reduce((a, b) => a.unionAll(b), firstArm);
  return ordered(ctx.db.selectFrom(merged.as('merged')).select('merged.id'), 'merged')
    .limit(w.limit)
    .offset(w.offset);
}
