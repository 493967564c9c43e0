/**
 * A media search, run by the list engine (server/list/plan.ts): which media of the list's
 * scope have, for every search word, a term starting with it (media_terms; see terms.ts).
 * The scope — site, folder unless `all`, type group — is carried by media_terms' rows, so
 * each word is one range of its primary key. What is the media library's own:
 * - a driving word's matches are collected and sorted newest first, and counted exactly
 *   (there are fewer than DRIVER_CAP);
 * - a walking search reads its page and count as every list does (server/list/walked.ts);
 * - an exact type or a type prefix, which media_terms does not carry, is checked on media.
 */
import type { SearchPlan } from '../../list/plan.js';
import { probes, type SearchIndex, wordRows } from '../../list/searchIndex.js';
import { type Fragment, joinText, NOTHING, raw, runText, sqlText } from '../../list/sqlText.js';
import type { Db } from './db.js';
import type { ListOptions } from './library.js';
import { mimeGroup } from './types.js';

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

/** media_terms within the scope: the site, the folder (the root stored as 0) unless `all`, the type group. */
export function termsIndex(scope: Scope): SearchIndex {
  const group = filterGroup(scope.filter);
  return {
    table: 'media_terms',
    word: 'term',
    row: 'media_id',
    scope: (alias) => {
      const parts = [sqlText`${raw(alias)}.tenant_id = ${scope.tenantId}`];
      if (!scope.all) parts.push(sqlText`${raw(alias)}.folder_id = ${scope.folderId ?? 0}`);
      if (group) parts.push(sqlText`${raw(alias)}.mime_group = ${group}`);
      return joinText(parts, ' and ');
    },
  };
}

/** Distinct ids (`id`) of the driver's rows (as `d`) that have the other words and, with an exact type or a type prefix, that type. */
function candidates(scope: Scope, plan: SearchPlan): Fragment {
  const index = termsIndex(scope);
  const mime = mimeTypeCondition(scope, 'm');
  const typed = mime ? sqlText` and exists (select 1 from media m where m.id = d.media_id and ${mime})` : NOTHING;
  return sqlText`select distinct d.media_id as id from media_terms d where ${wordRows(index, plan.rarest, 'd')}${probes(index, plan.others, 'd.media_id')}${typed}`;
}

/** Ids of every match, newest first (driving plans: fewer than DRIVER_CAP candidates). */
export async function matchingIds(db: Db, scope: Scope, plan: SearchPlan): Promise<number[]> {
  // Each candidate's date looked up by id: no join, which SQLite would drive by walking media
  // newest first and PostgreSQL by scanning media.
  const rows = await runText<{ id: number }>(
    db,
    sqlText`select c.id from (${candidates(scope, plan)}) as c order by (select m.created_at from media m where m.id = c.id) desc, c.id desc`,
  );
  return rows.map((r) => r.id);
}
