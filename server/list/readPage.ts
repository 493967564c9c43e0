import type { Paginator } from '../../entities/paginator.js';
import type { Counted } from './counted.js';
import { paginate } from './paginate.js';

/** How a list reads one page and its count. */
export interface PageReads<Item> {
  /** The rows of a page; `counted` when the count was read first (a deep page is then read from the nearer end, window.ts). */
  page(page: number, counted?: Counted): Promise<Item[]>;
  count(): Promise<Counted>;
  /**
   * The rows of a page with the count riding along in the same query (a scalar subquery,
   * evaluated once), saving a round trip; undefined when the page has no rows. Without it,
   * the page and the count are read side by side.
   */
  pageAndCount?(page: number): Promise<{ items: Item[]; counted: Counted } | undefined>;
  /** Read the count before the page (a page deeper than MAX_OFFSET needs it to be read from the end). */
  countFirst?: boolean;
}

/** One page and its paginator; a page past the last one answers the last one. */
export async function readPage<Item>(asked: { page: number; size: number }, reads: PageReads<Item>): Promise<{ items: Item[]; paginator: Paginator }> {
  // Undefined while the page is still to be read (countFirst).
  let items: Item[] | undefined;
  let counted: Counted;
  if (reads.countFirst) counted = await reads.count();
  else if (reads.pageAndCount) {
    const both = await reads.pageAndCount(asked.page);
    if (both) ({ items, counted } = both);
    else [items, counted] = [[], await reads.count()];
  } else [counted, items] = await Promise.all([reads.count(), reads.page(asked.page)]);
  const paginator = paginate(counted, asked);
  if (!items || paginator.page !== asked.page) items = counted.count ? await reads.page(paginator.page, counted) : [];
  return { items, paginator };
}
