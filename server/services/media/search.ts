/**
 * A media search: which media of the list's scope have, for every search word, a term
 * starting with it (media_terms; see terms.ts). Its cost follows the rarest word, not
 * the library:
 * - each word's term rows in the scope are counted up to DRIVER_CAP, in one query;
 * - a word under DRIVER_CAP drives: its matches are the candidates, each probed for the
 *   other words (media_terms_media), then sorted newest first; the count is exact;
 * - when every word matches DRIVER_CAP media or more, the list walks the scope newest
 *   first and probes each row (a page of matches comes after a few dozen rows), and the
 *   count stops at a cap (the paginator then says `count_exact: false`, as entity lists do).
 */
import type { Db } from './db.js';
import type { ListOptions } from './library.js';
import { type Fragment, joinText, NOTHING, raw, runText, sqlText } from './sqlText.js';
import { prefixRange } from './terms.js';
import { mimeGroup } from './types.js';

/** A word matching fewer media than this drives the search. */
export const DRIVER_CAP = 2_000;
/** Count cap of a single frequent word (counted in the term index alone). */
export const WORD_COUNT_CAP = 1_000;
/** Count cap when several words are all frequent: each counted match costs a probe per word. */
export const WALK_COUNT_CAP = 200;

export interface SearchPlan {
  /** The rarest word: its matches are the candidates (or, when walking, what the count runs over). */
  driver: string;
  /** Words each candidate must also have. */
  probes: string[];
  /** Collect the driver's matches and sort them (true), or walk the scope newest first. */
  collect: boolean;
}

export interface Counted {
  count: number;
  /** false when the count stopped at a cap: there are at least `count` matches. */
  exact: boolean;
}

export type Scope = Pick<ListOptions, 'tenantId' | 'folderId' | 'all' | 'filter'>;

/** The top-level type a filter keeps to (media_terms and media both carry it). */
export function filterGroup(f: Scope['filter']): string | undefined {
  if (!f) return undefined;
  return f.kind === 'group' ? f.group : mimeGroup(f.kind === 'exact' ? f.mime : f.prefix);
}

/** The condition on `<alias>.mime_type` of an exact type or a type prefix, which media_terms does not carry. */
export function mimeTypeCondition(scope: Scope, alias: string): Fragment | undefined {
  const f = scope.filter;
  if (f?.kind === 'exact') return sqlText`${raw(alias)}.mime_type = ${f.mime}`;
  if (f?.kind === 'prefix') return sqlText`${raw(alias)}.mime_type like ${`${f.prefix}%`}`;
  return undefined;
}

/** media_terms rows (as `d`) of one word within the scope: one range of the primary key, the folder and type checked within it. */
function termRows(scope: Scope, word: string): Fragment {
  const [lo, hi] = prefixRange(word);
  const parts = [sqlText`d.tenant_id = ${scope.tenantId} and d.term >= ${lo} and d.term < ${hi}`];
  if (!scope.all) parts.push(sqlText`d.folder_id = ${scope.folderId ?? 0}`);
  const group = filterGroup(scope.filter);
  if (group) parts.push(sqlText`d.mime_group = ${group}`);
  return joinText(parts, ' and ');
}

/** ` and exists …` for each word: the media whose id is `ref` has a term starting with it. */
export function probes(words: string[], ref: string): Fragment {
  return joinText(
    words.map((word) => {
      const [lo, hi] = prefixRange(word);
      return sqlText` and exists (select 1 from media_terms p where p.media_id = ${raw(ref)} and p.term >= ${lo} and p.term < ${hi})`;
    }),
    '',
  );
}

/** Distinct ids (`id`) of the driver's rows (as `d`) that have the other words and, with an exact type or a type prefix, that type. */
function candidates(scope: Scope, plan: SearchPlan): Fragment {
  const mime = mimeTypeCondition(scope, 'm');
  const typed = mime ? sqlText` and exists (select 1 from media m where m.id = d.media_id and ${mime})` : NOTHING;
  return sqlText`select distinct d.media_id as id from media_terms d where ${termRows(scope, plan.driver)}${probes(plan.probes, 'd.media_id')}${typed}`;
}

/** Picks the driver from each word's term rows in the scope, counted up to DRIVER_CAP in one query for all words. */
export async function planSearch(db: Db, scope: Scope, words: string[], forced?: 'terms' | 'scan'): Promise<SearchPlan> {
  const counts = words.map(
    (word, i) => sqlText`(select count(*) from (select 1 as one from media_terms d where ${termRows(scope, word)} limit ${DRIVER_CAP}) as e) as ${raw(`n${i}`)}`,
  );
  const [row] = await runText<Record<string, number>>(db, sqlText`select ${joinText(counts, ', ')}`);
  const n = words.map((_, i) => Number(row?.[`n${i}`] ?? 0));
  const rarest = n.indexOf(Math.min(...n));
  const driver = words[rarest];
  if (driver === undefined) throw new Error('planSearch needs at least one word');
  const collect = forced ? forced === 'terms' : n[rarest]! < DRIVER_CAP;
  return { driver, probes: words.filter((_, i) => i !== rarest), collect };
}

/** Ids of every match, newest first (collect plans: fewer than DRIVER_CAP candidates). */
export async function matchingIds(db: Db, scope: Scope, plan: SearchPlan): Promise<number[]> {
  // CROSS JOIN keeps SQLite from walking media newest first and looking each row up among the matches.
  const rows = await runText<{ id: number }>(
    db,
    sqlText`select c.id from (${candidates(scope, plan)}) as c cross join media m where m.id = c.id order by m.created_at desc, m.id desc`,
  );
  return rows.map((r) => r.id);
}

/** The count of a walking plan: its driver's matches up to a cap. */
export async function countMatches(db: Db, scope: Scope, plan: SearchPlan): Promise<Counted> {
  if (!plan.probes.length && !mimeTypeCondition(scope, 'm')) {
    // One word: counted in the term index alone (a media item may hold the word twice).
    const [row] = await runText<{ n: number; d: number }>(
      db,
      sqlText`select count(*) as n, count(distinct media_id) as d from (select d.media_id from media_terms d where ${termRows(scope, plan.driver)} limit ${WORD_COUNT_CAP + 1}) as x`,
    );
    const [n, d] = [Number(row?.n ?? 0), Number(row?.d ?? 0)];
    return n > WORD_COUNT_CAP ? { count: Math.min(d, WORD_COUNT_CAP), exact: false } : { count: d, exact: true };
  }
  const [row] = await runText<{ n: number }>(
    db,
    sqlText`select count(*) as n from (${candidates(scope, plan)} limit ${WALK_COUNT_CAP + 1}) as x`,
  );
  const n = Number(row?.n ?? 0);
  return n > WALK_COUNT_CAP ? { count: WALK_COUNT_CAP, exact: false } : { count: n, exact: true };
}
