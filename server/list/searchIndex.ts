/**
 * The SQL of a search index: a table of (scope…, word, row id) whose primary key starts
 * with the scope and the word, so that the rows holding a word starting with a search
 * word are one range scan, whatever the size of the list. Entity lists keep theirs in
 * `<table>_search (tenant_id, token, entity_id)` (server/entities/search.ts), the media
 * library in media_terms, whose rows also carry the folder and the type group
 * (server/services/media/terms.ts).
 */
import type { Kysely } from 'kysely';
import { DRIVER_CAP } from './caps.js';
import { type Fragment, joinText, raw, runText, sqlText } from './sqlText.js';
import { prefixRange } from './words.js';

export interface SearchIndex {
  table: string;
  /** The column holding a word. */
  word: string;
  /** The column holding the id of the row the word belongs to. */
  row: string;
  /** Conditions on the index rows (as `alias`) of the list's scope: its site, and whatever else the rows carry. */
  scope: (alias: string) => Fragment;
}

/** Index rows (as `alias`) of the scope holding a word that starts with `word`. */
export function wordRows(index: SearchIndex, word: string, alias: string): Fragment {
  const [lo, hi] = prefixRange(word);
  const w = raw(`${alias}.${index.word}`);
  return sqlText`${index.scope(alias)} and ${w} >= ${lo} and ${w} < ${hi}`;
}

/**
 * The ids (one column) of the scope's rows holding `word`: a row may come once per word it
 * holds. Unaliased, so that a query plan names the index's table (tests/server/list-plans.test.ts).
 */
export function wordIds(index: SearchIndex, word: string): Fragment {
  return sqlText`select ${raw(`${index.table}.${index.row}`)} from ${raw(index.table)} where ${wordRows(index, word, index.table)}`;
}

/**
 * The row whose id is `ref` holds a word starting with `word`. The OFFSET keeps PostgreSQL
 * from turning the probe into a join over every match of the word (it flattens an EXISTS
 * only without one), which it then sorts.
 */
export function probe(index: SearchIndex, word: string, ref: string): Fragment {
  const [lo, hi] = prefixRange(word);
  const w = raw(`p.${index.word}`);
  return sqlText`exists (select 1 from ${raw(`${index.table} p where p.${index.row} = ${ref}`)} and ${w} >= ${lo} and ${w} < ${hi} limit 1 offset 0)`;
}

/** ` and exists …` for each word: the row whose id is `ref` holds a word starting with it. */
export function probes(index: SearchIndex, words: readonly string[], ref: string): Fragment {
  return joinText(
    words.map((word) => sqlText` and ${probe(index, word, ref)}`),
    '',
  );
}

/** Each word's index rows in the scope, counted up to DRIVER_CAP, in one query for all words. */
export async function wordEstimates(db: Kysely<any>, index: SearchIndex, words: readonly string[]): Promise<number[]> {
  const counts = words.map(
    (word, i) =>
      sqlText`(select count(*) from (select 1 as one from ${raw(index.table)} d where ${wordRows(index, word, 'd')} limit ${DRIVER_CAP}) as e) as ${raw(`n${i}`)}`,
  );
  const [row] = await runText<Record<string, number>>(db, sqlText`select ${joinText(counts, ', ')}`);
  return words.map((_, i) => Number(row?.[`n${i}`] ?? 0));
}
