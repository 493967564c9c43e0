import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MAX_OFFSET } from '../../server/list/caps.js';
import { capped, type Counted } from '../../server/list/counted.js';
import { paginate } from '../../server/list/paginate.js';
import { readPage } from '../../server/list/readPage.js';
import { probes, type SearchIndex, wordIds } from '../../server/list/searchIndex.js';
import { asKysely, raw, sqlText } from '../../server/list/sqlText.js';
import { isDeep, windowOf } from '../../server/list/window.js';
import { fold, prefixRange, searchWords, type WordRules, words } from '../../server/list/words.js';

/** The pieces of the list engine (server/list/) that need no database. */

const RULES: WordRules = { maxWordLength: 5, maxSearchWords: 3, marks: /\p{M}+/gu };

describe('words', () => {
  it('folds accents and case with the index’s marks', () => {
    expect(fold('Perché ÅNGSTRÖM', RULES)).toBe('perche angstrom');
    // A mark outside the Latin combining block stays when the index keeps those.
    expect(fold('कि', { marks: /[\u0300-\u036f]/g })).toBe('कि');
    expect(fold('कि', RULES)).toBe('क');
  });

  it('splits on anything but letters and digits and cuts words by code points', () => {
    expect(words('Red-tractor_42  x', RULES)).toEqual(['red', 'tract', '42', 'x']);
    expect(words('𝒜𝒜𝒜𝒜𝒜𝒜', { ...RULES, marks: /$^/g })).toEqual(['aaaaa']);
    expect(words('𠀀𠀀𠀀𠀀𠀀𠀀', RULES)).toEqual(['𠀀𠀀𠀀𠀀𠀀']);
  });

  it('keeps the longest distinct search words, up to the index’s number', () => {
    expect(searchWords('a bb ccc bb dddd', RULES)).toEqual(['dddd', 'ccc', 'bb']);
    expect(searchWords(' - ', RULES)).toEqual([]);
  });

  it('makes a prefix range in code-point order', () => {
    expect(prefixRange('abc')).toEqual(['abc', 'abd']);
    expect(prefixRange('a\ud7ff')).toEqual(['a\ud7ff', 'a\ue000']);
    expect(prefixRange('a𠀀')).toEqual(['a𠀀', 'a𠀁']);
  });
});

describe('counts and paginators', () => {
  it('reads a capped count', () => {
    expect(capped(5)).toEqual({ count: 5, exact: true });
    expect(capped(-1)).toEqual({ count: 0, exact: true });
    expect(capped(200, 200)).toEqual({ count: 200, exact: true });
    expect(capped(201, 200)).toEqual({ count: 200, exact: false });
  });

  it('clamps the page to the last one and says so in the paginator', () => {
    expect(paginate({ count: 25, exact: true }, { page: 9, size: 10 })).toEqual({
      count: 25,
      page: 3,
      pages: 3,
      page_size: 10,
      has_next: false,
      has_previous: true,
      count_exact: true,
    });
    expect(paginate({ count: 0, exact: false }, { page: 1, size: 10 })).toMatchObject({ page: 1, pages: 1, has_next: false, count_exact: false });
  });
});

describe('readPage', () => {
  const ROWS = Array.from({ length: 25 }, (_, i) => i + 1);
  const reader = (count: Counted) => {
    const asked: string[] = [];
    return {
      asked,
      page: async (page: number) => {
        asked.push(`page ${page}`);
        return ROWS.slice((page - 1) * 10, page * 10);
      },
      count: async () => {
        asked.push('count');
        return count;
      },
    };
  };

  it('reads page and count side by side, and the last page again when past the end', async () => {
    const r = reader({ count: 25, exact: true });
    expect(await readPage({ page: 2, size: 10 }, r)).toMatchObject({ items: ROWS.slice(10, 20), paginator: { page: 2, pages: 3 } });
    expect(r.asked.sort()).toEqual(['count', 'page 2']);
    const past = reader({ count: 25, exact: true });
    expect(await readPage({ page: 7, size: 10 }, past)).toMatchObject({ items: ROWS.slice(20), paginator: { page: 3 } });
    expect(past.asked.sort()).toEqual(['count', 'page 3', 'page 7']);
  });

  it('takes the count that rides along with the page, and counts alone only past the end', async () => {
    const r = reader({ count: 99, exact: true });
    const pageAndCount = async (page: number) => {
      const items = await r.page(page);
      return items.length ? { items, counted: { count: 25, exact: true } } : undefined;
    };
    expect(await readPage({ page: 1, size: 10 }, { ...r, pageAndCount })).toMatchObject({ items: ROWS.slice(0, 10), paginator: { count: 25 } });
    expect(r.asked).toEqual(['page 1']);
    r.asked.length = 0;
    expect(await readPage({ page: 5, size: 10 }, { ...r, pageAndCount })).toMatchObject({ paginator: { count: 99, page: 5, pages: 10 } });
    expect(r.asked).toEqual(['page 5', 'count']);
  });

  it('reads the count first when asked to, and hands it to the page', async () => {
    const r = reader({ count: 25, exact: true });
    const seen: Array<Counted | undefined> = [];
    const page = async (n: number, counted?: Counted) => {
      seen.push(counted);
      return r.page(n);
    };
    expect(await readPage({ page: 2, size: 10 }, { ...r, page, countFirst: true })).toMatchObject({ items: ROWS.slice(10, 20), paginator: { page: 2 } });
    expect(r.asked).toEqual(['count', 'page 2']);
    expect(seen).toEqual([{ count: 25, exact: true }]);
  });

  it('reads no page again when nothing matches', async () => {
    const r = reader({ count: 0, exact: true });
    expect(await readPage({ page: 4, size: 10 }, r)).toMatchObject({ items: [], paginator: { count: 0, page: 1 } });
    expect(r.asked.sort()).toEqual(['count', 'page 4']);
  });
});

