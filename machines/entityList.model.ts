import { entityListMachine } from './entityList.machine';
import type { PageAnswer } from './entityList.types';
import { done, fail, type MachineModel } from './model/paths';

export const rows = [
  { id: 1, name: 'Tractors', slug: 'tractors' },
  { id: 2, name: 'Mowers', slug: 'mowers' },
];

export const page = (n = 1, pages = 3): PageAnswer => ({
  items: rows,
  paginator: { count: 25, page: n, pages, page_size: 10, has_next: n < pages, has_previous: n > 1 },
});

export const PAGE_TOO_DEEP = {
  status: 400,
  data: {
    page: ['This page is too deep to read: narrow the list with a filter or a search, or sort it the other way.'],
    $codes: { page: [{ code: 'pageTooDeep' }] },
  },
};

/** A bulk edit's value refused by the form's own validator (docs/decisions.md §24). */
export const BULK_REFUSED = {
  status: 400,
  data: { 'set.status': ['Choose one of the listed values.'], $codes: { 'set.status': [{ code: 'choice' }] } },
};

/** An entity list as a test model: every server answer and the confirm answer are events. */
export const entityListModel: MachineModel = {
  machine: entityListMachine,
  input: { resource: 'products/category', defaults: { sort: ['name'] } },
  actorIds: ['fetchPage', 'searchDebounce', 'confirm', 'deleteRows', 'exportRows', 'bulkUpdate'],
  contextKey: (c) => c.selection.length > 0,
  events: [
    done('fetchPage', page()),
    fail('fetchPage', { status: 500 }),
    // A page deep from both ends (docs/decisions.md §12), left by going to the first page.
    fail('fetchPage', PAGE_TOO_DEEP),
    { type: 'page.change', page: 1 },
    { type: 'retry' },
    { type: 'reload' },
    { type: 'page.change', page: 2 },
    { type: 'items.change', items: 25 },
    { type: 'sort.toggle', field: 'name' },
    { type: 'sort.set', sort: ['-created_at'] },
    { type: 'filter.change', field: 'status', value: 'published' },
    { type: 'filters.clear' },
    { type: 'search.change', search: 'trac' },
    done('searchDebounce'),
    { type: 'search.commit' },
    { type: 'query.sync', search: '?page=3' },
    { type: 'selection.toggle', id: 1 },
    { type: 'selection.togglePage' },
    { type: 'selection.clear' },
    { type: 'row.delete', id: 2 },
    { type: 'bulkDelete.request' },
    done('confirm', true),
    done('confirm', false),
    fail('confirm', new Error('dialog closed')),
    { type: 'export.request', format: 'csv', rows: 'list' },
    { type: 'export.request', format: 'xlsx', rows: 'selected' },
    done('exportRows'),
    fail('exportRows', { status: 503 }),
    { type: 'bulkEdit.open', rows: 'list', field: 'status', op: 'set' },
    { type: 'bulkEdit.open', rows: 'selected', field: 'price', op: 'percent' },
    { type: 'bulkEdit.rows', rows: 'selected' },
    { type: 'bulkEdit.field', field: 'tags', op: 'add' },
    { type: 'bulkEdit.op', op: 'amount' },
    { type: 'bulkEdit.value', value: 'published' },
    { type: 'bulkEdit.submit' },
    { type: 'bulkEdit.cancel' },
    done('bulkUpdate', { job: { id: 7, status: 'queued' } }),
    fail('bulkUpdate', BULK_REFUSED),
    fail('bulkUpdate', { status: 503 }),
    done('deleteRows', 1),
    fail('deleteRows', { status: 409, data: { detail: 'This category is used by 3 products.' } }),
  ],
};
