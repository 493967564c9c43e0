import type { Dialect } from '../../db/database.js';
import { fieldErrors, HttpError, notFound } from '../../errors.js';
import { nowIso } from '../clock.js';
import { type Db, libraryTransaction, lockLibrary, type Trx } from './db.js';
import { getFolder } from './folders.js';
import { type MediaDetailJson, mediaDetailJson, type MediaJson, mediaJson, type MediaRow, type TranslationRow } from './serialize.js';
import { bumpCount, reindexTerms } from './indexes.js';
import { prefixRange } from './terms.js';
import { mimeGroup } from './types.js';
import { assertMediaUnused, mediaUsedBy } from './usage.js';

export const MEDIA_PAGE_SIZE = 18;

/** `fltr=mime_type=…`: a whole top-level type (`image/*`), one type, or another prefix (`application/vnd.*`). */
export type MimeFilter = { kind: 'group'; group: string } | { kind: 'exact'; mime: string } | { kind: 'prefix'; prefix: string };

const TOKEN = '[a-z0-9][a-z0-9.+-]*';
const GROUP_WILDCARD = new RegExp(`^(${TOKEN})/\\*$`);
const EXACT = new RegExp(`^${TOKEN}/${TOKEN}$`);
const PREFIX = new RegExp(`^${TOKEN}/[a-z0-9.+-]*\\*$`);

/**
 * Reads a `fltr` value: `mime_type=image/*`, `mime_type=application/pdf`. `*` and `*\/*`
 * (or an empty value) mean no filter. Returns undefined for no filter; throws a 400 for
 * anything else.
 */
export function parseFltr(fltr: string | undefined): MimeFilter | undefined {
  if (fltr === undefined || fltr.trim() === '') return undefined;
  const eq = fltr.indexOf('=');
  const field = eq < 0 ? fltr.trim() : fltr.slice(0, eq).trim();
  if (field !== 'mime_type') throw fieldErrors({ fltr: [`Unknown filter field "${field.slice(0, 50)}": only mime_type can be filtered.`] });
  const value = fltr.slice(eq + 1).trim().toLowerCase();
  if (value === '' || value === '*' || value === '*/*') return undefined;
  const group = GROUP_WILDCARD.exec(value);
  if (group) return { kind: 'group', group: group[1] };
  if (EXACT.test(value)) return { kind: 'exact', mime: value };
  if (PREFIX.test(value)) return { kind: 'prefix', prefix: value.slice(0, -1) };
  throw fieldErrors({ fltr: ['Enter a MIME type such as image/png, or a wildcard such as image/*.'] });
}

export interface ListOptions {
  tenantId: number;
  /** The folder listed (null = the root); ignored with `all`. */
  folderId: number | null;
  all: boolean;
  filter?: MimeFilter;
  /** Search words (see terms.searchWords); a media item matches when each starts one of its terms. */
  words: string[];
  page: number;
  pageSize: number;
  language: string;
  /**
   * How a search finds its page: `terms` collects the matches from the term index and
   * sorts them; `scan` walks the scope newest first and checks each row; `auto` (default)
   * scans when the matches are at least 2 % of the scope. Tests force each.
   */
  plan?: 'auto' | 'terms' | 'scan';
}

export interface Paginator {
  count: number;
  page: number;
  pages: number;
  page_size: number;
  has_next: boolean;
  has_previous: boolean;
}

/** The media_terms rows of one search word within the list's scope (folder, type group). */
function termRange(db: Db, opts: ListOptions, word: string) {
  const [lo, hi] = prefixRange(word);
  let q = db
    .selectFrom('media_terms')
    .where('tenant_id', '=', opts.tenantId)
    .where('term', '>=', lo)
    .where('term', '<', hi);
  if (!opts.all) q = q.where('folder_id', '=', opts.folderId ?? 0);
  const group = filterGroup(opts.filter);
  if (group) q = q.where('mime_group', '=', group);
  return q;
}

const filterGroup = (f: MimeFilter | undefined) =>
  f?.kind === 'group' ? f.group : f?.kind === 'exact' ? mimeGroup(f.mime) : f?.kind === 'prefix' ? mimeGroup(f.prefix) : undefined;

/** Ids of the media in scope matching every word: intersected term-index ranges, no media row read. */
function matchingIds(db: Db, opts: ListOptions, words: string[]) {
  const [first, ...rest] = words.map((w) => termRange(db, opts, w).select('media_id'));
  return rest.reduce((acc, q) => acc.intersect(q), first);
}

