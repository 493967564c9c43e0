import type { Paginator } from '../../entities/paginator.js';
import type { Counted } from './counted.js';
import { paginate } from './paginate.js';

/** How a list reads one page and its count. */
export interface PageReads<Item> {
  /** The rows of a page. */
  page(page: number): Promise<Item[]>;
  count(): Promise<Counted>;
  /**
   * The rows of a page with the count riding along in the same query (a scalar subquery,
   * evaluated once), saving a round trip; undefined when the page has no rows. Without it,
   * the page and the count are read side by side.
   */
  pageAndCount?(page: number): Promise<{ items: Item[]; counted: Counted } | undefined>;
}

/** One page and its paginator; a page past the last one answers the last one. */
export async function readPage<Item>(asked: { page: number; size: number }, reads: PageReads<Item>): Promise<{ items: Item[]; paginator: Paginator }> {
  let items: Item[] = [];
  let counted: Counted;
  const both = reads.pageAndCount && (await reads.pageAndCount(asked.page));
  if (both) ({ items, counted } = both);
  else if (reads.pageAndCount) counted = await reads.count();
  else [counted, items] = await Promise.all([reads.count(), reads.page(asked.page)]);
  const paginator = paginate(counted, asked);
  if (paginator.page !== asked.page) items = counted.count ? await reads.page(paginator.page) : [];
  return { items, paginator };
}
