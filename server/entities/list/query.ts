/** The list parameters `?page=&items=&sort=a,-b&search=&fltr=field=value` (docs/decisions.md §4), read and checked. */
import { BUILTIN_DATES, type EntityDef } from '../../../entities/define.js';
import { addError, type Errors } from '../../../entities/problems.js';
import { sortColumn } from '../indexPlan.js';
import { queryTokens } from '../search.js';
import { type Filter, parseFilter, TIMESTAMP } from './filters.js';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

export interface ListQuery {
  page: number;
  size: number;
  sort: Array<{ column: string; desc: boolean }>;
  tokens: string[];
  filters: Filter[];
}

export type RawQuery = Record<string, string | string[] | undefined>;

function single(q: RawQuery, key: string, errors: Errors): string | undefined {
  const v = q[key];
  if (Array.isArray(v)) {
    addError(errors, key, 'once');
    return undefined;
  }
  return v;
}

/** The list parameters, or field errors keyed `page`, `items`, `sort`, `search`, `fltr`. */
export function parseListQuery(entity: EntityDef, q: RawQuery): { query: ListQuery; errors: Errors } {
  const errors: Errors = {};
  const query: ListQuery = { page: 1, size: DEFAULT_PAGE_SIZE, sort: [], tokens: [], filters: [] };

  const page = single(q, 'page', errors);
  if (page !== undefined && page !== '') {
    if (!/^\d{1,9}$/.test(page) || Number(page) < 1) addError(errors, 'page', 'pageNumber');
    else query.page = Number(page);
  }
  const items = single(q, 'items', errors);
  if (items !== undefined && items !== '') {
    if (!/^\d{1,9}$/.test(items) || Number(items) < 1) addError(errors, 'items', 'pageSize');
    else query.size = Math.min(Number(items), MAX_PAGE_SIZE);
  }

  const sort = single(q, 'sort', errors) || entity.list.sort;
  const seen = new Set<string>();
  for (const part of sort
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const desc = part.startsWith('-');
    const key = desc ? part.slice(1) : part;
    const column = sortColumn(entity, key);
    if (!column) {
      addError(errors, 'sort', 'sortUnknown', { value: key.slice(0, 40) });
      continue;
    }
    if (seen.has(column)) continue;
    seen.add(column);
    query.sort.push({ column, desc });
  }
  if (query.sort.length > 3) addError(errors, 'sort', 'sortMax');
  if (!seen.has('id')) query.sort.push({ column: 'id', desc: query.sort.at(-1)?.desc ?? false });

  const search = single(q, 'search', errors);
  if (search !== undefined && search.trim() !== '') {
    if (search.length > 200) addError(errors, 'search', 'maxLength', { count: 200 });
    else if (!entity.list.search.length) addError(errors, 'search', 'notSearchable');
    else query.tokens = queryTokens(search);
  }

  const fltr = q.fltr === undefined ? [] : Array.isArray(q.fltr) ? q.fltr : [q.fltr];
  if (fltr.length > 10) addError(errors, 'fltr', 'filterMax');
  else {
    for (const f of fltr) {
      if (f === '') continue;
      const eq = f.indexOf('=');
      const name = eq < 0 ? f : f.slice(0, eq);
      const def = entity.list.filters.find((d) => d.field === name);
      if (!def || eq < 0) {
        addError(errors, 'fltr', 'filterUnknown', { value: name.slice(0, 40) });
        continue;
      }
      const field = entity.fields[name] ?? (BUILTIN_DATES.includes(name) ? TIMESTAMP : undefined);
      const parsed = field && parseFilter(entity, def, field, f.slice(eq + 1), errors);
      if (parsed) query.filters.push(parsed);
    }
  }
  return { query, errors };
}