/**
 * The media rows of the list: tenant, folder (unless `all`), type filter, search words.
 * `dense`: the words match a large share of the scope, so walking the scope newest first
 * and checking each row finds a page sooner than collecting and sorting every match.
 */
function scoped(db: Db, opts: ListOptions, words: string[], dense = false) {
  let q = db.selectFrom('media as m').where('m.tenant_id', '=', opts.tenantId);
  if (!opts.all) q = opts.folderId === null ? q.where('m.folder_id', 'is', null) : q.where('m.folder_id', '=', opts.folderId);
  const f = opts.filter;
  const group = filterGroup(f);
  if (group) q = q.where('m.mime_group', '=', group);
  if (f?.kind === 'exact') q = q.where('m.mime_type', '=', f.mime);
  if (f?.kind === 'prefix') q = q.where('m.mime_type', 'like', `${f.prefix}%`);
  if (!words.length) return q;
  if (!dense) return q.where('m.id', 'in', matchingIds(db, opts, words));
  for (const word of words) {
    const [lo, hi] = prefixRange(word);
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('media_terms as t')
          .select('t.media_id')
          .whereRef('t.media_id', '=', 'm.id')
          .where('t.term', '>=', lo)
          .where('t.term', '<', hi),
      ),
    );
  }
  return q;
}

/**
 * The paginator's count. Without a search it comes from media_counts (a handful of rows);
 * a search counts the intersection of its words' index ranges; only an exact type (or
 * a type prefix) with a search looks at media rows.
 */
