/**
 * How a list reads a search it walks (every word frequent, plan.ts): the first matches
 * (enough for every page a count of WALK_COUNT_CAP allows) among the first rows of each of
 * its walks (WALK_SCAN_CAP shared between them), in the list's order, in one query. The page is a slice of them and the count their number, so
 * the two always agree, and the cost is bounded by the rows examined, whatever the table's
 * size or how rare the words are under a filter. When a walk had more rows than it examined
 * and the cap was not reached, the answer says where the search stopped (`searched_rows`).
 * Entity lists, the media library and the accounts lists each give their walks' SQL.
 */
import { scanPerWalk, WALK_COUNT_CAP, WALK_SCAN_CAP } from './caps.js';
import type { Counted } from './counted.js';
import type { PageReads } from './readPage.js';

export interface Walk<Item> {
  /**
   * The ids of the first `limit` matches among each walk's first scanPerWalk rows, merged in
   * the list's order, and the walks' `lengths` read in the same query (scalar subqueries of
   * its rows, evaluated once): undefined when nothing matched, and no row carried them.
   */
  matches(limit: number): Promise<{ ids: number[]; lengths?: number[] }>;
  /** Each walk's rows, counted up to scanPerWalk (in its index alone, without the search). */
  lengths(): Promise<number[]>;
  /** The list rows of these ids, in the list's order. */
  rows(ids: number[]): Promise<Item[]>;
}

/** The column of a matches query's rows holding the length of walk `i`. */
export const lengthColumn = (i: number) => `n${i}`;

/** The lengths of `walks` walks carried by a matches query's rows, when it returned any. */
export function lengthsOf(rows: ReadonlyArray<Record<string, unknown>>, walks: number): number[] | undefined {
  const [first] = rows;
  return first && Array.from({ length: walks }, (_, i) => Number(first[lengthColumn(i)]));
}

export function walkedReads<Item>(size: number, walk: Walk<Item>): PageReads<Item> {
  let found: Promise<{ ids: number[]; counted: Counted }> | undefined;
  const find = () =>
    (found ??= (async () => {
      const { ids, lengths: read } = await walk.matches(WALK_COUNT_CAP + size);
      if (ids.length > WALK_COUNT_CAP) return { ids, counted: { count: WALK_COUNT_CAP, exact: false } };
      const lengths = read ?? (await walk.lengths());
      const stopped = lengths.some((n) => n >= scanPerWalk(lengths.length));
      return { ids, counted: stopped ? { count: ids.length, exact: false, searched: WALK_SCAN_CAP } : { count: ids.length, exact: true } };
    })());
  return {
    count: async () => (await find()).counted,
    page: async (page) => {
      const ids = (await find()).ids.slice((page - 1) * size, page * size);
      return ids.length ? walk.rows(ids) : [];
    },
  };
}
