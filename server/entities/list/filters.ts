/**
 * The filters of a list query, `fltr=<field>=<value>`, as the entity's declaration allows
 * them (docs/decisions.md §4).
 */
import type { EntityDef, FilterDef } from '../../../entities/define.js';
import type { Field } from '../../../entities/fields.js';
import { isValidDate } from '../../../entities/formats.js';
import { addError, type Errors, type ProblemCode, type ProblemParams } from '../../../entities/problems.js';
import { columnOf, joinTableOf } from '../schema.js';

type Value = string | number | null;

export type Filter =
  | { type: 'in'; field: string; column: string; values: Value[]; facetKeys?: string[] }
  | { type: 'm2m'; field: string; table: string; ids: number[] }
  | {
      type: 'range';
      field: string;
      column: string;
      from?: string;
      to?: string;
      toExclusive: boolean;
      /** Rows without a value match too (an open end of a public window, server/public/visibility.ts). */
      orNull?: boolean;
      /**
       * How a page reads the range when the list is sorted by another column (ranges.ts):
       * `drive` — it matches few rows (under DRIVER_CAP): those are fetched and sorted;
       * `probe` — it matches many: the sort index is walked and each row's value checked.
       */
      how?: 'drive' | 'probe';
    };

export type RangeFilter = Extract<Filter, { type: 'range' }>;

/** created_at / updated_at, as a dateRange filter reads them. */
export const TIMESTAMP: Field = { type: 'datetime', label: '' };

function nextDay(date: string): string {
  const t = new Date(`${date}T00:00:00.000Z`);
  t.setUTCDate(t.getUTCDate() + 1);
  return t.toISOString();
}

export function parseFilter(entity: EntityDef, def: FilterDef, field: Field, raw: string, errors: Errors): Filter | undefined {
  const bad = (code: ProblemCode, params: ProblemParams) => {
    addError(errors, 'fltr', code, params);
    return undefined;
  };
  const name = def.field;
  const parts = raw.split(',').map((s) => s.trim());
  switch (def.kind) {
    case 'select': {
      if (field.type !== 'select') return undefined;
      const wrong = parts.find((p) => !field.options.some((o) => o.value === p));
      if (wrong !== undefined) return bad('filterChoice', { value: wrong.slice(0, 40), field: name });
      return { type: 'in', field: name, column: columnOf(name, field), values: parts, facetKeys: parts };
    }
    case 'boolean': {
      if (parts.length !== 1 || !['true', 'false', '1', '0'].includes(parts[0] ?? '')) return bad('filterBoolean', { field: name });
      const v = parts[0] === 'true' || parts[0] === '1' ? 1 : 0;
      return { type: 'in', field: name, column: columnOf(name, field), values: [v], facetKeys: [String(v)] };
    }
    case 'fk': {
      const ids: Value[] = [];
      for (const p of parts) {
        if (p === 'null' && field.type === 'fk') ids.push(null);
        else if (/^[1-9]\d{0,9}$/.test(p) && Number(p) <= 2_147_483_647) ids.push(Number(p));
        else return bad('filterIds', { field: name });
      }
      if (field.type === 'm2m') return { type: 'm2m', field: name, table: joinTableOf(entity, name), ids: ids as number[] };
      return { type: 'in', field: name, column: columnOf(name, field), values: ids, facetKeys: ids.map((i) => (i === null ? '' : String(i))) };
    }
    case 'exact': {
      const value = raw.trim();
      if (!value || value.length > 255) return bad('filterExact', { field: name });
      return { type: 'in', field: name, column: columnOf(name, field), values: [value], facetKeys: [value] };
    }
    case 'dateRange': {
      const m = /^([0-9-]*)(\.\.([0-9-]*))?$/.exec(raw.trim());
      const from = m?.[1] || undefined;
      const to = m ? (m[2] === undefined ? m[1] : m[3]) || undefined : undefined;
      if (!m || (!from && !to) || (from && !isValidDate(from)) || (to && !isValidDate(to))) {
        return bad('filterDates', { field: name });
      }
      const column = columnOf(name, field);
      if (field.type === 'datetime') {
        return { type: 'range', field: name, column, from: from && `${from}T00:00:00.000Z`, to: to && nextDay(to), toExclusive: true };
      }
      return { type: 'range', field: name, column, from, to, toExclusive: false };
    }
  }
}
