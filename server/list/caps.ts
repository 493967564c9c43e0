/**
 * The limits that keep a list's cost flat with the size of its table, for every list
 * (entity lists and the media library; docs/architecture.md, "A request").
 */

/** A search word matching fewer rows than this drives the query: its rows are the candidates. */
export const DRIVER_CAP = 2_000;
/** Count cap of a filtered list, or of a search driven by a rare word. */
export const COUNT_CAP = 10_000;
/** Count cap of a search the list walks (every word frequent): its matches are read, not counted. */
export const WALK_COUNT_CAP = 200;
/**
 * The most rows a walking search examines (docs/decisions.md §12), shared by its walks: a
 * frequent word may still be rare in a filter's rows or in the list's first rows, and each
 * row examined costs a probe per word (about 5 µs on SQLite). Past it the search stops and
 * says so (`searched_rows`).
 */
export const WALK_SCAN_CAP = 1_000;

/** The rows each of `walks` merged walks examines: together, WALK_SCAN_CAP. */
export const scanPerWalk = (walks: number) => Math.ceil(WALK_SCAN_CAP / Math.max(1, walks));
/**
 * The most rows a page may skip, from either end (docs/decisions.md §12): a deeper page of
 * an exact count is read in the reversed order from the nearer end; one deep from both
 * ends is refused (400, window.ts). An inexact count stops at COUNT_CAP, so its pages are all served.
 * @alias of COUNT_CAP by design
 */
export const MAX_OFFSET = COUNT_CAP;