describe('search index SQL', () => {
  const index: SearchIndex = { table: 'things_search', word: 'token', row: 'entity_id', scope: (a) => sqlText`${raw(a)}.tenant_id = ${7}` };

  it('finds a word as one range of the index within the scope, and probes a row for the others', () => {
    const ids = wordIds(index, 'red');
    expect(ids.text).toBe(
      'select things_search.entity_id from things_search where things_search.tenant_id = ? and things_search.token >= ? and things_search.token < ?',
    );
    expect(ids.params).toEqual([7, 'red', 'ree']);
    const p = probes(index, ['ab', 'x'], 't.id');
    expect(p.text).toBe(
      ' and exists (select 1 from things_search p where p.entity_id = t.id and p.token >= ? and p.token < ? limit 1 offset 0)' +
        ' and exists (select 1 from things_search p where p.entity_id = t.id and p.token >= ? and p.token < ? limit 1 offset 0)',
    );
    expect(p.params).toEqual(['ab', 'ac', 'x', 'y']);
  });

  it('puts a fragment into a Kysely query with its values bound in order', () => {
    const db = new Kysely<any>({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (k) => new PostgresIntrospector(k),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
    });
    const q = db
      .selectFrom('things')
      .select('id')
      .where('kind', '=', 'a')
      .where('id', 'in', asKysely(sqlText`(${wordIds(index, 'red')})`))
      .compile();
    expect(q.sql).toBe(
      'select "id" from "things" where "kind" = $1 and "id" in (select things_search.entity_id from things_search where things_search.tenant_id = $2 and things_search.token >= $3 and things_search.token < $4)',
    );
    expect(q.parameters).toEqual(['a', 7, 'red', 'ree']);
  });
});

describe('windowOf', () => {
  const size = 10;
  it('skips from the start up to MAX_OFFSET rows', () => {
    expect(windowOf({ size }, 3)).toEqual({ offset: 20, limit: 10, reversed: false });
    expect(windowOf({ size }, MAX_OFFSET / size + 1, { count: 3 * MAX_OFFSET, exact: true })).toEqual({ offset: MAX_OFFSET, limit: 10, reversed: false });
    expect(isDeep({ page: MAX_OFFSET / size + 1, size })).toBe(false);
    expect(isDeep({ page: MAX_OFFSET / size + 2, size })).toBe(true);
  });

  it('reads a deeper page of an exact count from the end, the last one cut to what is left', () => {
    const count = MAX_OFFSET + 25;
    expect(windowOf({ size }, MAX_OFFSET / size + 3, { count, exact: true })).toEqual({ offset: 0, limit: 5, reversed: true });
    expect(windowOf({ size }, MAX_OFFSET / size + 2, { count, exact: true })).toEqual({ offset: 5, limit: 10, reversed: true });
  });

  it('refuses a page deep from both ends, and serves every page of an inexact count from the start', () => {
    expect(() => windowOf({ size }, MAX_OFFSET / size + 2, { count: 3 * MAX_OFFSET, exact: true })).toThrow(
      expect.objectContaining({ statusCode: 400, problems: { page: [expect.objectContaining({ code: 'pageTooDeep' })] } }),
    );
    expect(windowOf({ size }, MAX_OFFSET / size + 2, { count: MAX_OFFSET, exact: false })).toEqual({ offset: MAX_OFFSET + 10, limit: 10, reversed: false });
  });
});
