import { assign, setup } from 'xstate';
import {
  bulkSet,
  DEFAULT_PAGE_SIZE,
  filterParams,
  MAX_PAGE_SIZE,
  normalizeSort,
  queryToState,
  sameQuery,
  SEARCH_DEBOUNCE_MS,
  setFilter,
  stateToQuery,
  toggleId,
  togglePage,
  toggleSort,
} from './entityList.helpers';
import type {
  BulkEditDraft,
  BulkOp,
  BulkUpdateInput,
  ConfirmInput,
  DeleteRowsInput,
  ExportFormat,
  ExportRows,
  ExportRowsInput,
  FetchPageInput,
  ListDefaults,
  ListFields,
  ListQuery,
  LoadError,
  Notice,
  PageAnswer,
  Paginator,
  Row,
  RowId,
} from './entityList.types';
import { fieldErrorsOf } from './fieldErrors';
import type { Job } from './jobs.types';
import { errorStatus, toBootError } from './session.helpers';
import { provided, wait } from './actors';
import { atStart } from './atStart';
import { confirmDeleteState } from './confirmDelete.state';

export interface EntityListContext {
  /** API resource path, e.g. `products/category`. */
  resource: string;
  defaults: ListDefaults;
  fields: ListFields;
  /** The query of the rows shown (or being loaded): the URL mirrors it. */
  query: ListQuery;
  /** The search box text; it becomes `query.search` when committed. */
  search: string;
  rows: Row[];
  paginator: Paginator | null;
  loadError: LoadError | null;
  /** Ids of the ticked rows. */
  selection: RowId[];
  /** The export being downloaded. */
  pendingExport: ExportRowsInput | null;
  pendingDelete: { ids: RowId[]; origin: 'row' | 'bulk' } | null;
  /** The bulk edit being chosen or asked for. */
  bulkEdit: BulkEditDraft | null;
  debounceMs: number;
}

export interface EntityListInput {
  resource: string;
  /** `location.search` at start. */
  search?: string;
  defaults?: Partial<ListDefaults>;
  fields?: ListFields;
  debounceMs?: number;
}

export type EntityListEvent =
  | { type: 'page.change'; page: number }
  | { type: 'items.change'; items: number }
  | { type: 'sort.toggle'; field: string }
  | { type: 'sort.set'; sort: string[] }
  | { type: 'filter.change'; field: string; value: string | null }
  | { type: 'filters.clear' }
  | { type: 'search.change'; search: string }
  | { type: 'search.commit' }
  /** The URL changed from outside (back/forward, a link): `location.search`. */
  | { type: 'query.sync'; search: string }
  | { type: 'reload' }
  | { type: 'retry' }
  | { type: 'selection.toggle'; id: RowId }
  | { type: 'selection.togglePage' }
  | { type: 'selection.clear' }
  | { type: 'row.delete'; id: RowId }
  | { type: 'bulkDelete.request' }
  | { type: 'export.request'; format: ExportFormat; rows: ExportRows }
  /** The bulk edit dialog opens on the ticked rows or on every row the list matches, with a first field and how it changes. */
  | { type: 'bulkEdit.open'; rows: ExportRows; field: string; op: BulkOp }
  | { type: 'bulkEdit.rows'; rows: ExportRows }
  | { type: 'bulkEdit.field'; field: string; op: BulkOp }
  | { type: 'bulkEdit.op'; op: BulkOp }
  | { type: 'bulkEdit.value'; value: unknown }
  | { type: 'bulkEdit.submit' }
  | { type: 'bulkEdit.cancel' };

/** A query change starts from page 1 (except paging) and forgets the ticks of rows no longer shown. */
const requery = (context: EntityListContext, change: Partial<ListQuery>) => ({
  query: { ...context.query, page: 1, ...change },
  selection: [] as RowId[],
});

