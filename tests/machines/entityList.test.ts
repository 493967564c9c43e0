import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type EntityListInput, entityListMachine } from '../../machines/entityList.machine';
import { BULK_REFUSED, entityListModel, PAGE_TOO_DEEP, page, rows } from '../../machines/entityList.model';
import type { Notice } from '../../machines/entityList.types';
import { pathsOf, uncoveredTransitions, unvisitedStates, walkPath } from './modelHarness';

const paths = pathsOf(entityListModel);

describe('entity list machine (model-based)', () => {
  it('the generated paths visit every state and take every transition', () => {
    expect(unvisitedStates(entityListMachine, paths)).toEqual([]);
    expect(uncoveredTransitions(entityListMachine, paths)).toEqual([]);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const urls: string[] = [];
      const actor = await walkPath(entityListModel, path, {
        actions: { notify: () => {}, jobStarted: () => {}, writeUrl: (_: unknown, p: { search: string }) => void urls.push(p.search) },
      });
      const s = actor.getSnapshot();
      expect(s.context.query.page).toBeGreaterThanOrEqual(1);
      expect(new Set(s.context.selection).size).toBe(s.context.selection.length);
      if (s.matches('confirming') || s.matches('deleting')) expect(s.context.pendingDelete?.ids.length).toBeGreaterThan(0);
      // A bulk edit dialog is open exactly while its draft is there, and it never takes no rows.
      expect(s.matches('bulkEditing')).toBe(s.context.bulkEdit !== null);
      if (s.context.bulkEdit?.rows === 'selected') expect(s.context.selection.length).toBeGreaterThan(0);
      // The URL always follows the query being shown or loaded.
      if (s.matches({ browse: 'loading' })) expect(urls.at(-1)).toBeDefined();
      actor.stop();
    });
  }
});

function boot(
  input: Partial<EntityListInput> = {},
  answers: {
    confirm?: boolean;
    fetchPage?: (i: any) => unknown;
    deleteRows?: (i: any) => unknown;
    exportRows?: (i: any) => unknown;
    bulkUpdate?: (i: any) => unknown;
  } = {},
) {
  const calls: Record<string, any[]> = {};
  let jobsStarted = 0;
  const notices: Notice[] = [];
  const urls: string[] = [];
  /** Whether each URL write replaced the history entry. */
  const replaced: boolean[] = [];
  const fake = (name: string, answer: (input: any) => unknown) =>
    fromPromise(async ({ input }: { input: any }) => {
      (calls[name] ??= []).push(input);
      return answer(input);
    });
  const actor = createActor(
    entityListMachine.provide({
      actors: {
        fetchPage: fake('fetchPage', answers.fetchPage ?? ((i) => page(i.query.page))),
        confirm: fake('confirm', () => answers.confirm ?? true),
        deleteRows: fake('deleteRows', answers.deleteRows ?? ((i) => i.ids.length)),
        exportRows: fake('exportRows', answers.exportRows ?? (() => undefined)),
        bulkUpdate: fake('bulkUpdate', answers.bulkUpdate ?? (() => ({ job: { id: 7, status: 'queued' } }))),
      } as any,
      actions: {
        jobStarted: (_: unknown, p: { job: { id: number } }) => void (jobsStarted += p.job.id === 7 ? 1 : 0),
        notify: (_: unknown, n: Notice) => void notices.push(n),
        writeUrl: (_: unknown, p: { search: string; replace: boolean }) => {
          urls.push(p.search);
          replaced.push(p.replace);
        },
      },
    }),
    { input: { resource: 'products', debounceMs: 5, ...input } },
  ).start();
  const loads = () => calls.fetchPage?.length ?? 0;
  const ready = (n?: number) => waitFor(actor, (s) => s.matches({ browse: 'ready' }) && (n === undefined || loads() === n));
  return { actor, calls, notices, urls, replaced, ready, ctx: () => actor.getSnapshot().context, jobsStarted: () => jobsStarted };
}

