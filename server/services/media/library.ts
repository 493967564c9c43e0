import type { Paginator } from '../../../entities/paginator.js';
import { type Dialect, longReads } from '../../db/database.js';
import { fieldError, HttpError, notFound } from '../../errors.js';
import { capped, type Counted } from '../../list/counted.js';
import { planSearch } from '../../list/plan.js';
import { readPage } from '../../list/readPage.js';
import { walkedReads } from '../../list/walked.js';
import { isDeep, windowOf } from '../../list/window.js';
import { nowIso } from '../clock.js';
import { type Db, libraryTransaction, lockLibrary, type Trx } from './db.js';
import { getFolder } from './folders.js';
import { type FocalPoint, type MediaDetailJson, mediaDetailJson, type MediaJson, type MediaRow, type TranslationRow } from './serialize.js';
import { bumpCount, reindexTerms } from './indexes.js';
import { counterCount, counterPage, mediaWalk, rowsByIds, walkPage } from './listRows.js';
import { matchingIds, termsIndex } from './search.js';
import { inSiteTurn } from '../../list/siteTurns.js';
import { assertMediaUnused, assertMediaYours, type MediaReader, mediaUsedBy } from './usage.js';

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
  if (field !== 'mime_type') throw fieldError('fltr', 'filterMimeField', { value: field.slice(0, 50) });
  const value = fltr
    .slice(eq + 1)
    .trim()
    .toLowerCase();
  if (value === '' || value === '*' || value === '*/*') return undefined;
  const group = GROUP_WILDCARD.exec(value)?.[1];
  if (group !== undefined) return { kind: 'group', group };
  if (EXACT.test(value)) return { kind: 'exact', mime: value };
  if (PREFIX.test(value)) return { kind: 'prefix', prefix: value.slice(0, -1) };
  throw fieldError('fltr', 'filterMime');
}

export interface ListOptions {
  tenantId: number;
  /** The folder listed (null = the root); ignored with `all`. */
  folderId: number | null;
  all: boolean;
  filter?: MimeFilter;
  /** Search words (server/list/words.ts searchWords with MEDIA_WORDS); a media item matches when each starts one of its terms. */
  words: string[];
  /** The site's data version when the request began (the guard's): the search's plan is kept under it (server/list/planMemo.ts). */
  dataVersion?: string;
  page: number;
  pageSize: number;
  language: string;
  /**
   * How a search finds its page (server/list/plan.ts): `terms` collects the rarest word's
   * matches and sorts them; `scan` walks the scope newest first and probes each row;
   * `auto` (default) collects when a word matches fewer than DRIVER_CAP media. Tests force each.
   */
  plan?: 'auto' | 'terms' | 'scan';
}

/**
 * One page of a folder (or of the whole library), newest first; an out-of-range page answers
 * the last one, and one deeper than MAX_OFFSET from both ends 400 (pageTooDeep) as entity lists do.
 */
export function listMedia(request: Db, opts: ListOptions): Promise<{ items: MediaJson[]; paginator: Paginator }> {
  // A site's lists take turns (server/list/siteTurns.ts).
  return inSiteTurn(request, opts.tenantId, () => readMediaPage(request, opts));
}

async function readMediaPage(request: Db, opts: ListOptions): Promise<{ items: MediaJson[]; paginator: Paginator }> {
  // A list's reads may take long: off the event loop, within a time budget (db/database.ts longReads).
  const db = longReads(request, opts.tenantId) as Db;
  const asked = { page: opts.page, size: opts.pageSize };
  // A page deeper than MAX_OFFSET is read from the nearer end once the count is known, or refused (server/list/window.ts).
  const countFirst = isDeep(asked);
  const rows = (page: number, counted?: Counted) => ({ scope: opts, window: windowOf(asked, page, counted), language: opts.language });
  if (!opts.words.length) {
    return readPage(asked, {
      page: (page, counted) => walkPage(db, rows(page, counted)),
      count: () => counterCount(db, opts),
      pageAndCount: (page) => counterPage(db, rows(page)),
      countFirst,
    });
  }
  const forced = opts.plan === 'terms' ? 'drive' : opts.plan === 'scan' ? 'walk' : undefined;
  // A site's media are its own, and every write of them moves its data version.
  const memo = opts.dataVersion === undefined ? undefined : { db: request, version: opts.dataVersion };
  const plan = await planSearch(db, termsIndex(opts), opts.words, { forced, memo });
  if (plan.drives) {
    const ids = await matchingIds(db, opts, plan);
    return readPage(asked, {
      page: (page) => rowsByIds(db, ids.slice((page - 1) * opts.pageSize, page * opts.pageSize), opts.language),
      count: async () => capped(ids.length),
    });
  }
  return readPage(asked, walkedReads(opts.pageSize, mediaWalk(db, opts, opts.words, opts.language)));
}