const listSetup = setup({
  types: {
    context: {} as EntityListContext,
    events: {} as EntityListEvent,
    input: {} as EntityListInput,
  },
  actors: {
    fetchPage: provided<PageAnswer, FetchPageInput>('fetchPage'),
    searchDebounce: wait,
    confirm: provided<boolean, ConfirmInput>('confirm'),
    /** Deletes the ids and answers how many went. */
    deleteRows: provided<number, DeleteRowsInput>('deleteRows'),
    /** Downloads the file (the browser saves it). */
    exportRows: provided<void, ExportRowsInput>('exportRows'),
    /** Asks for the bulk edit; the job it queued runs on the server. */
    bulkUpdate: provided<{ job: Job }, BulkUpdateInput>('bulkUpdate'),
  },
  actions: {
    /**
     * Mirror the query in the URL (the app compares with `location.search` before writing):
     * a new history entry, so Back undoes the change, or with `replace` the same entry.
     */
    writeUrl: (_, _params: { search: string; replace: boolean }) => {},
    notify: (_, _notice: Notice) => {},
    /** A job was queued: the app's jobs panel watches it from now on. */
    jobStarted: (_, _params: { job: Job }) => {},
  },
  guards: {
    otherPage: ({ context }, params: { page: number }) =>
      Number.isInteger(params.page) &&
      params.page >= 1 &&
      params.page !== context.query.page &&
      (context.paginator === null || params.page <= context.paginator.pages),
    validItems: ({ context }, params: { items: number }) =>
      Number.isInteger(params.items) && params.items >= 1 && params.items <= MAX_PAGE_SIZE && params.items !== context.query.items,
    urlDiffers: ({ context }, params: { search: string }) => !sameQuery(queryToState(params.search, context.defaults, context.fields), context.query),
    hasSelection: ({ context }) => context.selection.length > 0,
    /** The rows an export or a bulk edit takes: the list's, or the ticked ones when some are. */
    rowsChosen: ({ context }, params: { rows: ExportRows }) => params.rows === 'list' || context.selection.length > 0,
  },
});

/**
 * An entity list (issue 5): paged, sortable, searchable (debounced), filtered, mirrored in
 * the URL, with row and bulk delete behind the confirm dialog, and its rows (or the ticked
 * ones) exported as CSV or XLSX, and bulk edited as a job (issue 17).
 */
