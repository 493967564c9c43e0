import { type Expression, type Kysely, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { EntityDef } from '../../../entities/define.js';
import { DRIVER_CAP } from '../../list/caps.js';
import type { SearchPlan } from '../../list/plan.js';
import { probe, wordIds } from '../../list/searchIndex.js';
import { asKysely, sqlText } from '../../list/sqlText.js';
import { type EngineContext, rowBounds } from '../context.js';
import { searchIndexOf } from '../search.js';
import type { ListQuery } from './query.js';
import { rangeIds, rangeWhere } from './ranges.js';

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
  // With a search word driving, `+column` keeps SQLite on the word's few rows (by id) rather
  // than walking the site's or a filter value's rows in an index.
  const driving = plan?.drives === true && ctx.dialect === 'sqlite';
  const ref = (column: string) => (driving ? sql`+${sql.ref(`${t}.${column}`)}` : sql.ref(`${t}.${column}`));
  // The market administrator's bound is a filter of the query (listRecords), so counters count it.
  for (const [column, value] of rowBounds(ctx, entity, { market: false })) {
    const values = Array.isArray(value) ? (value.length ? value : [-1]) : undefined;
    out = out.where(values ? sql<SqlBool>`${ref(column)} in (${sql.join(values)})` : sql<SqlBool>`${ref(column)} = ${value}`) as QB;
  }
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
      out = out.where(`${t}.id`, 'in', rangeIds(ctx, entity, f).limit(DRIVER_CAP)) as QB;
    } else {
      // `+column` keeps SQLite off the range's index, so that it walks the sort's.
      const column = f.how === 'probe' && ctx.dialect === 'sqlite' ? sql`+${sql.ref(`${t}.${f.column}`)}` : sql.ref(`${t}.${f.column}`);
      out = rangeWhere(out, f, column);
    }
  }
  if (!plan) return out;
  const index = searchIndexOf(ctx, entity);
  if (plan.drives) out = out.where(`${t}.id`, 'in', asKysely(sqlText`(${wordIds(index, plan.rarest)})`)) as QB;
  for (const word of probeWords(query, plan)) out = out.where(asKysely<SqlBool>(probe(index, word, `${t}.id`))) as QB;
  return out;
}
