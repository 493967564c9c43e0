/**
 * The paginator's count of an entity list: from entity_counts (server/entities/counts.ts)
 * when the list is unfiltered or filtered by one facet; in the search index for a single
 * frequent word; otherwise counted up to a cap (server/list/caps.ts).
 */
import type { SelectQueryBuilder } from 'kysely';
import type { EntityDef } from '../../../entities/define.js';
import { COUNT_CAP, WALK_COUNT_CAP } from '../../list/caps.js';
import { capped, type Counted } from '../../list/counted.js';
import type { SearchPlan } from '../../list/plan.js';
import { countWord } from '../../list/searchIndex.js';
import type { EngineContext } from '../context.js';
import { countQuery, facetFields } from '../counts.js';
import { searchIndexOf } from '../search.js';
import type { ListQuery } from './query.js';
import { applyWhere } from './where.js';

/** A count as one query with one column `n`; above `cap` it means "cap or more". */
export interface CountPlan {
  query: SelectQueryBuilder<any, any, { n: number }>;
  cap?: number;
}

/**
 * How the count is read as a query, to ride along the page's: from the counters, or
 * counted up to a cap. Undefined for the one case counted its own way (a single frequent
 * search word, counted in the search index).
 */
export function countPlan(ctx: EngineContext, entity: EntityDef, query: ListQuery, plan: SearchPlan | undefined): CountPlan | undefined {
  // The counters are per site: a list spanning sites (a master list, context.ts `span`) is counted.
  const counters = ctx.span === undefined;
  if (counters && !plan && query.filters.length === 0) return { query: countQuery(ctx, entity) as CountPlan['query'] };
  const only = query.filters[0];
  if (counters && !plan && query.filters.length === 1 && only?.type === 'in' && only.facetKeys && facetFields(entity).some(([name]) => name === only.field)) {
    return { query: countQuery(ctx, entity, { field: only.field, values: [...new Set(only.facetKeys)] }) as CountPlan['query'] };
  }
  if (plan && !plan.drives && !plan.others.length && query.filters.length === 0) return undefined;
  const cap = plan && !plan.drives ? WALK_COUNT_CAP : COUNT_CAP;
  // A count has no order to walk: a probed range is read in its own index.
  const counted = { ...query, filters: query.filters.map((f) => (f.type === 'range' && f.how === 'probe' ? { ...f, how: undefined } : f)) };
  const inner = applyWhere(ctx, entity, ctx.db.selectFrom(entity.table).select(`${entity.table}.id`), counted, plan).limit(cap + 1);
  return { query: ctx.db.selectFrom(inner.as('matched')).select((eb) => eb.fn.countAll<number>().as('n')) as CountPlan['query'], cap };
}

export async function countRows(ctx: EngineContext, entity: EntityDef, query: ListQuery, plan: SearchPlan | undefined): Promise<Counted> {
  const counting = countPlan(ctx, entity, query, plan);
  if (counting) return capped(Number((await counting.query.executeTakeFirst())?.n ?? 0), counting.cap);
  if (!plan) throw new Error('countRows: a list without a count query has one search word');
  return countWord(ctx.db, searchIndexOf(ctx, entity), plan.rarest);
}
