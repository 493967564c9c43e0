import { sql } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { fieldError, HttpError, notFound } from '../../errors.js';
import { nowIso } from '../clock.js';
import { type Db, isUniqueViolation, libraryTransaction, lockLibrary, type Trx } from './db.js';
import { type FolderRow, folderJson } from './serialize.js';
import { NOTHING, runText, sqlText } from '../../list/sqlText.js';
import { fold, words } from '../../list/words.js';
import { MEDIA_WORDS } from './terms.js';
import { assertMediaUnused, type MediaReader } from './usage.js';

/** How deep folders may nest (the root's children are depth 1). */
export const MAX_FOLDER_DEPTH = 20;
const MAX_SLUG_LENGTH = 64;

/** `Trattori & Ricambi` → `trattori-ricambi`; letters of any script are kept; never empty. */
export function slugify(title: string): string {
  const s = Array.from(
    fold(title, MEDIA_WORDS)
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+/, ''),
  )
    .slice(0, MAX_SLUG_LENGTH)
    .join('')
    .replace(/-+$/, '');
  return s || 'folder';
}

/** Number of folders from the root down to the folder of this path: `/a/b` → 2. */
export const depthOf = (path: string) => path.split('/').length - 1;

export const staleFolder = (row: FolderRow) =>
  new HttpError(409, {
    detail: 'This folder was changed by someone else. Reload it and try again.',
    current: folderJson(row),
  });

