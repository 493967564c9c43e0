/**
 * The indexes a list needs beyond one per column (schema.ts), derived from the list
 * declarations (docs/decisions.md §12): for every equality filter a screen offers (a
 * select, boolean, single fk or exact filter, kept in one column) and every order it can
 * sort in — each sortable column, and the default sort when it has several columns —
 * one `(tenant_id, filter column, sort columns…, id)`. A filtered, sorted page is then a
 * walk of one index from its first row: no sort, no matter how many rows match.
 * A range filter (dateRange) or a many-to-many one has no such pair: a list filtered so
 * is walked in its sort index, or driven by its filter when that matches few rows. So that
 * the walk checks each row's range in the index itself, not in the row, every index ending
 * in `id` carries the entity's range columns after it (withRangeColumns).
 * Migrations hold these as literal statements (0012_list_indexes);
 * tests/server/list-indexes.test.ts checks that a migrated database has exactly this set.
 */
import type { EntityDef } from '../../entities/define.js';
import { ENTITIES } from '../../entities/index.js';
import { columnOf, isScoped, isShadowed, storesColumn } from './schema.js';

export interface ListIndex {
  name: string;
  table: string;
  columns: readonly string[];
}

/** The column a sort key orders by, or undefined when the key cannot be sorted by. */
export function sortColumn(entity: EntityDef, key: string): string | undefined {
  if (key === 'id') return 'id';
  if (!entity.list.sortable.includes(key)) return undefined;
  const field = entity.fields[key];
  if (!field) return key; // created_at, updated_at
  return field.translated ? (isShadowed(field) ? key : undefined) : columnOf(key, field);
}

/** The columns of an entity's date-range filters. */
function rangeColumns(entity: EntityDef): string[] {
  return entity.list.filters
    .filter((f) => f.kind === 'dateRange')
    .map((f) => {
      const field = entity.fields[f.field];
      return field ? columnOf(f.field, field) : f.field; // created_at, updated_at
    });
}

/**
 * An index's columns with the entity's range columns it lacks after them. A page filtered
 * by a date range on another column than its sort walks the sort's index and checks each
 * entry's date there: measured on a million indexing actions, the last capped page of
 * "created until today, by status" took 15 ms looking up each row and 0.27 ms in the index.
 */
export function withRangeColumns(entity: EntityDef, columns: readonly string[]): string[] {
  return [...columns, ...rangeColumns(entity).filter((c) => !columns.includes(c))];
}

/** Equality filters with a column of their own: `[field name, column]`. */
export function equalityFilters(entity: EntityDef): Array<[string, string]> {
  return entity.list.filters
    .filter((f) => f.kind !== 'dateRange')
    .flatMap((f) => {
      const field = entity.fields[f.field];
      return field && field.type !== 'm2m' && storesColumn(field) && !field.translated ? [[f.field, columnOf(f.field, field)] as [string, string]] : [];
    });
}

/** The column sequences a list is ordered by (without the final id): each sortable column, and a several-column default. */
export function sortOrders(entity: EntityDef): string[][] {
  const orders = entity.list.sortable
    .map((k) => sortColumn(entity, k))
    .filter((c): c is string => c !== undefined && c !== 'id')
    .map((c) => [c]);
  const byDefault = entity.list.sort
    .split(',')
    .map((p) => sortColumn(entity, p.trim().replace(/^-/, '')))
    .filter((c): c is string => c !== undefined && c !== 'id');
  if (byDefault.length > 1) orders.push(byDefault);
  return orders;
}

/** An entity's filter × sort indexes, and the several-column default sort's own. */
export function listIndexes(entity: EntityDef): ListIndex[] {
  const lead = isScoped(entity) ? ['tenant_id'] : [];
  const out = new Map<string, ListIndex>();
  const add = (name: string, columns: string[]) => {
    const key = columns.join(',');
    if (!out.has(key)) out.set(key, { name: `${entity.table}_${name}`, table: entity.table, columns: withRangeColumns(entity, columns) });
  };
  for (const order of sortOrders(entity)) if (order.length > 1) add(`by_${order.join('_')}`, [...lead, ...order, 'id']);
  for (const [name, column] of equalityFilters(entity)) {
    for (const order of sortOrders(entity)) {
      const rest = order.filter((c) => c !== column);
      // (filter, id) is the filter's own index (schema.ts).
      if (rest.length) add(`${name}_by_${rest.join('_')}`, [...lead, column, ...rest, 'id']);
    }
  }
  return [...out.values()];
}

/** Every list index of the engine's entities. */
export function listIndexPlan(registry: readonly EntityDef[] = ENTITIES): ListIndex[] {
  return registry.filter((e) => !e.singleton).flatMap(listIndexes);
}

/** The statement that makes an index (the same on both dialects). */
export const createIndexSql = (i: ListIndex) => `create index "${i.name}" on "${i.table}" (${i.columns.map((c) => `"${c}"`).join(', ')})`;
