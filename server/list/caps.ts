/**
 * The limits that keep a list's cost flat with the size of its table, for every list
 * (entity lists and the media library; docs/architecture.md, "A request").
 */

/** A search word matching fewer rows than this drives the query: its rows are the candidates. */
export const DRIVER_CAP = 2_000;
/** Count cap of a filtered list, or of a search driven by a rare word. */
export const COUNT_CAP = 10_000;
/** Count cap of a single frequent word, counted in the search index alone. */
export const WORD_COUNT_CAP = 1_000;
/** Count cap when several words are all frequent: each counted row costs a probe per word. */
export const WALK_COUNT_CAP = 200;