export async function getFolder(db: Db | Trx, tenantId: number, id: number): Promise<FolderRow | undefined> {
  return db.selectFrom('media_folders').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/** The folders on the way from the root to this one, root first, without the folder itself. */
export async function ancestorsOf(db: Db, tenantId: number, folder: FolderRow): Promise<FolderRow[]> {
  const segments = folder.path.split('/').slice(1, -1);
  if (!segments.length) return [];
  const paths = segments.map((_, i) => `/${segments.slice(0, i + 1).join('/')}`);
  const rows = await db.selectFrom('media_folders').selectAll().where('tenant_id', '=', tenantId).where('path', 'in', paths).execute();
  return rows.sort((a, b) => a.path.length - b.path.length);
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const byTitle = (a: FolderRow, b: FolderRow) => collator.compare(a.title, b.title) || a.id - b.id;

/**
 * The folders a list shows: the children of `parentId` (null = the root); with search
 * words, those whose title has a word starting with each search word, among the children
 * or, with `all`, among every folder of the tenant.
 */
export async function foldersFor(db: Db, tenantId: number, opts: { parentId: number | null; all: boolean; words: string[] }): Promise<FolderRow[]> {
  // Raw SQL: every list request runs it (see server/list/sqlText.ts).
  let parent = NOTHING;
  if (!(opts.all && opts.words.length)) parent = opts.parentId === null ? sqlText` and parent_id is null` : sqlText` and parent_id = ${opts.parentId}`;
  let rows = await runText<FolderRow>(db, sqlText`select * from media_folders where tenant_id = ${tenantId}${parent}`);
  if (opts.words.length) {
    rows = rows.filter((r) => {
      const own = words(r.title, MEDIA_WORDS);
      return opts.words.every((w) => own.some((t) => t.startsWith(w)));
    });
  }
  return rows.sort(byTitle);
}

/** Every folder of the tenant, by id: the folder picker builds the tree from `parent`. */
export async function allFolders(db: Db, tenantId: number): Promise<FolderRow[]> {
  return db.selectFrom('media_folders').selectAll().where('tenant_id', '=', tenantId).orderBy('id').execute();
}

async function parentFor(trx: Trx, tenantId: number, parentId: number | null): Promise<FolderRow | null> {
  if (parentId === null) return null;
  const parent = await getFolder(trx, tenantId, parentId);
  if (!parent) throw fieldError('parent', 'missing', { id: String(parentId) });
  return parent;
}

async function pathTaken(trx: Trx, tenantId: number, path: string, exceptId?: number) {
  let q = trx.selectFrom('media_folders').select('id').where('tenant_id', '=', tenantId).where('path', '=', path);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

function tooDeep(depth: number) {
  return depth > MAX_FOLDER_DEPTH ? fieldError('parent', 'folderDepth', { count: MAX_FOLDER_DEPTH }) : undefined;
}

export async function createFolder(db: Db, dialect: Dialect, tenantId: number, input: { title: string; parent: number | null }): Promise<FolderRow> {
  try {
    return await libraryTransaction(db, tenantId, async (trx) => {
      await lockLibrary(trx, dialect, tenantId);
      const parent = await parentFor(trx, tenantId, input.parent);
      const slug = slugify(input.title);
      const path = `${parent?.path ?? ''}/${slug}`;
      const deep = tooDeep(depthOf(path));
      if (deep) throw deep;
      if (await pathTaken(trx, tenantId, path)) throw fieldError('title', 'folderTaken');
      const now = nowIso();
      return trx
        .insertInto('media_folders')
        .values({ tenant_id: tenantId, parent_id: parent?.id ?? null, title: input.title, slug, path, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('title', 'folderTaken');
    throw error;
  }
}

/** Renames and/or moves a folder with everything below it; refuses a move into itself or its sub-folders. */
export async function updateFolder(
  db: Db,
  dialect: Dialect,
  tenantId: number,
  id: number,
  input: { title?: string; parent?: number | null; version?: number },
): Promise<FolderRow> {
  try {
    return await libraryTransaction(db, tenantId, async (trx) => {
      await lockLibrary(trx, dialect, tenantId);
      const row = await getFolder(trx, tenantId, id);
      if (!row) throw notFound();
      if (input.version !== undefined && input.version !== row.version) throw staleFolder(row);

      const title = input.title ?? row.title;
      const parentId = input.parent === undefined ? row.parent_id : input.parent;
      const parent = await parentFor(trx, tenantId, parentId);
      if (parent && (parent.id === row.id || parent.path.startsWith(`${row.path}/`))) {
        throw fieldError('parent', 'folderIntoItself');
      }
      const slug = slugify(title);
      const path = `${parent?.path ?? ''}/${slug}`;
      const below = `${row.path}/%`;

      if (path !== row.path) {
        const descendants = await trx.selectFrom('media_folders').select('path').where('tenant_id', '=', tenantId).where('path', 'like', below).execute();
        const deepest = Math.max(depthOf(row.path), ...descendants.map((d) => depthOf(d.path)));
        const deep = tooDeep(depthOf(path) + deepest - depthOf(row.path));
        if (deep) throw deep;
        if (await pathTaken(trx, tenantId, path, row.id)) throw fieldError('title', 'folderTaken');
        // Every path below starts with the old path: swap that prefix (substr counts
        // characters, from 1, on both dialects).
        const cut = Array.from(row.path).length + 1;
        await trx
          .updateTable('media_folders')
          .set({ path: sql<string>`cast(${path} as varchar(2000)) || substr(path, ${cut})` })
          .where('tenant_id', '=', tenantId)
          .where('path', 'like', below)
          .execute();
      }
      return trx
        .updateTable('media_folders')
        .set((eb) => ({
          title,
          slug,
          path,
          parent_id: parent?.id ?? null,
          updated_at: nowIso(),
          version: eb('version', '+', 1),
        }))
        .where('tenant_id', '=', tenantId)
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('title', 'folderTaken');
    throw error;
  }
}

/**
 * Deletes a folder, its sub-folders and every media item in them (rows, translations,
 * search terms, counters). Returns the storage keys whose files the caller removes once
 * the transaction has committed.
 */
export async function deleteFolderTree(
  db: Db,
  dialect: Dialect,
  tenantId: number,
  id: number,
  version: number | undefined,
  reader: MediaReader,
): Promise<{ keys: string[]; folders: number; media: number }> {
  return libraryTransaction(db, tenantId, async (trx) => {
    await lockLibrary(trx, dialect, tenantId);
    const row = await getFolder(trx, tenantId, id);
    if (!row) throw notFound();
    if (version !== undefined && version !== row.version) throw staleFolder(row);
    const subtree = trx
      .selectFrom('media_folders')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where((eb) => eb.or([eb('id', '=', row.id), eb('path', 'like', `${row.path}/%`)]));

    const files = await trx
      .selectFrom('media')
      .select(['id', 'file_key', 'thumb_key', 'web_key'])
      .where('tenant_id', '=', tenantId)
      .where('folder_id', 'in', subtree)
      .execute();
    await assertMediaUnused(
      trx,
      tenantId,
      files.map((f) => f.id),
      reader,
    );
    await trx.deleteFrom('media').where('tenant_id', '=', tenantId).where('folder_id', 'in', subtree).execute();
    await trx.deleteFrom('media_counts').where('tenant_id', '=', tenantId).where('folder_id', 'in', subtree).execute();
    const deleted = await trx
      .deleteFrom('media_folders')
      .where('tenant_id', '=', tenantId)
      .where((eb) => eb.or([eb('id', '=', row.id), eb('path', 'like', `${row.path}/%`)]))
      .executeTakeFirst();
    const keys = files.flatMap((f) => [f.file_key, f.thumb_key, f.web_key]).filter((k): k is string => !!k);
    return { keys, folders: Number(deleted.numDeletedRows), media: files.length };
  });
}
