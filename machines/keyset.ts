import type { KeysetPage } from './history.types';

/** The list after a keyset page arrived: the first page replaces it, a later one (load more) is appended. */
export function withPage<T extends { id: number }>(shown: readonly T[], page: KeysetPage<T>, first: boolean): { entries: T[]; next: number | null } {
  if (first) return { entries: page.items, next: page.next };
  // A row written between two reads can shift the pages: never list an entry twice.
  const seen = new Set(shown.map((e) => e.id));
  return { entries: [...shown, ...page.items.filter((e) => !seen.has(e.id))], next: page.next };
}
