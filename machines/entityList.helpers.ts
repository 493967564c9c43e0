import type { BulkOp, ListDefaults, ListFields, ListQuery, RowId } from './entityList.types';

/** docs/decisions.md §4: ten rows by default. */
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const MAX_PAGE_SIZE = 100;
export const SEARCH_DEBOUNCE_MS = 300;

const FIELD = /^[A-Za-z_][A-Za-z0-9_.]*$/;

const positiveInt = (raw: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER) => {
  if (raw === null || !/^\d+$/.test(raw)) return fallback;
  const n = Number(raw);
  return n >= 1 && n <= max ? n : fallback;
};

/** `-name` → name */
export const sortField = (key: string) => (key.startsWith('-') ? key.slice(1) : key);

/** Keeps valid, declared, distinct sort keys in order. */
export function normalizeSort(sort: string[], fields?: ListFields): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of sort) {
    const key = raw.trim();
    const field = sortField(key);
    if (!FIELD.test(field) || seen.has(field)) continue;
    if (fields?.sortFields && !fields.sortFields.includes(field)) continue;
    seen.add(field);
    out.push(key);
  }
  return out;
}

/**
 * URL query string → list query. Unknown, malformed or undeclared parts fall back to the
 * defaults, so a hand-edited URL can never produce a query the API refuses.
 */
export function queryToState(search: string | URLSearchParams, defaults: ListDefaults, fields: ListFields = {}): ListQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search.startsWith('?') ? search.slice(1) : search) : search;
  const sortRaw = params.get('sort');
  const filters: Record<string, string> = {};
  for (const raw of params.getAll('fltr')) {
    const at = raw.indexOf('=');
    if (at <= 0) continue;
    const field = raw.slice(0, at);
    const value = raw.slice(at + 1);
    if (!FIELD.test(field) || value === '') continue;
    if (fields.filterFields && !fields.filterFields.includes(field)) continue;
    filters[field] = value;
  }
  return {
    page: positiveInt(params.get('page'), 1),
    items: positiveInt(params.get('items'), defaults.items, MAX_PAGE_SIZE),
    // `sort=` (present, empty) means "no sort", which differs from the default sort.
    sort: sortRaw === null ? [...defaults.sort] : normalizeSort(sortRaw.split(','), fields),
    search: params.get('search') ?? '',
    filters,
  };
}

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** List query → URL query string (no `?`), leaving out what equals the defaults. Filters in field order. */
export function stateToQuery(query: ListQuery, defaults: ListDefaults): string {
  const params = new URLSearchParams();
  if (query.page !== 1) params.set('page', String(query.page));
  if (query.items !== defaults.items) params.set('items', String(query.items));
  if (!sameList(query.sort, defaults.sort)) params.set('sort', query.sort.join(','));
  if (query.search !== '') params.set('search', query.search);
  for (const field of Object.keys(query.filters).sort()) params.append('fltr', `${field}=${query.filters[field]}`);
  return params.toString();
}

/** The API's query parameters (docs/decisions.md §4). */
export function toApiParams(query: ListQuery): Record<string, string | number | string[]> {
  const params: Record<string, string | number | string[]> = { page: query.page, items: query.items };
  if (query.sort.length) params.sort = query.sort.join(',');
  if (query.search.trim()) params.search = query.search.trim();
  const fltr = Object.keys(query.filters)
    .sort()
    .map((f) => `${f}=${query.filters[f]}`);
  if (fltr.length) params.fltr = fltr;
  return params;
}

export function sameQuery(a: ListQuery, b: ListQuery): boolean {
  const fa = Object.keys(a.filters).sort();
  const fb = Object.keys(b.filters).sort();
  return (
    a.page === b.page &&
    a.items === b.items &&
    a.search === b.search &&
    sameList(a.sort, b.sort) &&
    sameList(fa, fb) &&
    fa.every((f) => a.filters[f] === b.filters[f])
  );
}

/**
 * A column header click: the primary sort column flips ascending → descending → off;
 * any other column becomes the primary key, ascending, the others keep their order after it.
 */
export function toggleSort(sort: string[], field: string): string[] {
  const rest = sort.filter((k) => sortField(k) !== field);
  const primary = sort[0];
  if (primary === field) return [`-${field}`, ...rest];
  if (primary === `-${field}`) return rest;
  return [field, ...rest];
}

/** How a column is sorted now: direction and rank (1 = primary), or null. */
export function sortState(sort: string[], field: string): { direction: 'asc' | 'desc'; rank: number } | null {
  const at = sort.findIndex((k) => sortField(k) === field);
  if (at < 0) return null;
  return { direction: sort[at]!.startsWith('-') ? 'desc' : 'asc', rank: at + 1 };
}

/** Sets a filter; null or '' removes it. */
export function setFilter(filters: Record<string, string>, field: string, value: string | null): Record<string, string> {
  const next = { ...filters };
  if (value === null || value === '') delete next[field];
  else next[field] = value;
  return next;
}

export const isFiltered = (q: ListQuery) => q.search.trim() !== '' || Object.keys(q.filters).length > 0;

export const toggleId = (ids: RowId[], id: RowId) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]);

/** Select every row of the page, or none when all of them already are. */
export function togglePage(selection: RowId[], pageIds: RowId[]): RowId[] {
  const all = pageIds.length > 0 && pageIds.every((id) => selection.includes(id));
  return all ? selection.filter((id) => !pageIds.includes(id)) : [...selection, ...pageIds.filter((id) => !selection.includes(id))];
}

/** The list's search and filters as the API reads them, without its paging and sort: every row they match. */
export function filterParams(query: ListQuery): Record<string, string | string[]> {
  const { page: _page, items: _items, sort: _sort, ...rest } = toApiParams(query);
  return rest as Record<string, string | string[]>;
}

/** A bulk edit's `set` for its one field (docs/decisions.md §24). */
export function bulkSet(field: string, op: BulkOp, value: unknown): Record<string, unknown> {
  if (op === 'amount' || op === 'percent') return { [field]: { [op]: value } };
  if (op === 'add' || op === 'remove') return { [field]: { [op]: Array.isArray(value) ? value : [] } };
  return { [field]: value };
}
