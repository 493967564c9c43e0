/** A list's date ranges (dateRange filters): their conditions, and how a page reads each. */
import { type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { EntityDef } from '../../../entities/define.js';
import { DRIVER_CAP } from '../../list/caps.js';
import { bounded, type EngineContext, rowBounds } from '../context.js';
import type { RangeFilter } from './filters.js';
import type { ListQuery } from './query.js';

/** The range's conditions on `column`. */
export function rangeWhere<QB extends SelectQueryBuilder<any, any, any>>(q: QB, f: RangeFilter, column: Expression<unknown>): QB {
  let out = q;
  const open = (cond: RawBuilder<SqlBool>) => (f.orNull ? sql<SqlBool>`(${cond} or ${column} is null)` : cond);
  if (f.from !== undefined) out = out.where(open(sql<SqlBool>`${column} >= ${f.from}`)) as QB;
  if (f.to !== undefined) out = out.where(open(f.toExclusive ? sql<SqlBool>`${column} < ${f.to}` : sql<SqlBool>`${column} <= ${f.to}`)) as QB;
  return out;
}

/** The ids of the site's rows in the range, read in the range's own index. */
export function rangeIds(ctx: EngineContext, entity: EntityDef, f: RangeFilter) {
  const t = entity.table;
  return bounded(rangeWhere(ctx.db.selectFrom(t).select(`${t}.id`), f, sql.ref(`${t}.${f.column}`)), rowBounds(ctx, entity, { market: false }), t);
}

/**
 * How each range filter is read when the list is sorted by another column: counted in
 * its own index up to DRIVER_CAP, it drives below that and is probed above.
 */
export async function planRanges(ctx: EngineContext, entity: EntityDef, query: ListQuery): Promise<ListQuery> {
  const filters = await Promise.all(
    query.filters.map(async (f) => {
      if (f.type !== 'range' || query.sort[0]?.column === f.column) return f;
      const row = await ctx.db
        .selectFrom(rangeIds(ctx, entity, f).limit(DRIVER_CAP).as('r'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return { ...f, how: Number(row?.n ?? 0) < DRIVER_CAP ? ('drive' as const) : ('probe' as const) };
    }),
  );
  return { ...query, filters };
}
