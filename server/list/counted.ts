/** A list's total as the paginator reports it. */
export interface Counted {
  count: number;
  /** false when the count stopped at a cap: there are at least `count` matches. */
  exact: boolean;
  /** Set when a walking search stopped after examining this many rows of each walk (caps.ts WALK_SCAN_CAP). */
  searched?: number;
}

/** `n` rows read from a count that stops past `cap` (undefined: not capped). */
export function capped(n: number, cap?: number): Counted {
  return cap !== undefined && n > cap ? { count: cap, exact: false } : { count: Math.max(0, n), exact: true };
}