describe('entity list behaviour', () => {
  it('starts from the URL query and asks the API for it', async () => {
    const { calls, ready, ctx } = boot({ search: '?page=2&items=25&sort=name,-created_at&search=red&fltr=status=published', defaults: { sort: ['name'] } });
    await ready(1);
    expect(calls.fetchPage?.[0]).toEqual({
      resource: 'products',
      query: { page: 2, items: 25, sort: ['name', '-created_at'], search: 'red', filters: { status: 'published' } },
    });
    expect(ctx().search).toBe('red');
  });

  it('mirrors every query change into the URL', async () => {
    const { actor, urls, ready } = boot({ defaults: { sort: ['name'] } });
    await ready(1);
    actor.send({ type: 'sort.toggle', field: 'name' });
    await ready(2);
    actor.send({ type: 'filter.change', field: 'brand', value: 'DF' });
    await ready(3);
    actor.send({ type: 'page.change', page: 3 });
    await ready(4);
    expect(urls.at(-1)).toBe('page=3&sort=-name&fltr=brand%3DDF');
    actor.send({ type: 'filters.clear' });
    await ready(5);
    expect(urls.at(-1)).toBe('sort=-name');
  });

  it('toggles a column asc → desc → off, and another column becomes primary', async () => {
    const { actor, ready, ctx } = boot({ defaults: { sort: ['name'] } });
    await ready(1);
    actor.send({ type: 'sort.toggle', field: 'created_at' });
    await ready(2);
    expect(ctx().query.sort).toEqual(['created_at', 'name']);
    actor.send({ type: 'sort.toggle', field: 'created_at' });
    await ready(3);
    expect(ctx().query.sort).toEqual(['-created_at', 'name']);
    actor.send({ type: 'sort.toggle', field: 'created_at' });
    await ready(4);
    expect(ctx().query.sort).toEqual(['name']);
  });

  it('search is debounced: one load with the last, trimmed text, from page 1', async () => {
    const { actor, calls, ready, urls } = boot({ search: '?page=2' });
    await ready(1);
    for (const search of ['t', 'tra', 'tractor ']) actor.send({ type: 'search.change', search });
    expect(actor.getSnapshot().matches({ browse: { ready: 'debouncing' } })).toBe(true);
    await ready(2);
    expect(calls.fetchPage?.[1]?.query).toMatchObject({ search: 'tractor', page: 1 });
    expect(urls.at(-1)).toBe('search=tractor');
  });

  it('follows the URL on back/forward, and ignores a URL equal to the shown query', async () => {
    const { actor, ready, ctx } = boot({ search: '?page=2' });
    await ready(1);
    actor.send({ type: 'query.sync', search: '?page=2' });
    expect(actor.getSnapshot().matches({ browse: 'ready' })).toBe(true);
    actor.send({ type: 'query.sync', search: '?search=mower' });
    await ready(2);
    expect(ctx().query).toMatchObject({ page: 1, search: 'mower' });
    expect(ctx().search).toBe('mower');
  });

  it('the load it opens with replaces the URL it was opened with; every later change is a new history entry', async () => {
    const { actor, urls, replaced, ready } = boot({ search: '?page=2' });
    await ready(1);
    actor.send({ type: 'page.change', page: 3 });
    await ready(2);
    expect(urls).toEqual(['page=2', 'page=2', 'page=3', 'page=3']);
    expect(replaced).toEqual([true, false, false, false]);
  });

  it('follows the server to the last page when the page asked for is out of range', async () => {
    const { ready, ctx, urls } = boot({ search: '?page=99' }, { fetchPage: () => page(3) });
    await ready(1);
    expect(ctx().query.page).toBe(3);
    expect(urls).toEqual(['page=99', 'page=3']);
  });

  it('row delete declined does nothing', async () => {
    const { actor, calls, ready, notices } = boot({}, { confirm: false });
    await ready(1);
    actor.send({ type: 'row.delete', id: 2 });
    await waitFor(actor, (s) => s.matches({ browse: 'ready' }) && (calls.confirm?.length ?? 0) === 1);
    expect(calls.confirm?.[0]).toEqual({ title: 'list.deleteTitle', question: 'list.deleteOne', values: { count: 1 }, danger: true });
    expect(calls.deleteRows).toBeUndefined();
    expect(calls.fetchPage).toHaveLength(1);
    expect(notices).toEqual([]);
  });

  it('bulk delete asks with the count, deletes the ticked rows, clears the ticks and reloads', async () => {
    const { actor, calls, ready, notices, ctx } = boot();
    await ready(1);
    actor.send({ type: 'selection.togglePage' });
    expect(ctx().selection).toEqual(rows.map((r) => r.id));
    actor.send({ type: 'bulkDelete.request' });
    await ready(2);
    expect(calls.confirm?.[0]).toMatchObject({ question: 'list.deleteSelected', values: { count: 2 }, danger: true });
    expect(calls.deleteRows).toEqual([{ resource: 'products', ids: [1, 2] }]);
    expect(ctx().selection).toEqual([]);
    expect(notices).toEqual([{ key: 'list.deleteSuccess', values: { count: 2 }, color: 'success' }]);
  });

  it('a refused delete (in use) says why and reloads', async () => {
    const { actor, ready, notices } = boot(
      {},
      {
        deleteRows: () => {
          throw { status: 409, data: { detail: 'This category is used by 3 products.', used_by: [{ entity: 'product', id: 1, count: 3 }] } };
        },
      },
    );
    await ready(1);
    actor.send({ type: 'row.delete', id: 1 });
    await ready(2);
    expect(notices).toEqual([{ key: 'list.deleteFailed', because: { status: 409, key: 'errors.http.inUse' }, color: 'error' }]);
  });

  it('a query change forgets the ticks; a failed load can be retried', async () => {
    let fail = false;
    const { actor, ready, ctx } = boot(
      {},
      {
        fetchPage: (i) => {
          if (fail) {
            fail = false;
            throw { status: 502 };
          }
          return page(i.query.page);
        },
      },
    );
    await ready(1);
    actor.send({ type: 'selection.toggle', id: 1 });
    fail = true;
    actor.send({ type: 'items.change', items: 50 });
    await waitFor(actor, (s) => s.matches({ browse: 'failed' }));
    expect(ctx()).toMatchObject({ selection: [], loadError: { status: 502 } });
    actor.send({ type: 'retry' });
    await ready(3);
    expect(ctx().query.items).toBe(50);
  });

  it('a page too deep to read says so, and the first page reads', async () => {
    const { actor, calls, ready, ctx } = boot(
      { search: '?page=2000' },
      { fetchPage: (i) => (i.query.page === 1 ? page(1, 3000) : Promise.reject(PAGE_TOO_DEEP)) },
    );
    await waitFor(actor, (s) => s.matches({ browse: 'failed' }));
    expect(ctx().loadError).toEqual({ status: 400, key: 'list.pageTooDeep' });
    actor.send({ type: 'page.change', page: 1 });
    await ready(2);
    expect(calls.fetchPage?.[1]?.query.page).toBe(1);
    expect(ctx()).toMatchObject({ loadError: null, query: { page: 1 } });
  });

  it('does not page past the end, nor accept a page size over 100', async () => {
    const { actor, ready } = boot();
    await ready(1);
    expect(actor.getSnapshot().can({ type: 'page.change', page: 4 })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'page.change', page: 1 })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'items.change', items: 500 })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'bulkDelete.request' })).toBe(false);
  });

  it('exports what the list shows — its search, filters and sort — and says when the file is there', async () => {
    const { actor, calls, notices, ready } = boot({ search: '?search=red&sort=-name&fltr=status=published&page=2' });
    await ready(1);
    actor.send({ type: 'export.request', format: 'xlsx', rows: 'list' });
    expect(actor.getSnapshot().matches('exporting')).toBe(true);
    await waitFor(actor, (s) => s.matches({ browse: 'ready' }));
    expect(calls.exportRows).toEqual([
      { resource: 'products', format: 'xlsx', query: { page: 2, items: 10, sort: ['-name'], search: 'red', filters: { status: 'published' } } },
    ]);
    expect(notices.at(-1)).toMatchObject({ key: 'list.exportDone', color: 'success' });
    // The rows on screen stay: no reload for a download.
    expect(calls.fetchPage).toHaveLength(1);
  });

  it('exports the ticked rows only when some are ticked, and says why a file could not be made', async () => {
    const { actor, calls, notices, ready } = boot({}, { exportRows: () => Promise.reject(Object.assign(new Error('HTTP 503'), { status: 503 })) });
    await ready(1);
    actor.send({ type: 'export.request', format: 'csv', rows: 'selected' });
    expect(actor.getSnapshot().matches({ browse: 'ready' })).toBe(true);
    expect(calls.exportRows).toBeUndefined();
    actor.send({ type: 'selection.toggle', id: rows[1]!.id });
    actor.send({ type: 'export.request', format: 'csv', rows: 'selected' });
    await waitFor(actor, (s) => s.matches({ browse: 'ready' }));
    expect(calls.exportRows?.[0]).toMatchObject({ format: 'csv', ids: [2] });
    expect(notices.at(-1)).toMatchObject({ key: 'list.exportFailed', color: 'error' });
    expect(actor.getSnapshot().context.selection).toEqual([2]);
  });

  it('bulk edits the ticked rows as a job: their ids and the set, then the jobs panel is told', async () => {
    const { actor, calls, notices, ready, ctx, jobsStarted } = boot();
    await ready(1);
    expect(actor.getSnapshot().can({ type: 'bulkEdit.open', rows: 'selected', field: 'status', op: 'set' })).toBe(false);
    actor.send({ type: 'selection.togglePage' });
    actor.send({ type: 'bulkEdit.open', rows: 'selected', field: 'price', op: 'set' });
    actor.send({ type: 'bulkEdit.value', value: 99 });
    actor.send({ type: 'bulkEdit.field', field: 'status', op: 'set' });
    expect(ctx().bulkEdit).toMatchObject({ field: 'status', value: null });
    actor.send({ type: 'bulkEdit.value', value: 'archived' });
    actor.send({ type: 'bulkEdit.submit' });
    await waitFor(actor, (s) => s.matches({ browse: 'ready' }));
    expect(calls.bulkUpdate).toEqual([{ resource: 'products', ids: [1, 2], set: { status: 'archived' } }]);
    expect(notices.at(-1)).toEqual({ key: 'list.bulkEditStarted', color: 'success' });
    expect(jobsStarted()).toBe(1);
    expect(ctx().bulkEdit).toBeNull();
  });

  it('bulk edits every row the list matches: its search and filters, not its page', async () => {
    const { actor, calls, ready } = boot({ search: '?search=red&fltr=status=draft&page=2&sort=-name' });
    await ready(1);
    actor.send({ type: 'bulkEdit.open', rows: 'list', field: 'price', op: 'percent' });
    actor.send({ type: 'bulkEdit.value', value: -10 });
    actor.send({ type: 'bulkEdit.submit' });
    await waitFor(actor, (s) => s.matches({ browse: 'ready' }));
    expect(calls.bulkUpdate).toEqual([{ resource: 'products', filter: { search: 'red', fltr: ['status=draft'] }, set: { price: { percent: -10 } } }]);
  });

  it('a refused value stays in the dialog on its field; any other failure says why; cancel leaves it', async () => {
    let answer: unknown = BULK_REFUSED;
    const { actor, calls, ctx, ready, jobsStarted } = boot({}, { bulkUpdate: () => Promise.reject(answer) });
    await ready(1);
    actor.send({ type: 'bulkEdit.open', rows: 'list', field: 'tags', op: 'add' });
    actor.send({ type: 'bulkEdit.value', value: [3] });
    actor.send({ type: 'bulkEdit.submit' });
    await waitFor(actor, (s) => s.matches({ bulkEditing: 'editing' }) && (calls.bulkUpdate?.length ?? 0) === 1);
    expect(calls.bulkUpdate?.[0].set).toEqual({ tags: { add: [3] } });
    expect(ctx().bulkEdit?.errors).toEqual({ 'set.status': [{ code: 'choice', text: 'Choose one of the listed values.' }] });
    answer = { status: 503 };
    actor.send({ type: 'bulkEdit.submit' });
    await waitFor(actor, (s) => s.matches({ bulkEditing: 'editing' }) && (calls.bulkUpdate?.length ?? 0) === 2);
    expect(ctx().bulkEdit).toMatchObject({ errors: {}, failure: { status: 503 } });
    actor.send({ type: 'bulkEdit.cancel' });
    expect(actor.getSnapshot().matches({ browse: 'ready' })).toBe(true);
    expect(jobsStarted()).toBe(0);
  });
});
