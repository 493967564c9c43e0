/**
 * The paginator's count of an entity list: from entity_counts (server/entities/counts.ts)
 * when the list is unfiltered or filtered by one facet; otherwise counted up to a cap
 * (server/list/caps.ts). A search the list walks counts what it reads (walked.ts).
 */
import type { SelectQueryBuilder } from 'kysely';
import type { EntityDef } from '../../../entities/define.js';
import { COUNT_CAP } from '../../list/caps.js';
import { capped, type Counted } from '../../list/counted.js';
import type { SearchPlan } from '../../list/plan.js';
import type { EngineContext } from '../context.js';
import { countQuery, facetFields } from '../counts.js';
import type { ListQuery } from './query.js';
import { applyWhere } from './where.js';

/** A count as one query with one column `n`; above `cap` it means "cap or more". */
export interface CountPlan {
  query: SelectQueryBuilder<any, any, { n: number }>;
  cap?: number;
}

/** How the count is read as a query, to ride along the page's: from the counters, or counted up to a cap. */
export function countPlan(ctx: EngineContext, entity: EntityDef, query: ListQuery, plan: SearchPlan | undefined): CountPlan {
  // The counters are per site: a list spanning sites (a master list, context.ts `span`) is counted.
  const counters = ctx.span === undefined;
  if (counters && !plan && query.filters.length === 0) return { query: countQuery(ctx, entity) as CountPlan['query'] };
  const only = query.filters[0];
  if (counters && !plan && query.filters.length === 1 && only?.type === 'in' && only.facetKeys && facetFields(entity).some(([name]) => name === only.field)) {
    return { query: countQuery(ctx, entity, { field: only.field, values: [...new Set(only.facetKeys)] }) as CountPlan['query'] };
  }
  const cap = COUNT_CAP;
  // A count has no order to walk: a probed range is read in its own index.
  const counted = { ...query, filters: query.filters.map((f) => (f.type === 'range' && f.how === 'probe' ? { ...f, how: undefined } : f)) };
  const inner = applyWhere(ctx, entity, ctx.db.selectFrom(entity.table).select(`${entity.table}.id`), counted, plan).limit(cap + 1);
  return { query: ctx.db.selectFrom(inner.as('matched')).select((eb) => eb.fn.countAll<number>().as('n')) as CountPlan['query'], cap };
}

export async function countRows(ctx: EngineContext, entity: EntityDef, query: ListQuery, plan: SearchPlan | undefined): Promise<Counted> {
  const counting = countPlan(ctx, entity, query, plan);
  return capped(Number((await counting.query.executeTakeFirst())?.n ?? 0), counting.cap);
}
