import type { Kysely } from 'kysely';

/**
 * A site's list computations take turns (docs/decisions.md §61): at most LISTS_AT_ONCE of one
 * site are worked on at a time, the others wait in the site's queue, first come first
 * served. A list's reads run off the event loop, but its query building, its answer's JSON
 * and its socket writes do not: twenty clients asking one site for uncached lists without
 * pause filled every turn of the loop with that site's work, and another site's product
 * list waited behind it (p99 28–34 ms). With eight at a time it was 10–12 ms; with four, 7 ms,
 * but under 200 users a busy site's lists then queued (list p99 +15 ms), with eight not.
 */

/** How many lists of one site are worked on at once: a site's reads go to its reader eight at a time (db/readPool.ts). */
export const LISTS_AT_ONCE = 8;

interface Turns {
  running: number;
  waiting: Array<() => void>;
}

const sites = new Map<number, Turns>();

/**
 * Runs `work`, a list of the site read with `db`, in the site's turn: at once when fewer than
 * LISTS_AT_ONCE of its lists run, else after those before it. A list inside a write's
 * transaction takes no turn: it is part of that write, which must not wait for lists that
 * may wait for its connection.
 */
export async function inSiteTurn<T>(db: Pick<Kysely<any>, 'isTransaction'>, siteId: number, work: () => Promise<T>): Promise<T> {
  if (db.isTransaction) return work();
  let turns = sites.get(siteId);
  if (!turns) sites.set(siteId, (turns = { running: 0, waiting: [] }));
  if (turns.running >= LISTS_AT_ONCE) await new Promise<void>((start) => turns.waiting.push(start));
  else turns.running++;
  try {
    return await work();
  } finally {
    // The turn passes to the next waiting list, or the site has one running fewer.
    const next = turns.waiting.shift();
    if (next) next();
    else if (--turns.running === 0) sites.delete(siteId);
  }
}