async function countOf(db: Db, opts: ListOptions, words: string[]): Promise<number> {
  const f = opts.filter;
  if (words.length && (!f || f.kind === 'group')) {
    const row = await db
      .selectFrom(matchingIds(db, opts, words).as('x'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  if (words.length) {
    const row = await scoped(db, opts, words)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  let q = db
    .selectFrom('media_counts')
    .select((eb) => eb.fn.sum<number>('n').as('n'))
    .where('tenant_id', '=', opts.tenantId);
  if (!opts.all) q = q.where('folder_id', '=', opts.folderId ?? 0);
  if (f?.kind === 'group') q = q.where('mime_type', 'like', `${f.group}/%`);
  if (f?.kind === 'exact') q = q.where('mime_type', '=', f.mime);
  if (f?.kind === 'prefix') q = q.where('mime_type', 'like', `${f.prefix}%`);
  const row = await q.executeTakeFirst();
  return Number(row?.n ?? 0);
}

async function translationsIn(db: Db | Trx, ids: number[], language?: string): Promise<TranslationRow[]> {
  if (!ids.length) return [];
  let q = db.selectFrom('media_translations').selectAll().where('media_id', 'in', ids);
  if (language) q = q.where('language', '=', language);
  return q.execute();
}

/** One page of a folder (or of the whole library), newest first; an out-of-range page answers the last one. */
export async function listMedia(db: Db, opts: ListOptions): Promise<{ items: MediaJson[]; paginator: Paginator }> {
  const words = opts.words;
  const count = await countOf(db, opts, words);
  const pages = Math.max(1, Math.ceil(count / opts.pageSize));
  const page = Math.min(opts.page, pages);
  // A search matching 2 % of the scope or more: expect a match every 50 rows or sooner.
  const plan = opts.plan ?? 'auto';
  const dense =
    words.length > 0 && count > 0 && (plan === 'scan' || (plan === 'auto' && count * 50 >= (await countOf(db, opts, []))));
  const rows = count
    ? await scoped(db, opts, words, dense)
        .selectAll('m')
        .orderBy('m.created_at', 'desc')
        .orderBy('m.id', 'desc')
        .limit(opts.pageSize)
        .offset((page - 1) * opts.pageSize)
        .execute()
    : [];
  const translations = new Map(
    (await translationsIn(
      db,
      rows.map((r) => r.id),
      opts.language,
    )).map((t) => [t.media_id, t]),
  );
  return {
    items: rows.map((r) => mediaJson(r, translations.get(r.id))),
    paginator: { count, page, pages, page_size: opts.pageSize, has_next: page < pages, has_previous: page > 1 },
  };
}

export async function getMediaRow(db: Db | Trx, tenantId: number, id: number): Promise<MediaRow | undefined> {
  return db.selectFrom('media').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/** The row, locked until the transaction ends on PostgreSQL (SQLite serialises writers anyway). */
export async function lockMediaRow(trx: Trx, dialect: Dialect, tenantId: number, id: number): Promise<MediaRow | undefined> {
  let q = trx.selectFrom('media').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id);
  if (dialect === 'postgres') q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function mediaDetail(db: Db, tenantId: number, row: MediaRow, language: string): Promise<MediaDetailJson> {
  const [translations, usedBy] = await Promise.all([translationsIn(db, [row.id]), mediaUsedBy(db, tenantId, row.id)]);
  return mediaDetailJson(row, language, translations, usedBy);
}

export async function getMediaDetail(db: Db, tenantId: number, id: number, language: string): Promise<MediaDetailJson> {
  const row = await getMediaRow(db, tenantId, id);
  if (!row) throw notFound();
  return mediaDetail(db, tenantId, row, language);
}

export const staleMedia = (current: MediaDetailJson) =>
  new HttpError(409, { detail: 'This media was changed by someone else. Reload it and try again.', current });

/** Throws the 400 of a `folder` field naming no folder of the tenant; locks the library first. */
export async function checkFolder(trx: Trx, dialect: Dialect, tenantId: number, folderId: number | null) {
  if (folderId === null) return;
  await lockLibrary(trx, dialect, tenantId);
  if (!(await getFolder(trx, tenantId, folderId))) {
    throw fieldErrors({ folder: [`Invalid pk "${folderId}" - object does not exist.`] });
  }
}

export interface TranslationInput {
  title?: string;
  alt_text?: string;
  description?: string;
}

/** Writes translations: a value merges into the language's row (creating it), null deletes it. */
export async function writeTranslations(trx: Trx, mediaId: number, changes: Record<string, TranslationInput | null>) {
  for (const [language, change] of Object.entries(changes)) {
    if (change === null) {
      await trx.deleteFrom('media_translations').where('media_id', '=', mediaId).where('language', '=', language).execute();
      continue;
    }
    const set: TranslationInput = {};
    if (change.title !== undefined) set.title = change.title;
    if (change.alt_text !== undefined) set.alt_text = change.alt_text;
    if (change.description !== undefined) set.description = change.description;
    const values = { media_id: mediaId, language, title: '', alt_text: '', description: '', ...set };
    const q = trx.insertInto('media_translations').values(values);
    await (Object.keys(set).length
      ? q.onConflict((oc) => oc.columns(['media_id', 'language']).doUpdateSet(set))
      : q.onConflict((oc) => oc.columns(['media_id', 'language']).doNothing())
    ).execute();
  }
}

/**
 * PATCH: translations, and a move to another folder. `version` (when given) must be the
 * current one, else 409 with the current media. Returns the updated row.
 */
export async function updateMedia(
  db: Db,
  dialect: Dialect,
  tenantId: number,
  id: number,
  input: { folder?: number | null; translations: Record<string, TranslationInput | null>; version?: number },
  language: string,
): Promise<MediaRow> {
  const result = await libraryTransaction(db, tenantId, async (trx) => {
    const row = await lockMediaRow(trx, dialect, tenantId, id);
    if (!row) throw notFound();
    if (input.version !== undefined && input.version !== row.version) return { stale: row };
    const moving = input.folder !== undefined && input.folder !== row.folder_id;
    if (!moving && !Object.keys(input.translations).length) return { updated: row }; // nothing to change
    if (moving) {
      await checkFolder(trx, dialect, tenantId, input.folder!);
      await bumpCount(trx, tenantId, row.folder_id, row.mime_type, -1);
      await bumpCount(trx, tenantId, input.folder!, row.mime_type, 1);
    }
    await writeTranslations(trx, id, input.translations);
    const updated = await trx
      .updateTable('media')
      .set((eb) => ({
        ...(moving ? { folder_id: input.folder! } : {}),
        updated_at: nowIso(),
        version: eb('version', '+', 1),
      }))
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (moving || Object.values(input.translations).some((t) => t === null || t.title !== undefined)) {
      await reindexTerms(trx, tenantId, id);
    }
    return { updated };
  });
  if ('stale' in result) throw staleMedia(await mediaDetail(db, tenantId, result.stale!, language));
  return result.updated;
}

/** Deletes a media item's row (translations and terms go with it); returns its storage keys. */
export async function deleteMedia(db: Db, dialect: Dialect, tenantId: number, id: number): Promise<string[]> {
  return libraryTransaction(db, tenantId, async (trx) => {
    const row = await lockMediaRow(trx, dialect, tenantId, id);
    if (!row) throw notFound();
    await assertMediaUnused(trx, tenantId, [id]);
    await trx.deleteFrom('media').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
    await bumpCount(trx, tenantId, row.folder_id, row.mime_type, -1);
    return [row.file_key, row.thumb_key, row.web_key].filter((k): k is string => !!k);
  });
}
