import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { connectEntityList } from '../../machines/entityList.connect';
import { queryToState, sameQuery, setFilter, sortState, stateToQuery, toApiParams, toggleSort, togglePage } from '../../machines/entityList.helpers';
import { type EntityListContext, type EntityListEvent, entityListMachine } from '../../machines/entityList.machine';
import { page, rows } from '../../machines/entityList.model';
import type { ListQuery } from '../../machines/entityList.types';
import { exactly } from '../tuples';

const defaults = { items: 10, sort: ['name'] };

describe('entity list query ↔ URL', () => {
  it('reads a full query string', () => {
    expect(queryToState('?page=3&items=25&sort=-created_at,name&search=red%20tractor&fltr=status%3Dpublished&fltr=brand=DF', defaults)).toEqual({
      page: 3,
      items: 25,
      sort: ['-created_at', 'name'],
      search: 'red tractor',
      filters: { status: 'published', brand: 'DF' },
    });
  });

  it('falls back to the defaults for what is missing or malformed', () => {
    expect(queryToState('', defaults)).toEqual({ page: 1, items: 10, sort: ['name'], search: '', filters: {} });
    expect(queryToState('page=-2&items=1000&sort=na%20me,,-x;drop&fltr=bad&fltr==v&fltr=a=', defaults)).toEqual({
      page: 1,
      items: 10,
      sort: [],
      search: '',
      filters: {},
    });
    // Same field twice: the first wins.
    expect(queryToState('sort=name,-name', defaults).sort).toEqual(['name']);
  });

  it('keeps only declared sort and filter fields', () => {
    const q = queryToState('sort=name,secret&fltr=status=1&fltr=tenant=2', defaults, { sortFields: ['name'], filterFields: ['status'] });
    expect(q.sort).toEqual(['name']);
    expect(q.filters).toEqual({ status: '1' });
  });

  it('writes only what differs from the defaults, and an explicit empty sort', () => {
    expect(stateToQuery({ page: 1, items: 10, sort: ['name'], search: '', filters: {} }, defaults)).toBe('');
    expect(stateToQuery({ page: 1, items: 10, sort: [], search: '', filters: {} }, defaults)).toBe('sort=');
    expect(queryToState('sort=', defaults).sort).toEqual([]);
  });

  it('round-trips any normalised query (property)', () => {
    const field = fc.stringMatching(/^[a-z_][a-z0-9_]{0,8}$/);
    const query = fc.record({
      page: fc.integer({ min: 1, max: 100000 }),
      items: fc.integer({ min: 1, max: 100 }),
      sort: fc.uniqueArray(fc.tuple(field, fc.boolean()), { maxLength: 4, selector: ([f]) => f }).map((keys) => keys.map(([f, desc]) => (desc ? `-${f}` : f))),
      search: fc.string({ maxLength: 20 }),
      filters: fc.dictionary(field, fc.string({ minLength: 1, maxLength: 12 }), { maxKeys: 4 }),
    }) as fc.Arbitrary<ListQuery>;
    fc.assert(
      fc.property(query, (q) => {
        const back = queryToState(stateToQuery(q, defaults), defaults);
        expect(back).toEqual({ ...q, filters: { ...q.filters } });
        expect(sameQuery(back, q)).toBe(true);
      }),
    );
  });

  it('gives the API its parameters', () => {
    expect(toApiParams({ page: 2, items: 10, sort: ['name', '-created_at'], search: ' red ', filters: { status: 'published', brand: 'DF' } })).toEqual({
      page: 2,
      items: 10,
      sort: 'name,-created_at',
      search: 'red',
      fltr: ['brand=DF', 'status=published'],
    });
    expect(toApiParams({ page: 1, items: 10, sort: [], search: '', filters: {} })).toEqual({ page: 1, items: 10 });
  });
});

describe('entity list helpers', () => {
  it('cycles the primary column asc → desc → off; another column becomes primary', () => {
    expect(toggleSort([], 'name')).toEqual(['name']);
    expect(toggleSort(['name'], 'name')).toEqual(['-name']);
    expect(toggleSort(['-name', 'id'], 'name')).toEqual(['id']);
    expect(toggleSort(['id', '-name'], 'name')).toEqual(['name', 'id']);
    expect(sortState(['id', '-name'], 'name')).toEqual({ direction: 'desc', rank: 2 });
    expect(sortState(['id'], 'name')).toBeNull();
  });

  it('sets and removes filters', () => {
    expect(setFilter({ a: '1' }, 'b', '2')).toEqual({ a: '1', b: '2' });
    expect(setFilter({ a: '1' }, 'a', null)).toEqual({});
    expect(setFilter({ a: '1' }, 'a', '')).toEqual({});
  });

  it('ticks the whole page, or unticks it when all are ticked', () => {
    expect(togglePage([9], [1, 2])).toEqual([9, 1, 2]);
    expect(togglePage([9, 1, 2], [1, 2])).toEqual([9]);
    expect(togglePage([], [])).toEqual([]);
  });
});

