/**
 * The activity log as a reader reaches it (scope.ts), filtered by user, model, action and
 * time, newest first in keyset pages (paging.ts). Each filter has an index after the
 * scope's column ending in (at, id), so a page is a range of one index whatever the log's size.
 *
 * A page is one statement, run as a hot query (db/hotQuery.ts): the log is what the master
 * staff page through, and Kysely's builder and driver cost as much as reading the page. Each
 * combination of scope and filters is one fixed text, made the first time it is asked.
 */
import type { Kysely } from 'kysely';
import { hotQuery } from '../db/hotQuery.js';
import { byName } from '../db/rows.js';
import { type Keyset, type KeysetPage, pageOf, readSize } from './paging.js';
import { ENTRY_COLUMNS, type EntryRow, presentEntry } from './present.js';
import type { ActivityScope } from './scope.js';

export interface ActivityFilters extends Keyset {
  user?: number;
  model?: string;
  action?: string;
  /** ISO-8601 UTC: entries at or after `from`, before `to`. */
  from?: string;
  to?: string;
}

/** Each condition a page may have, in the order of its parameters, when its value is given. */
const CONDITIONS: ReadonlyArray<[keyof ActivityFilters, string]> = [
  ['user', '"user_id" = ?'],
  ['model', '"model" = ?'],
  ['action', '"action" = ?'],
  ['from', '"at" >= ?'],
  ['to', '"at" < ?'],
];

const SCOPES = { site: '"tenant_id" = ?', market: '"market_id" = ?', all: '' } as const;

/**
 * The cursor's place, read in the same statement within the reader's scope: a cursor the
 * reader cannot see (another site's entry, whose time would show through the page it cuts)
 * or none at all compares as null: no rows.
 */
const beforeCursor = (scope: keyof typeof SCOPES) =>
  `("at", "id") < (select "at", "id" from "activity" where ${['"id" = ?', SCOPES[scope]].filter(Boolean).join(' and ')})`;

const rowOf = byName<EntryRow>([...ENTRY_COLUMNS]);
const pages = new Map<string, ReturnType<typeof hotQuery<EntryRow, unknown[]>>>();

function pageQuery(scope: keyof typeof SCOPES, given: ReadonlyArray<(typeof CONDITIONS)[number]>, cursor: boolean) {
  const key = [scope, ...given.map(([name]) => name), cursor ? 'before' : ''].join(',');
  let query = pages.get(key);
  if (!query) {
    const where = [SCOPES[scope], ...given.map(([, condition]) => condition), cursor ? beforeCursor(scope) : ''].filter(Boolean);
    query = hotQuery<EntryRow, unknown[]>(
      `select ${ENTRY_COLUMNS.map((c) => `"${c}"`).join(', ')} from "activity"${where.length ? ` where ${where.join(' and ')}` : ''} order by "at" desc, "id" desc limit ?`,
      rowOf,
    );
    pages.set(key, query);
  }
  return query;
}

export async function listActivity(db: Kysely<any>, scope: ActivityScope, f: ActivityFilters): Promise<KeysetPage<ReturnType<typeof presentEntry>>> {
  const given = CONDITIONS.filter(([name]) => f[name] !== undefined);
  const [kind, scoped]: [keyof typeof SCOPES, unknown[]] =
    'site' in scope ? ['site', [scope.site]] : 'market' in scope ? ['market', [scope.market ?? -1]] : ['all', []];
  const cursor = f.before === undefined ? [] : [f.before, ...scoped];
  const rows = await pageQuery(kind, given, cursor.length > 0)(db, ...scoped, ...given.map(([name]) => f[name]), ...cursor, readSize(f));
  return pageOf(f, rows, presentEntry);
}
