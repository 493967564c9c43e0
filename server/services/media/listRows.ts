/**
 * The rows of a media list page, each with its translation in the asked language, in
 * one query: the page's ids come from an index walk of the scope newest first
 * (the indexes are in db/migrations/0002_media.ts), or oldest first from the end for a
 * page deeper than MAX_OFFSET (server/list/window.ts), and only those rows are read.
 */
import { capped, type Counted } from '../../list/counted.js';
import { WALK_SCAN_CAP } from '../../list/caps.js';
import { probe } from '../../list/searchIndex.js';
import { type Fragment, joinText, NOTHING, raw, runText, sqlText } from '../../list/sqlText.js';
import { lengthColumn, lengthsOf, type Walk } from '../../list/walked.js';
import type { Window } from '../../list/window.js';
import type { Db } from './db.js';
import { filterGroup, mimeTypeCondition, type Scope, termsIndex } from './search.js';
import { type MediaJson, mediaJson, type MediaRow, type TranslationFields } from './serialize.js';

/** A media row with its translation's columns (null without one). */
type ListRow = Omit<MediaRow, 'tenant_id' | 'mime_group'> & { [K in keyof TranslationFields]: TranslationFields[K] | null };

const COLUMNS = raw(
  'media.id, media.file_key, media.thumb_key, media.web_key, media.name, media.size, media.mime_type, media.width, media.height, media.focal_x, media.focal_y, media.processing, media.preview_error, media.folder_id, media.created_at, media.updated_at, media.version, t.title, t.alt_text, t.description',
);

const NEWEST_FIRST = raw('order by media.created_at desc, media.id desc');

function fromMedia(language: string): Fragment {
  return sqlText`from media left join media_translations t on t.media_id = media.id and t.language = ${language}`;
}

const toJson = (row: ListRow): MediaJson =>
  mediaJson(row, row.title === null ? undefined : { title: row.title, alt_text: row.alt_text ?? '', description: row.description ?? '' });

/**
 * The scope's media rows: tenant, folder (unless `all`), type filter. Unaliased, as the page's
 * ids and its rows are, so that a query plan names the table (tests/server/list-plans.test.ts).
 */
function scopeRows(scope: Scope): Fragment {
  const parts = [sqlText`media.tenant_id = ${scope.tenantId}`];
  if (!scope.all) parts.push(scope.folderId === null ? sqlText`media.folder_id is null` : sqlText`media.folder_id = ${scope.folderId}`);
  const group = filterGroup(scope.filter);
  if (group) parts.push(sqlText`media.mime_group = ${group}`);
  const mime = mimeTypeCondition(scope, 'media');
  if (mime) parts.push(mime);
  return joinText(parts, ' and ');
}

/** The scope's size from media_counts (a handful of rows), as a scalar subquery. */
function counterTotal(scope: Scope): Fragment {
  const parts = [sqlText`tenant_id = ${scope.tenantId}`];
  if (!scope.all) parts.push(sqlText`folder_id = ${scope.folderId ?? 0}`);
  const f = scope.filter;
  if (f?.kind === 'group') parts.push(sqlText`mime_type like ${`${f.group}/%`}`);
  if (f?.kind === 'exact') parts.push(sqlText`mime_type = ${f.mime}`);
  if (f?.kind === 'prefix') parts.push(sqlText`mime_type like ${`${f.prefix}%`}`);
  return sqlText`(select coalesce(sum(n), 0) from media_counts where ${joinText(parts, ' and ')})`;
}

export interface PageQuery {
  scope: Scope;
  window: Window;
  language: string;
}

/** One page of the scope newest first. */
export async function walkPage(db: Db, q: PageQuery): Promise<MediaJson[]> {
  return (await runText<ListRow>(db, pageQuery(q, NOTHING))).map(toJson);
}

/** One page of an unsearched scope with the scope's size from the counters, in one query; undefined past the last page. */
export async function counterPage(db: Db, q: PageQuery): Promise<{ items: MediaJson[]; counted: Counted } | undefined> {
  const rows = await runText<ListRow & { count__: number }>(db, pageQuery(q, sqlText`, ${counterTotal(q.scope)} as count__`));
  const [first] = rows;
  return first ? { items: rows.map(toJson), counted: capped(Number(first.count__)) } : undefined;
}

/** The scope's size from the counters alone (when counterPage was past the last page). */
export async function counterCount(db: Db, scope: Scope): Promise<Counted> {
  const [row] = await runText<{ n: number }>(db, sqlText`select ${counterTotal(scope)} as n`);
  return capped(Number(row?.n ?? 0));
}

/**
 * The scope's walk order as `order by …` on `alias`: newest first, or oldest first. In a
 * folder, the folder first: PostgreSQL takes `folder_id is null` (the root) for no
 * equality, so only naming the column lets it read the folder's index in order.
 */
function walkOrder(scope: Scope, alias: string, reversed = false): Fragment {
  const folder = scope.all ? '' : `${alias}.folder_id${reversed ? '' : ' desc'}, `;
  const dir = reversed ? '' : ' desc';
  return raw(`order by ${folder}${alias}.created_at${dir}, ${alias}.id${dir}`);
}

function pageQuery(q: PageQuery, extra: Fragment): Fragment {
  const { offset, limit, reversed } = q.window;
  const ids = sqlText`select media.id from media where ${scopeRows(q.scope)} ${walkOrder(q.scope, 'media', reversed)} limit ${limit} offset ${offset}`;
  return sqlText`select ${COLUMNS}${extra} ${fromMedia(q.language)} where media.id in (${ids}) ${NEWEST_FIRST}`;
}

/** The first WALK_SCAN_CAP media of the scope newest first (a walking search's rows, server/list/walked.ts: one walk). */
function scanned(scope: Scope): Fragment {
  return sqlText`select media.id, media.folder_id, media.created_at from media where ${scopeRows(scope)} ${walkOrder(scope, 'media')} limit ${WALK_SCAN_CAP}`;
}

/** A walking search of the scope: its first media newest first, each probed for every word. */
export function mediaWalk(db: Db, scope: Scope, words: string[], language: string): Walk<MediaJson> {
  const length = sqlText`select count(*) as n from (${scanned(scope)}) as c`;
  return {
    matches: async (limit) => {
      const index = termsIndex(scope);
      const holds = joinText(
        words.map((word) => probe(index, word, 's.id')),
        ' and ',
      );
      const q = sqlText`select s.id, (${length}) as ${raw(lengthColumn(0))} from (${scanned(scope)}) as s where ${holds} ${walkOrder(scope, 's')} limit ${limit}`;
      const rows = await runText<{ id: number }>(db, q);
      return { ids: rows.map((r) => Number(r.id)), lengths: lengthsOf(rows, 1) };
    },
    lengths: async () => [Number((await runText<{ n: number }>(db, length))[0]?.n ?? 0)],
    rows: (ids) => rowsByIds(db, ids, language),
  };
}

/** These media, newest first. */
export async function rowsByIds(db: Db, ids: number[], language: string): Promise<MediaJson[]> {
  if (!ids.length) return [];
  const list = joinText(
    ids.map((id) => sqlText`${id}`),
    ', ',
  );
  return (await runText<ListRow>(db, sqlText`select ${COLUMNS} ${fromMedia(language)} where media.id in (${list}) ${NEWEST_FIRST}`)).map(toJson);
}
