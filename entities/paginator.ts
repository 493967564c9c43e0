/**
 * The paginator of a list answer (docs/decisions.md §4): entity lists, the media library
 * and the accounts list send it, the SPA's list machines read it. Computed on the server
 * by server/list/paginate.ts.
 */
export interface Paginator {
  count: number;
  page: number;
  pages: number;
  page_size: number;
  has_next: boolean;
  has_previous: boolean;
  /**
   * false when the count stopped at a cap: there are at least `count` matches. The
   * accounts list leaves it out unless it is false (its answers had none before the cap).
   */
  count_exact?: boolean;
  /**
   * Present when a search by frequent words stopped after examining this many rows (in the
   * list's order) of each walk: rows further on are not listed, and `count_exact` is false.
   * Another word or a filter narrows the search so that it reaches them.
   */
  searched_rows?: number;
}
