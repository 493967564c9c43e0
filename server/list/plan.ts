import type { Kysely } from 'kysely';
import { DRIVER_CAP } from './caps.js';
import { memoPlan, type PlanMemo } from './planMemo.js';
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

export interface PlanOptions {
  /** Makes the plan drive or walk whatever the counts (tests). */
  forced?: 'drive' | 'walk';
  /** Where the plan may be kept, when every row of the index's scope is one site's (planMemo.ts). */
  memo?: PlanMemo;
}

export function planSearch(db: Kysely<any>, index: SearchIndex, words: readonly string[], opts: PlanOptions = {}): Promise<SearchPlan> {
  const { forced, memo } = opts;
  const count = () => countedPlan(db, index, words, forced);
  if (!memo || forced) return count();
  // The index and its scope as SQL (its site, and a folder or a type where it has them), and the words.
  const scope = index.scope('s');
  return memoPlan(memo, `${index.table}|${scope.text}|${JSON.stringify(scope.params)}|${words.join(' ')}`, count);
}

async function countedPlan(db: Kysely<any>, index: SearchIndex, words: readonly string[], forced?: 'drive' | 'walk'): Promise<SearchPlan> {
  const n = await wordEstimates(db, index, words);
  const rarest = n.indexOf(Math.min(...n));
  const word = words[rarest];
  if (word === undefined) throw new Error('planSearch needs at least one word');
  const drives = forced ? forced === 'drive' : n[rarest]! < DRIVER_CAP;
  return { rarest: word, others: words.filter((_, i) => i !== rarest), drives };
}
