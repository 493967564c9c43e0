import type { SnapshotFrom } from 'xstate';
import { isFiltered, PAGE_SIZES, sortState, stateToQuery } from './entityList.helpers';
import type { EntityListEvent, entityListMachine } from './entityList.machine';
import { NON_FIELD } from './fieldErrors';
import type { BulkOp, ExportFormat, ExportRows, Row } from './entityList.types';
import type { FieldMessage } from './entityForm.types';

export type EntityListSnapshot = SnapshotFrom<typeof entityListMachine>;
export type EntityListStatus = 'loading' | 'ready' | 'searching' | 'failed' | 'confirming' | 'deleting' | 'exporting' | 'bulkEditing';

function statusOf(s: EntityListSnapshot): EntityListStatus {
  if (s.matches({ browse: 'loading' })) return 'loading';
  if (s.matches({ browse: { ready: 'debouncing' } })) return 'searching';
  if (s.matches({ browse: 'ready' })) return 'ready';
  if (s.matches({ browse: 'failed' })) return 'failed';
  if (s.matches('bulkEditing')) return 'bulkEditing';
  return s.value as EntityListStatus;
}

/** Snapshot + send → the props of a list screen (table, toolbar, pager, bulk bar). */
export function connectEntityList(snapshot: EntityListSnapshot, send: (event: EntityListEvent) => void) {
  const c = snapshot.context;
  const status = statusOf(snapshot);
  const interactive = status === 'ready' || status === 'searching';
  const pageIds = c.rows.map((r) => r.id);
  const onPage = pageIds.filter((id) => c.selection.includes(id)).length;
  const p = c.paginator;

  const row = (r: Row) => ({
    row: r,
    id: r.id,
    selected: c.selection.includes(r.id),
    toggle: () => send({ type: 'selection.toggle', id: r.id }),
    remove: () => send({ type: 'row.delete', id: r.id }),
  });

  return {
    status,
    loading: status === 'loading',
    interactive,
    loadError: status === 'failed' ? c.loadError : null,
    retry: () => send({ type: 'retry' }),
    /** A page deep from both ends (docs/decisions.md §12): retrying cannot help, the first page can. */
    pageTooDeep: status === 'failed' && c.loadError?.key === 'list.pageTooDeep',
    firstPage: () => send({ type: 'page.change', page: 1 }),
    reload: () => send({ type: 'reload' }),
    /** For links that keep the list state (e.g. back from a detail). */
    queryString: stateToQuery(c.query, c.defaults),

    rows: c.rows.map(row),
    /** What to show instead of the table once loaded: no rows at all, or none that match. */
    empty: status === 'ready' && c.rows.length === 0 ? (isFiltered(c.query) ? ('noMatches' as const) : ('noRows' as const)) : null,

    /** A column header: its sort direction and rank (1 = primary), aria-sort, and the toggle. */
    getColumnProps: (field: string) => {
      const sort = sortState(c.query.sort, field);
      return {
        field,
        sort: sort?.direction ?? null,
        rank: sort?.rank ?? null,
        ariaSort: sort?.rank === 1 ? (sort.direction === 'asc' ? ('ascending' as const) : ('descending' as const)) : ('none' as const),
        toggleSort: () => send({ type: 'sort.toggle', field }),
      };
    },

    search: {
      value: c.search,
      pending: status === 'searching',
      change: (search: string) => send({ type: 'search.change', search }),
      commit: () => send({ type: 'search.commit' }),
    },

    filters: {
      values: c.query.filters,
      active: Object.keys(c.query.filters).length,
      set: (field: string, value: string | null) => send({ type: 'filter.change', field, value }),
      clear: () => send({ type: 'filters.clear' }),
    },

    pagination: {
      page: c.query.page,
      pages: p?.pages ?? 1,
      count: p?.count ?? 0,
      /** false: there are at least `count` rows (a count that stopped at a cap). */
      countExact: p?.count_exact !== false,
      /** Set when a search stopped after examining this many rows (docs/decisions.md §12). */
      searchedRows: p?.searched_rows ?? null,
      pageSize: c.query.items,
      pageSizes: [...new Set([...PAGE_SIZES, c.query.items])].sort((a, b) => a - b),
      hasPrevious: p ? p.has_previous : false,
      hasNext: p ? p.has_next : false,
      goTo: (page: number) => send({ type: 'page.change', page }),
      previous: () => send({ type: 'page.change', page: c.query.page - 1 }),
      next: () => send({ type: 'page.change', page: c.query.page + 1 }),
      setPageSize: (items: number) => send({ type: 'items.change', items }),
    },

    selection: {
      ids: c.selection,
      count: c.selection.length,
      /** The header checkbox: checked, or indeterminate when only some rows of the page are. */
      allOnPage: pageIds.length > 0 && onPage === pageIds.length,
      someOnPage: onPage > 0 && onPage < pageIds.length,
      togglePage: () => send({ type: 'selection.togglePage' }),
      clear: () => send({ type: 'selection.clear' }),
    },
    canBulkDelete: interactive && c.selection.length > 0,
    requestBulkDelete: () => send({ type: 'bulkDelete.request' }),
    deleting: status === 'deleting',

    /** The bulk edit dialog (docs/decisions.md §24): open while `draft` is set. */
    bulkEdit: bulkEditProps(snapshot, send, interactive),

    /** The Export menu: what the list shows, or the ticked rows, as CSV or XLSX. */
    export: {
      busy: status === 'exporting',
      canExport: interactive,
      canExportSelected: interactive && c.selection.length > 0,
      request: (format: ExportFormat, rows: ExportRows) => send({ type: 'export.request', format, rows }),
    },
  };
}

export type EntityListProps = ReturnType<typeof connectEntityList>;

const NO_MESSAGES: FieldMessage[] = [];

function bulkEditProps(snapshot: EntityListSnapshot, send: (event: EntityListEvent) => void, interactive: boolean) {
  const c = snapshot.context;
  const draft = c.bulkEdit;
  const valuePath = draft && `set.${draft.field}`;
  const atValue = (path: string) => valuePath !== null && (path === valuePath || path.startsWith(`${valuePath}.`));
  return {
    canOpen: interactive,
    open: (rows: ExportRows, field: string, op: BulkOp) => send({ type: 'bulkEdit.open', rows, field, op }),
    draft,
    /** The ticked rows' count, and how many rows the list matches (at least, when its count stopped at a cap). */
    selectedCount: c.selection.length,
    matchingCount: c.paginator?.count ?? 0,
    submitting: snapshot.matches({ bulkEditing: 'submitting' }),
    /** The server's problems with the value, shown on the value's field. */
    valueErrors: draft ? Object.entries(draft.errors).flatMap(([path, messages]) => (atValue(path) ? messages : [])) : NO_MESSAGES,
    /** Its other problems (the rows chosen, the request as a whole), above the form. */
    otherErrors: draft
      ? Object.entries(draft.errors).flatMap(([path, messages]) =>
          atValue(path) ? [] : messages.map((m) => ({ path: path === NON_FIELD ? null : path, message: m })),
        )
      : [],
    failure: draft?.failure ?? null,
    setRows: (rows: ExportRows) => send({ type: 'bulkEdit.rows', rows }),
    setField: (field: string, op: BulkOp) => send({ type: 'bulkEdit.field', field, op }),
    setOp: (op: BulkOp) => send({ type: 'bulkEdit.op', op }),
    setValue: (value: unknown) => send({ type: 'bulkEdit.value', value }),
    submit: () => send({ type: 'bulkEdit.submit' }),
    cancel: () => send({ type: 'bulkEdit.cancel' }),
  };
}
