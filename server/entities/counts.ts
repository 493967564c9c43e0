/**
 * List totals without count(*): entity_counts holds, per entity and site, the number of
 * rows, and the number of rows per value of each facet (a select, boolean or fk filter).
 * The engine moves them in the same transaction as the rows, so they are exact; a list
 * filtered by one facet (any number of its values) or not at all reads its paginator count
 * from here. Anything that writes rows around the engine (bulk loaders) calls rebuildCounts.
 */
import { type Kysely, sql } from 'kysely';
import type { EntityDef } from '../../entities/define.js';
import type { Field } from '../../entities/fields.js';
import type { RecordValues } from '../../entities/validateRecord.js';
import { type EngineContext, tenantKey } from './context.js';
import { columnOf, COUNTS_TABLE, isScoped } from './schema.js';
import { facetKey } from './storage.js';

export interface Delta {
  field: string;
  value: string;
  n: number;
}

/** Filters whose every value has its own counter. */
export function facetFields(entity: EntityDef): Array<[string, Field]> {
  return entity.list.filters
    .filter((f) => f.kind !== 'dateRange')
    .map((f) => [f.field, entity.fields[f.field]] as [string, Field])
    .filter(([, field]) => field.type !== 'm2m' && !field.translated);
}

export function recordDeltas(entity: EntityDef, record: RecordValues, sign: 1 | -1): Delta[] {
  return [
    { field: '', value: '', n: sign },
    ...facetFields(entity).map(([name, field]) => ({ field: name, value: facetKey(field, record.values[name]), n: sign })),
  ];
}

export function updateDeltas(entity: EntityDef, before: RecordValues, after: RecordValues): Delta[] {
  const out: Delta[] = [];
  for (const [name, field] of facetFields(entity)) {
    const a = facetKey(field, before.values[name]);
    const b = facetKey(field, after.values[name]);
    if (a !== b) out.push({ field: name, value: a, n: -1 }, { field: name, value: b, n: 1 });
  }
  return out;
}

/** Adds the deltas; merged per key and applied in key order, so concurrent writers lock alike. */
export async function applyDeltas(ctx: Pick<EngineContext, 'db' | 'site'>, entity: EntityDef, deltas: Delta[]) {
  const merged = new Map<string, Delta>();
  for (const d of deltas) {
    const key = `${d.field}\u0001${d.value}`;
    const m = merged.get(key);
    if (m) m.n += d.n;
    else merged.set(key, { ...d });
  }
  const rows = [...merged.entries()]
    .filter(([, d]) => d.n !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, d]) => ({ entity: entity.name, tenant_id: tenantKey(ctx, entity), field: d.field, value: d.value.slice(0, 255), n: d.n }));
  if (!rows.length) return;
  await ctx.db
    .insertInto(COUNTS_TABLE)
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['entity', 'tenant_id', 'field', 'value']).doUpdateSet((eb) => ({ n: eb(`${COUNTS_TABLE}.n` as never, '+', eb.ref('excluded.n')) })),
    )
    .execute();
}

/** Rows in the site, or rows whose facet has one of the values. */
export async function readCount(ctx: EngineContext, entity: EntityDef, facet?: { field: string; values: string[] }): Promise<number> {
  const row = await countQuery(ctx, entity, facet).executeTakeFirst();
  return Math.max(0, Number(row?.n ?? 0));
}

/** The query readCount runs (one column `n`), to embed as a subquery. */
export function countQuery(ctx: EngineContext, entity: EntityDef, facet?: { field: string; values: string[] }) {
  const q = ctx.db
    .selectFrom(COUNTS_TABLE)
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), eb.lit(0)).as('n'))
    .where('entity', '=', entity.name)
    .where('tenant_id', '=', tenantKey(ctx, entity));
  return facet ? q.where('field', '=', facet.field).where('value', 'in', facet.values) : q.where('field', '=', '').where('value', '=', '');
}

/** `where` over the declaration's fixed column values (entities/define.ts `fixed`), or nothing. */
export function fixedWhere(entity: EntityDef) {
  const conds = Object.entries(entity.fixed ?? {}).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
  return conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``;
}

/** Recomputes every counter of an entity from its rows (after a bulk load or a repair). */
export async function rebuildCounts(db: Kysely<any>, entity: EntityDef) {
  const scoped = isScoped(entity);
  const tenant = scoped ? 'tenant_id' : '0';
  const run = (fn: (trx: Kysely<any>) => Promise<void>) => (db.isTransaction ? fn(db) : db.transaction().execute(fn));
  await run(async (trx) => {
    await trx.deleteFrom(COUNTS_TABLE).where('entity', '=', entity.name).execute();
    const groups: Array<[string, string | undefined]> = [['', undefined]];
    for (const [name, field] of facetFields(entity)) groups.push([name, `coalesce(cast(${columnOf(name, field)} as varchar(255)), '')`]);
    for (const [field, expr] of groups) {
      const by = [scoped ? 'tenant_id' : undefined, expr].filter((x) => x !== undefined);
      await sql`insert into ${sql.table(COUNTS_TABLE)} (entity, tenant_id, field, value, n)
        select ${entity.name}, ${sql.raw(tenant)}, ${field}, ${sql.raw(expr ?? "''")}, count(*) from ${sql.table(entity.table)}
        ${fixedWhere(entity)}
        ${by.length ? sql.raw(`group by ${by.join(', ')}`) : sql``}`.execute(trx);
    }
  });
}
