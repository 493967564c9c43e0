/**
 * Search plans kept while the rows they were counted on stay (docs/decisions.md §64). A
 * plan costs a statement (each word's index rows, counted up to DRIVER_CAP) before the
 * search's own; paging through a search, or many users searching alike, asks it again and
 * again. A site's lists keep their plans under its data version (cache/dataVersions.ts),
 * which every write of its rows moves and which the guard read with the session: a kept
 * plan was counted on the rows the list reads, and once the version moves it is never
 * used again. Kept per database (the server's Kysely instance), as the response cache is.
 */
import type { SearchPlan } from './plan.js';

/** Plans kept per database before all are dropped (stale versions' plans go with them). */
const MAX_PLANS = 5_000;

const kept = new WeakMap<object, Map<string, Promise<SearchPlan>>>();

export interface PlanMemo {
  /** The database the list reads (the server's, not a transaction). */
  db: object;
  /** The site's data version, as its rows are now. */
  version: string;
}

/**
 * The plan `make` counts, or the one it counted under this version for the same `key` (the
 * index, its scope and the words: planSearch); requests alike share one count.
 */
export function memoPlan(memo: PlanMemo, key: string, make: () => Promise<SearchPlan>): Promise<SearchPlan> {
  let plans = kept.get(memo.db);
  if (!plans) {
    plans = new Map();
    kept.set(memo.db, plans);
  }
  const entry = `${memo.version}|${key}`;
  const found = plans.get(entry);
  if (found) return found;
  if (plans.size >= MAX_PLANS) plans.clear();
  const made = make();
  plans.set(entry, made);
  // A count that failed (a timeout, the database away) is asked again next time.
  made.catch(() => {
    if (plans.get(entry) === made) plans.delete(entry);
  });
  return made;
}
