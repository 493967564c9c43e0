import { beforeAll, beforeEach, expect, it } from 'vitest';
import { rebuildMediaIndexes } from '../../server/services/media/indexes.js';
import { listMedia, type ListOptions, type MimeFilter } from '../../server/services/media/library.js';
import { DRIVER_CAP, WALK_COUNT_CAP, WALK_SCAN_CAP } from '../../server/list/caps.js';
import { searchWords, words } from '../../server/list/words.js';
import { MEDIA_WORDS } from '../../server/services/media/terms.js';
import { list } from './fixtures/mediaApi.js';
import { BOTH_STORES, describeEachDialect, type Session } from './harness.js';

/**
 * Search over a library large enough for every search plan (server/list/plan.ts): words rarer than
 * DRIVER_CAP drive the search; words all more frequent walk the library and cap the count.
 * Rows are loaded behind the API's back and indexed with rebuildMediaIndexes, like the
 * benchmark fixtures. Every answer is checked against the names themselves.
 */
const ITEMS = 4_200;

interface Item {
  name: string;
  mime: string;
  /** Newest first is descending i (created_at grows with it). */
  i: number;
}

// Even items are tractors, odd ones harvesters; every item is red; every fifth is a PDF.
const ITEM_LIST: Item[] = Array.from({ length: ITEMS }, (_, k) => {
  const i = k + 1;
  const pdf = i % 5 === 0;
  return { i, name: `${i % 2 ? 'harvester' : 'tractor'} red ${i}.${pdf ? 'pdf' : 'jpg'}`, mime: pdf ? 'application/pdf' : 'image/jpeg' };
});

/** The items a search must find, newest first: each search word starts a word of the name. */
function expected(search: string, filter?: (item: Item) => boolean): Item[] {
  const ws = searchWords(search, MEDIA_WORDS);
  return ITEM_LIST.filter((item) => ws.every((w) => words(item.name, MEDIA_WORDS).some((t) => t.startsWith(w))))
    .filter((item) => !filter || filter(item))
    .sort((a, b) => b.i - a.i);
}

