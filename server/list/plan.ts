import type { Kysely } from 'kysely';
import { DRIVER_CAP } from './caps.js';
import { type SearchIndex, wordEstimates } from './searchIndex.js';

/**
 * How a search finds its rows, from a capped count of each word's index rows:
 * - a word matching fewer than DRIVER_CAP rows drives: its rows are the candidates, each
 *   probed for the other words, then sorted;
 * - when every word matches DRIVER_CAP rows or more, the list walks its sort index and
 *   probes each row for every word, which finds a page of matches after a few dozen rows.
 */
export interface SearchPlan {
  /** The word matching the fewest rows. */
  rarest: string;
  /** The other words. */
  others: string[];
  /** Whether the rarest word drives (true) or the list walks (false). */
  drives: boolean;
}

/** `forced` (tests) makes the plan drive or walk whatever the counts. */
export async function planSearch(db: Kysely<any>, index: SearchIndex, words: readonly string[], forced?: 'drive' | 'walk'): Promise<SearchPlan> {
  const n = await wordEstimates(db, index, words);
  const rarest = n.indexOf(Math.min(...n));
  const word = words[rarest];
  if (word === undefined) throw new Error('planSearch needs at least one word');
  const drives = forced ? forced === 'drive' : n[rarest]! < DRIVER_CAP;
  return { rarest: word, others: words.filter((_, i) => i !== rarest), drives };
}