export const entityListMachine = listSetup.createMachine({
  id: 'entityList',
  context: ({ input }) => {
    const defaults: ListDefaults = { items: input.defaults?.items ?? DEFAULT_PAGE_SIZE, sort: input.defaults?.sort ?? [] };
    const fields = input.fields ?? {};
    const query = queryToState(input.search ?? '', defaults, fields);
    return {
      resource: input.resource,
      defaults,
      fields,
      query,
      search: query.search,
      rows: [],
      paginator: null,
      loadError: null,
      selection: [],
      pendingExport: null,
      pendingDelete: null,
      bulkEdit: null,
      debounceMs: input.debounceMs ?? SEARCH_DEBOUNCE_MS,
    };
  },
  initial: 'browse',
  states: {
    browse: {
      initial: 'loading',
      on: {
        'page.change': {
          guard: { type: 'otherPage', params: ({ event }) => ({ page: event.page }) },
          target: '.loading',
          actions: assign({ query: ({ context, event }) => ({ ...context.query, page: event.page }), selection: [] }),
        },
        'items.change': {
          guard: { type: 'validItems', params: ({ event }) => ({ items: event.items }) },
          target: '.loading',
          actions: assign(({ context, event }) => requery(context, { items: event.items })),
        },
        'sort.toggle': {
          target: '.loading',
          actions: assign(({ context, event }) => requery(context, { sort: normalizeSort(toggleSort(context.query.sort, event.field), context.fields) })),
        },
        'sort.set': {
          target: '.loading',
          actions: assign(({ context, event }) => requery(context, { sort: normalizeSort(event.sort, context.fields) })),
        },
        'filter.change': {
          target: '.loading',
          actions: assign(({ context, event }) => requery(context, { filters: setFilter(context.query.filters, event.field, event.value) })),
        },
        'filters.clear': {
          target: '.loading',
          actions: assign(({ context }) => ({ ...requery(context, { filters: {}, search: '' }), search: '' })),
        },
        // Typing restarts the debounce; a commit (Enter) or the debounce's end loads.
        'search.change': { target: '.ready.debouncing', actions: assign({ search: ({ event }) => event.search }) },
        'search.commit': {
          target: '.loading',
          actions: assign(({ context }) => requery(context, { search: context.search.trim() })),
        },
        'query.sync': {
          guard: { type: 'urlDiffers', params: ({ event }) => ({ search: event.search }) },
          target: '.loading',
          actions: assign(({ context, event }) => {
            const query = queryToState(event.search, context.defaults, context.fields);
            return { query, search: query.search, selection: [] };
          }),
        },
        reload: { target: '.loading' },
      },
      states: {
        loading: {
          // The load the list opens with only tidies the URL it was opened with: no history entry for it.
          entry: {
            type: 'writeUrl',
            params: ({ context, event }) => ({ search: stateToQuery(context.query, context.defaults), replace: atStart(event) }),
          },
          invoke: {
            id: 'fetchPage',
            src: 'fetchPage',
            input: ({ context }) => ({ resource: context.resource, query: context.query }),
            onDone: {
              target: 'ready',
              actions: [
                // An out-of-range page answers the last page (docs/decisions.md §4): follow it.
                assign(({ context, event }) => ({
                  rows: event.output.items,
                  paginator: event.output.paginator,
                  query: { ...context.query, page: event.output.paginator.page || 1 },
                  loadError: null,
                })),
                { type: 'writeUrl', params: ({ context }) => ({ search: stateToQuery(context.query, context.defaults), replace: false }) },
              ],
            },
            onError: { target: 'failed', actions: assign({ loadError: ({ event }) => toBootError(event.error) }) },
          },
        },
        ready: {
          initial: 'idle',
          on: {
            'selection.toggle': { actions: assign({ selection: ({ context, event }) => toggleId(context.selection, event.id) }) },
            'selection.togglePage': {
              actions: assign({
                selection: ({ context }) =>
                  togglePage(
                    context.selection,
                    context.rows.map((r) => r.id),
                  ),
              }),
            },
            'selection.clear': { actions: assign({ selection: [] }) },
            'row.delete': {
              target: '#entityList.confirming',
              actions: assign({ pendingDelete: ({ event }) => ({ ids: [event.id], origin: 'row' as const }) }),
            },
            'export.request': {
              guard: { type: 'rowsChosen', params: ({ event }) => ({ rows: event.rows }) },
              target: '#entityList.exporting',
              actions: assign({
                pendingExport: ({ context, event }) => ({
                  resource: context.resource,
                  format: event.format,
                  query: context.query,
                  ...(event.rows === 'selected' ? { ids: [...context.selection] } : {}),
                }),
              }),
            },
            'bulkEdit.open': {
              guard: { type: 'rowsChosen', params: ({ event }) => ({ rows: event.rows }) },
              target: '#entityList.bulkEditing',
              actions: assign({
                bulkEdit: ({ event }) => ({ rows: event.rows, field: event.field, op: event.op, value: null, errors: {}, failure: null }),
              }),
            },
            'bulkDelete.request': {
              guard: 'hasSelection',
              target: '#entityList.confirming',
              actions: assign({ pendingDelete: ({ context }) => ({ ids: [...context.selection], origin: 'bulk' as const }) }),
            },
          },
          states: {
            idle: {},
            debouncing: {
              invoke: {
                id: 'searchDebounce',
                src: 'searchDebounce',
                input: ({ context }) => ({ ms: context.debounceMs }),
                onDone: {
                  target: '#entityList.browse.loading',
                  actions: assign(({ context }) => requery(context, { search: context.search.trim() })),
                },
              },
            },
          },
        },
        failed: {
          on: { retry: { target: 'loading' } },
        },
      },
    },
    confirming: confirmDeleteState({
      question: ({ context }: { context: EntityListContext }) => ({
        title: 'list.deleteTitle',
        question: context.pendingDelete?.origin === 'bulk' ? 'list.deleteSelected' : 'list.deleteOne',
        values: { count: context.pendingDelete?.ids.length ?? 0 },
        danger: true,
      }),
      approved: [{ target: 'deleting' }],
      declined: [{ target: '#entityList.browse.ready', actions: listSetup.assign({ pendingDelete: null }) }],
    }),
    // The list stays as it is while its file downloads; it says when the file is there, or why not.
    exporting: {
      invoke: {
        id: 'exportRows',
        src: 'exportRows',
        input: ({ context }) => context.pendingExport!,
        onDone: {
          target: '#entityList.browse.ready',
          actions: [{ type: 'notify', params: { key: 'list.exportDone', color: 'success' as const } }, assign({ pendingExport: null })],
        },
        onError: {
          target: '#entityList.browse.ready',
          actions: [
            { type: 'notify', params: ({ event }) => ({ key: 'list.exportFailed', because: toBootError(event.error), color: 'error' as const }) },
            assign({ pendingExport: null }),
          ],
        },
      },
    },
    // The dialog holds what is chosen; asking queues a job, whose progress the jobs panel shows.
    bulkEditing: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'bulkEdit.rows': {
              guard: { type: 'rowsChosen', params: ({ event }) => ({ rows: event.rows }) },
              actions: assign({ bulkEdit: ({ context, event }) => ({ ...context.bulkEdit!, rows: event.rows, errors: {}, failure: null }) }),
            },
            'bulkEdit.field': {
              actions: assign({
                bulkEdit: ({ context, event }) => ({ ...context.bulkEdit!, field: event.field, op: event.op, value: null, errors: {}, failure: null }),
              }),
            },
            'bulkEdit.op': {
              actions: assign({ bulkEdit: ({ context, event }) => ({ ...context.bulkEdit!, op: event.op, value: null, errors: {}, failure: null }) }),
            },
            'bulkEdit.value': {
              actions: assign({ bulkEdit: ({ context, event }) => ({ ...context.bulkEdit!, value: event.value, errors: {}, failure: null }) }),
            },
            'bulkEdit.submit': { target: 'submitting' },
            'bulkEdit.cancel': { target: '#entityList.browse.ready', actions: assign({ bulkEdit: null }) },
          },
        },
        submitting: {
          invoke: {
            id: 'bulkUpdate',
            src: 'bulkUpdate',
            input: ({ context }) => {
              const { rows, field, op, value } = context.bulkEdit!;
              return {
                resource: context.resource,
                set: bulkSet(field, op, value),
                ...(rows === 'selected' ? { ids: [...context.selection] } : { filter: filterParams(context.query) }),
              };
            },
            onDone: {
              target: '#entityList.browse.ready',
              actions: [
                { type: 'notify', params: { key: 'list.bulkEditStarted', color: 'success' as const } },
                { type: 'jobStarted', params: ({ event }) => ({ job: event.output.job }) },
                assign({ bulkEdit: null }),
              ],
            },
            // A 400 names the field (`set.<field>`) or the rows (`ids`, `filter`): the dialog shows it there.
            onError: {
              target: 'editing',
              actions: assign({
                bulkEdit: ({ context, event }) => {
                  const status = errorStatus(event.error);
                  const errors = status === 400 ? fieldErrorsOf((event.error as { data?: unknown }).data) : {};
                  return { ...context.bulkEdit!, errors, failure: Object.keys(errors).length ? null : toBootError(event.error) };
                },
              }),
            },
          },
        },
      },
    },
    deleting: {
      invoke: {
        id: 'deleteRows',
        src: 'deleteRows',
        input: ({ context }) => ({ resource: context.resource, ids: context.pendingDelete?.ids ?? [] }),
        onDone: {
          target: '#entityList.browse.loading',
          actions: [
            { type: 'notify', params: ({ event }) => ({ key: 'list.deleteSuccess', values: { count: event.output }, color: 'success' as const }) },
            assign(({ context }) => ({
              selection: context.selection.filter((id) => !(context.pendingDelete?.ids ?? []).includes(id)),
              pendingDelete: null,
            })),
          ],
        },
        // E.g. 409 "in use": say why, and reload to show what is left.
        onError: {
          target: '#entityList.browse.loading',
          actions: [
            { type: 'notify', params: ({ event }) => ({ key: 'list.deleteFailed', because: toBootError(event.error), color: 'error' as const }) },
            assign({ pendingDelete: null }),
          ],
        },
      },
    },
  },
});