describe('connectEntityList', () => {
  const base = createActor(entityListMachine, { input: { resource: 'products', defaults: { sort: ['name'] } } }).getSnapshot().context;
  const snap = (value: any, context: Partial<EntityListContext> = {}) => entityListMachine.resolveState({ value, context: { ...base, ...context } });
  const rec = () => {
    const sent: EntityListEvent[] = [];
    return { sent, send: (e: EntityListEvent) => void sent.push(e) };
  };

  it('maps rows, selection and the header checkbox', () => {
    const { send, sent } = rec();
    const props = connectEntityList(snap({ browse: { ready: 'idle' } }, { rows, paginator: page(2).paginator, selection: [2] }), send);
    expect(props.rows.map((r) => [r.id, r.selected])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(props.selection).toMatchObject({ count: 1, allOnPage: false, someOnPage: true });
    expect(props.canBulkDelete).toBe(true);
    const [first, second] = exactly(props.rows, 2);
    first.toggle();
    second.remove();
    props.selection.togglePage();
    expect(sent).toEqual([{ type: 'selection.toggle', id: 1 }, { type: 'row.delete', id: 2 }, { type: 'selection.togglePage' }]);
  });

  it('describes column sort for headers', () => {
    const { send, sent } = rec();
    const props = connectEntityList(snap({ browse: { ready: 'idle' } }, { query: { ...base.query, sort: ['-name', 'id'] } }), send);
    expect(props.getColumnProps('name')).toMatchObject({ sort: 'desc', rank: 1, ariaSort: 'descending' });
    expect(props.getColumnProps('id')).toMatchObject({ sort: 'asc', rank: 2, ariaSort: 'none' });
    expect(props.getColumnProps('slug')).toMatchObject({ sort: null, rank: null });
    props.getColumnProps('slug').toggleSort();
    expect(sent).toEqual([{ type: 'sort.toggle', field: 'slug' }]);
  });

  it('tells an empty list from a search with no match', () => {
    const { send } = rec();
    expect(connectEntityList(snap({ browse: { ready: 'idle' } }, { rows: [] }), send).empty).toBe('noRows');
    expect(connectEntityList(snap({ browse: { ready: 'idle' } }, { rows: [], query: { ...base.query, search: 'x' } }), send).empty).toBe('noMatches');
    expect(connectEntityList(snap({ browse: 'loading' }, { rows: [] }), send).empty).toBeNull();
    expect(connectEntityList(snap({ browse: { ready: 'idle' } }, { rows }), send).empty).toBeNull();
  });

  it('maps pagination and the page size choice', () => {
    const { send, sent } = rec();
    const props = connectEntityList(
      snap({ browse: { ready: 'idle' } }, { rows, paginator: page(2).paginator, query: { ...base.query, page: 2, items: 15 } }),
      send,
    );
    expect(props.pagination).toMatchObject({ page: 2, pages: 3, count: 25, pageSize: 15, hasPrevious: true, hasNext: true, pageSizes: [10, 15, 25, 50, 100] });
    props.pagination.previous();
    props.pagination.setPageSize(50);
    expect(sent).toEqual([
      { type: 'page.change', page: 1 },
      { type: 'items.change', items: 50 },
    ]);
    expect(props.queryString).toBe('page=2&items=15');
    expect(props.pagination).toMatchObject({ countExact: true, searchedRows: null });
  });

  it('says when the count is a lower bound and when a search stopped (docs/decisions.md §12)', () => {
    const { send } = rec();
    const stopped = { ...page(1).paginator, count: 3, count_exact: false, searched_rows: 2000 };
    expect(connectEntityList(snap({ browse: { ready: 'idle' } }, { rows, paginator: stopped }), send).pagination).toMatchObject({
      count: 3,
      countExact: false,
      searchedRows: 2000,
    });
  });

  it('shows the load error only when failed, and no bulk delete while busy', () => {
    const { send } = rec();
    const loadError = { status: 500, key: 'errors.http.server' };
    expect(connectEntityList(snap({ browse: 'failed' }, { loadError }), send).loadError).toEqual(loadError);
    expect(connectEntityList(snap('deleting', { selection: [1] }), send)).toMatchObject({ canBulkDelete: false, deleting: true });
  });

  it('offers the first page, not a retry, for a page too deep to read (docs/decisions.md §12)', () => {
    const { send, sent } = rec();
    const tooDeep = { status: 400, key: 'list.pageTooDeep' };
    const props = connectEntityList(snap({ browse: 'failed' }, { loadError: tooDeep, query: { ...base.query, page: 2000 } }), send);
    expect(props.pageTooDeep).toBe(true);
    props.firstPage();
    expect(sent).toEqual([{ type: 'page.change', page: 1 }]);
    expect(connectEntityList(snap({ browse: 'failed' }, { loadError: { status: 500, key: 'errors.http.server' } }), send).pageTooDeep).toBe(false);
  });
});
