import { type Expression, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { EntityDef } from '../../../entities/define.js';
import type { SearchPlan } from '../../list/plan.js';
import { probe, wordIds } from '../../list/searchIndex.js';
import { asKysely, sqlText } from '../../list/sqlText.js';
import { bounded, type EngineContext, rowBounds } from '../context.js';
import { searchIndexOf } from '../search.js';
import type { ListQuery } from './query.js';

/** The words each row is probed for: all of them when the list walks, the driver's others when it drives. */
export function probeWords(query: ListQuery, plan: SearchPlan | undefined): string[] {
  return plan?.drives ? plan.others : query.tokens;
}

/** `where` conditions of a list: site, filters, search words. */
export function applyWhere<QB extends SelectQueryBuilder<any, any, any>>(
  ctx: EngineContext,
  entity: EntityDef,
  q: QB,
  query: ListQuery,
  plan: SearchPlan | undefined,
): QB {
  const t = entity.table;
  let out = q;
  // The market administrator's bound is a filter of the query (listRecords), so counters count it.
  out = bounded(out, rowBounds(ctx, entity, { market: false }), t);
  for (const f of query.filters) {
    if (f.type === 'in') {
      const present = f.values.filter((v) => v !== null);
      const wantsNull = present.length !== f.values.length;
      const col = `${t}.${f.column}`;
      out = out.where((eb) => {
        const conds: Expression<SqlBool>[] = [];
        if (present.length) conds.push(eb(col, 'in', present));
        if (wantsNull) conds.push(eb(col, 'is', null));
        return eb.or(conds);
      }) as QB;
    } else if (f.type === 'm2m') {
      out = out.where(`${t}.id`, 'in', (ctx.db as Kysely<any>).selectFrom(f.table).select('source_id').where('target_id', 'in', f.ids)) as QB;
    } else {
      if (f.from !== undefined) out = out.where(`${t}.${f.column}`, '>=', f.from) as QB;
      if (f.to !== undefined) out = out.where(`${t}.${f.column}`, f.toExclusive ? '<' : '<=', f.to) as QB;
    }
  }
  if (!plan) return out;
  const index = searchIndexOf(ctx, entity);
  if (plan.drives) out = out.where(`${t}.id`, 'in', asKysely(sqlText`(${wordIds(index, plan.rarest)})`)) as QB;
  for (const word of probeWords(query, plan)) out = out.where(asKysely<SqlBool>(probe(index, word, `${t}.id`))) as QB;
  return out;
}
