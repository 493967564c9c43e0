/**
 * Every row of an entity list, in batches by keyset (export, docs/decisions.md §21): the
 * list's own conditions — site, market, filters, search, selected ids — and its order, each
 * batch read after the sort key of the previous batch's last row, so that a batch costs the
 * same at any depth and nothing but one batch is held. A search matches every row here: its
 * words are probed on each row the walk reads (the list's page stops at WALK_SCAN_CAP rows).
 */
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { EntityDef } from '../../../entities/define.js';
import { FIELD_TYPES } from '../../../entities/fieldTypes/index.js';
import type { Dialect } from '../../db/database.js';
import type { EngineContext } from '../context.js';
import type { ListQuery } from './query.js';
import { planList } from './listRecords.js';
import { applyWhere } from './where.js';

type Sort = ListQuery['sort'];

/** Columns that never hold null: the built-ins, a translated field's shadow, text kept as '' and booleans as 0. */
function notNull(entity: EntityDef, column: string): boolean {
  if (column === 'id' || column === 'created_at' || column === 'updated_at') return true;
  const field = entity.fields[column];
  if (!field) return false;
  return !!field.translated || FIELD_TYPES[field.type].column === 'text0' || FIELD_TYPES[field.type].column === 'boolean';
}

/**
 * The rows after `last` (the sort columns' values of the previous batch's last row) in the
 * list's order, nulls where each dialect puts them (SQLite: lowest; PostgreSQL: highest),
 * with a bound on the first column that lets the sort index seek to where the batch starts.
 */
export function afterKey(dialect: Dialect, entity: EntityDef, sort: Sort, last: readonly unknown[]): Expression<SqlBool> {
  const ref = (column: string) => sql.ref(`${entity.table}.${column}`);
  const nullsFirst = (desc: boolean) => (dialect === 'sqlite') !== desc;
  const same = (column: string, v: unknown) => (v === null ? sql<SqlBool>`${ref(column)} is null` : sql<SqlBool>`${ref(column)} = ${v}`);
  const later = ({ column, desc }: Sort[number], v: unknown): RawBuilder<SqlBool> | undefined => {
    if (v === null) return nullsFirst(desc) ? sql<SqlBool>`${ref(column)} is not null` : undefined;
    const beyond = desc ? sql<SqlBool>`${ref(column)} < ${v}` : sql<SqlBool>`${ref(column)} > ${v}`;
    return nullsFirst(desc) || notNull(entity, column) ? beyond : sql<SqlBool>`(${beyond} or ${ref(column)} is null)`;
  };
  const branches: RawBuilder<SqlBool>[] = [];
  sort.forEach((s, i) => {
    const step = later(s, last[i]);
    if (step) branches.push(sql.join([...sort.slice(0, i).map((p, j) => same(p.column, last[j])), step], sql` and `) as RawBuilder<SqlBool>);
  });
  const any = branches.length ? sql<SqlBool>`(${sql.join(branches, sql` or `)})` : sql<SqlBool>`1 = 0`;
  const [first] = sort;
  const v = last[0];
  if (!first || v === null || !(nullsFirst(first.desc) || notNull(entity, first.column))) return any;
  return sql<SqlBool>`${ref(first.column)} ${sql.raw(first.desc ? '<=' : '>=')} ${v} and ${any}`;
}

/** The ids of every row of the list, `size` at a time, in its order. */
export async function* keysetIds(request: EngineContext, entity: EntityDef, asked: ListQuery, size: number): AsyncGenerator<number[]> {
  const { ctx, query, plan } = await planList(request, entity, asked);
  const t = entity.table;
  const columns = query.sort.map((s) => s.column);
  let last: unknown[] | undefined;
  for (;;) {
    let q = applyWhere(ctx, entity, ctx.db.selectFrom(t).select(columns.map((c) => `${t}.${c}`)), query, plan);
    if (last) q = q.where(afterKey(ctx.dialect, entity, query.sort, last));
    for (const s of query.sort) q = q.orderBy(sql.ref(`${t}.${s.column}`), s.desc ? 'desc' : 'asc');
    const rows = (await q.limit(size).execute()) as Array<Record<string, unknown>>;
    if (rows.length) yield rows.map((r) => Number(r.id));
    if (rows.length < size) return;
    const end = rows[rows.length - 1]!;
    last = columns.map((c) => end[c] ?? null);
  }
}