describeEachDialect(
  'media search in a large library',
  (h) => {
    let tenantId: number;
    let session: Session;
    const idOf = new Map<number, number>();
    const stamp = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * 1000).toISOString();

    beforeAll(async () => {
      const domain = await h.db.selectFrom('tenant_domains').select('tenant_id').where('domain', '=', 'rossi.localhost').executeTakeFirstOrThrow();
      tenantId = domain.tenant_id;
      for (let k = 0; k < ITEMS; k += 500) {
        const rows = ITEM_LIST.slice(k, k + 500).map((item) => ({
          tenant_id: tenantId,
          folder_id: null,
          file_key: `${tenantId}/search-test/${item.i}`,
          name: item.name,
          size: 1000,
          mime_type: item.mime,
          mime_group: item.mime.split('/')[0] ?? '',
          created_at: stamp(item.i),
          updated_at: stamp(item.i),
        }));
        const inserted = await h.db.insertInto('media').values(rows).returning(['id', 'file_key']).execute();
        for (const r of inserted) idOf.set(Number(r.file_key.split('/').pop()), r.id);
      }
      await rebuildMediaIndexes(h.db, tenantId);
    });
    beforeEach(async () => {
      session = await h.login('rossi', 'rossi.localhost');
    });

    const options = (search: string, more: Partial<ListOptions> = {}): ListOptions => ({
      tenantId,
      folderId: null,
      all: false,
      words: searchWords(search, MEDIA_WORDS),
      page: 1,
      pageSize: 18,
      language: 'en',
      ...more,
    });
    const ids = (items: Item[]) => items.map((item) => idOf.get(item.i));

    it('has words on both sides of the driver cap', () => {
      expect(expected('red').length).toBeGreaterThanOrEqual(DRIVER_CAP);
      expect(expected('tractor').length).toBeGreaterThanOrEqual(DRIVER_CAP);
      expect(expected('harvester').length).toBeGreaterThanOrEqual(DRIVER_CAP);
      expect(expected('42').length).toBeLessThan(DRIVER_CAP);
    });

    it('finds a rare word with a frequent one, with an exact count, on every page', async () => {
      const want = expected('tractor 42');
      expect(want.map((item) => item.i)).toEqual([4200, 428, 426, 424, 422, 420, 42]);
      const first = await list(h, session, `search=${encodeURIComponent('tractor 42')}&items=4`);
      expect(first.media.paginator).toEqual({ count: want.length, page: 1, pages: 2, page_size: 4, has_next: true, has_previous: false, count_exact: true });
      expect(first.media.items.map((m) => m.id)).toEqual(ids(want.slice(0, 4)));
      const second = await list(h, session, `search=${encodeURIComponent('42 tractor')}&items=4&page=2`);
      expect(second.media.items.map((m) => m.id)).toEqual(ids(want.slice(4)));
      // Past the last page: the last page.
      expect((await list(h, session, `search=${encodeURIComponent('tractor 42')}&items=4&page=9`)).media.items.map((m) => m.id)).toEqual(ids(want.slice(4)));
    });

    it('matches word prefixes: each search word starts a word of the name', async () => {
      for (const search of ['tract 42', 'harv red 99', 'TRACTOR 1', 're 4199']) {
        const want = expected(search);
        const page = await listMedia(h.db, options(search, { pageSize: 100 }));
        expect(page.paginator, search).toMatchObject({ count: want.length, count_exact: true });
        expect(
          page.items.map((m) => m.id),
          search,
        ).toEqual(ids(want.slice(0, 100)));
      }
      // A word is a prefix of a name's word, not a piece of it.
      expect((await listMedia(h.db, options('ractor'))).paginator).toMatchObject({ count: 0, count_exact: true });
    });

    it('answers a word with no hits, alone or beside frequent words, with an exact zero', async () => {
      for (const search of ['zzz', 'tractor zzz', 'zzz red tractor']) {
        const page = await list(h, session, `search=${encodeURIComponent(search)}`);
        expect(page.media.paginator, search).toEqual({ count: 0, page: 1, pages: 1, page_size: 18, has_next: false, has_previous: false, count_exact: true });
        expect(page.media.items).toEqual([]);
      }
      // Frequent words that no item holds together: the walk stops after the newest WALK_SCAN_CAP, and says so.
      const none = await list(h, session, `search=${encodeURIComponent('tractor harvester')}`);
      expect(none.media.paginator).toEqual({
        count: 0,
        page: 1,
        pages: 1,
        page_size: 18,
        has_next: false,
        has_previous: false,
        count_exact: false,
        searched_rows: WALK_SCAN_CAP,
      });
    });

    it('caps the count of frequent words and says so, with the newest matches first', async () => {
      const one = await list(h, session, 'search=tractor');
      expect(one.media.paginator).toEqual({
        count: WALK_COUNT_CAP,
        page: 1,
        pages: Math.ceil(WALK_COUNT_CAP / 18),
        page_size: 18,
        has_next: true,
        has_previous: false,
        count_exact: false,
      });
      expect(one.media.items.map((m) => m.id)).toEqual(ids(expected('tractor').slice(0, 18)));

      const two = await list(h, session, `search=${encodeURIComponent('red harvester')}&page=3`);
      expect(two.media.paginator).toMatchObject({ count: WALK_COUNT_CAP, page: 3, pages: Math.ceil(WALK_COUNT_CAP / 18), count_exact: false });
      expect(two.media.items.map((m) => m.id)).toEqual(ids(expected('red harvester').slice(36, 54)));
      // A page past the capped count answers the last page the count allows.
      const far = await list(h, session, `search=${encodeURIComponent('red harvester')}&page=500`);
      const last = Math.ceil(WALK_COUNT_CAP / 18);
      expect(far.media.paginator).toMatchObject({ page: last, has_next: false });
      expect(far.media.items.map((m) => m.id)).toEqual(ids(expected('red harvester').slice((last - 1) * 18, last * 18)));
    });

    it('searches within a type: a group, an exact type, a prefix', async () => {
      const cases: Array<[string, MimeFilter, (item: Item) => boolean]> = [
        ['tractor 42', { kind: 'group', group: 'image' }, (item) => item.mime === 'image/jpeg'],
        ['tractor 4', { kind: 'exact', mime: 'application/pdf' }, (item) => item.mime === 'application/pdf'],
        ['red 41', { kind: 'prefix', prefix: 'application/p' }, (item) => item.mime === 'application/pdf'],
        ['red', { kind: 'exact', mime: 'application/pdf' }, (item) => item.mime === 'application/pdf'],
      ];
      for (const [search, filter, keep] of cases) {
        const want = expected(search, keep);
        const page = await listMedia(h.db, options(search, { filter, pageSize: 50 }));
        expect(
          page.items.map((m) => m.id),
          search,
        ).toEqual(ids(want.slice(0, 50)));
        if (page.paginator.count_exact) expect(page.paginator.count, search).toBe(want.length);
        else expect(page.paginator.count, search).toBeLessThan(want.length);
      }
    });

    it('finds the same page whichever way the search runs, a walk within the newest WALK_SCAN_CAP', async () => {
      const searches = ['tractor 42', 'harvester red 1', 'red 4', '41', 'zzz tractor'];
      const scanned = (item: Item) => item.i > ITEMS - WALK_SCAN_CAP;
      for (const search of searches) {
        for (const page of [1, 2]) {
          const terms = await listMedia(h.db, options(search, { page, plan: 'terms' }));
          expect(terms.paginator, search).toMatchObject({ count: expected(search).length, count_exact: true });
          expect(await listMedia(h.db, options(search, { page })), search).toEqual(terms);
          const scan = await listMedia(h.db, options(search, { page, plan: 'scan' }));
          const within = expected(search, scanned);
          const shown = (Math.min(page, Math.max(1, Math.ceil(within.length / 18))) - 1) * 18;
          expect(
            scan.items.map((m) => m.id),
            search,
          ).toEqual(ids(within.slice(shown, shown + 18)));
          expect(scan.paginator, search).toMatchObject(
            within.length > WALK_COUNT_CAP
              ? { count: WALK_COUNT_CAP, count_exact: false }
              : { count: within.length, count_exact: false, searched_rows: WALK_SCAN_CAP },
          );
        }
      }
    });
  },
  { stores: BOTH_STORES },
);