async function translationsOf(db: Db, id: number): Promise<TranslationRow[]> {
  return db.selectFrom('media_translations').selectAll().where('media_id', '=', id).execute();
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

/** The detail as `reader` may see it: records of other markets are counted, not named. */
export async function mediaDetail(db: Db, tenantId: number, row: MediaRow, language: string, reader: MediaReader): Promise<MediaDetailJson> {
  const [translations, usage] = await Promise.all([translationsOf(db, row.id), mediaUsedBy(db, tenantId, row.id, reader)]);
  return mediaDetailJson(row, language, translations, usage);
}

export async function getMediaDetail(db: Db, tenantId: number, id: number, language: string, reader: MediaReader): Promise<MediaDetailJson> {
  const row = await getMediaRow(db, tenantId, id);
  if (!row) throw notFound();
  return mediaDetail(db, tenantId, row, language, reader);
}

export const staleMedia = (current: MediaDetailJson) =>
  new HttpError(409, { detail: 'This media was changed by someone else. Reload it and try again.', current });

/** Throws the 400 of a `folder` field naming no folder of the tenant; locks the library first. */
export async function checkFolder(trx: Trx, dialect: Dialect, tenantId: number, folderId: number | null) {
  if (folderId === null) return;
  await lockLibrary(trx, dialect, tenantId);
  if (!(await getFolder(trx, tenantId, folderId))) {
    throw fieldError('folder', 'missing', { id: folderId });
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
    await (
      Object.keys(set).length
        ? q.onConflict((oc) => oc.columns(['media_id', 'language']).doUpdateSet(set))
        : q.onConflict((oc) => oc.columns(['media_id', 'language']).doNothing())
    ).execute();
  }
}

/**
 * PATCH: translations, and a move to another folder. `version` (when given) must be the
 * current one, else 409 with the current media; a record `reader` may not see must not use
 * it (403). Returns the updated row.
 */
export async function updateMedia(
  db: Db,
  dialect: Dialect,
  tenantId: number,
  id: number,
  input: { folder?: number | null; focal?: FocalPoint | null; translations: Record<string, TranslationInput | null>; version?: number },
  language: string,
  reader: MediaReader,
): Promise<MediaRow> {
  const result = await libraryTransaction(db, tenantId, async (trx) => {
    const row = await lockMediaRow(trx, dialect, tenantId, id);
    if (!row) throw notFound();
    await assertMediaYours(trx, tenantId, [id], reader);
    if (input.version !== undefined && input.version !== row.version) return { stale: row };
    const moving = input.folder !== undefined && input.folder !== row.folder_id;
    const focusing = input.focal !== undefined && ((input.focal?.x ?? null) !== row.focal_x || (input.focal?.y ?? null) !== row.focal_y);
    if (!moving && !focusing && !Object.keys(input.translations).length) return { updated: row }; // nothing to change
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
        ...(focusing ? { focal_x: input.focal?.x ?? null, focal_y: input.focal?.y ?? null } : {}),
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
  if ('stale' in result) throw staleMedia(await mediaDetail(db, tenantId, result.stale!, language, reader));
  return result.updated;
}

/** Deletes a media item's row (translations and terms go with it); returns its storage keys. */
export async function deleteMedia(db: Db, dialect: Dialect, tenantId: number, id: number, reader: MediaReader): Promise<string[]> {
  return libraryTransaction(db, tenantId, async (trx) => {
    const row = await lockMediaRow(trx, dialect, tenantId, id);
    if (!row) throw notFound();
    await assertMediaUnused(trx, tenantId, [id], reader);
    await trx.deleteFrom('media').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
    await bumpCount(trx, tenantId, row.folder_id, row.mime_type, -1);
    return [row.file_key, row.thumb_key, row.web_key].filter((k): k is string => !!k);
  });
}
