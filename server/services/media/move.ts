import { addError, type Errors } from '../../../entities/problems.js';
import type { Dialect } from '../../db/database.js';
import { fieldErrors } from '../../errors.js';
import { nowIso } from '../clock.js';
import { type Db, libraryTransaction } from './db.js';
import { bumpCount } from './indexes.js';
import { checkFolder } from './library.js';
import { assertMediaYours, type MediaReader } from './usage.js';

/**
 * Files media items of a tenant into one folder (null = the root), all or none: an id
 * that names no media of the tenant, or a folder of another tenant, refuses the whole
 * request with 400 and moves nothing. Each media moved gets a new version, as a PATCH of
 * its folder gives it; those already there are left as they are. Answers how many of the
 * ids are now in the folder. A market administrator moves only media no record outside
 * its market uses, as it patches only those.
 */
export async function moveMedia(
  db: Db,
  dialect: Dialect,
  tenantId: number,
  ids: readonly number[],
  folderId: number | null,
  reader: MediaReader,
): Promise<number> {
  const wanted = [...new Set(ids)];
  return libraryTransaction(db, tenantId, async (trx) => {
    // Locks the folder tree first, as a PATCH moving one media does: the folder cannot go meanwhile.
    await checkFolder(trx, dialect, tenantId, folderId);
    let q = trx.selectFrom('media').select(['id', 'folder_id', 'mime_type']).where('tenant_id', '=', tenantId).where('id', 'in', wanted);
    if (dialect === 'postgres') q = q.forUpdate();
    const rows = await q.execute();
    const found = new Set(rows.map((r) => r.id));
    const errors: Errors = {};
    ids.forEach((id, i) => {
      if (!found.has(id)) addError(errors, `ids.${i}`, 'missing', { id });
    });
    if (Object.keys(errors).length) throw fieldErrors(errors);

    const moving = rows.filter((r) => r.folder_id !== folderId);
    if (!moving.length) return wanted.length;
    await assertMediaYours(
      trx,
      tenantId,
      moving.map((r) => r.id),
      reader,
    );
    // The paginator's counters, one change per (folder, type) instead of one per media.
    const deltas = new Map<string, { folder: number | null; mime: string; n: number }>();
    const add = (folder: number | null, mime: string, n: number) => {
      const key = `${folder}|${mime}`;
      const d = deltas.get(key) ?? { folder, mime, n: 0 };
      d.n += n;
      deltas.set(key, d);
    };
    for (const r of moving) {
      add(r.folder_id, r.mime_type, -1);
      add(folderId, r.mime_type, 1);
    }
    for (const d of deltas.values()) await bumpCount(trx, tenantId, d.folder, d.mime, d.n);

    const movingIds = moving.map((r) => r.id);
    await trx
      .updateTable('media')
      .set((eb) => ({ folder_id: folderId, updated_at: nowIso(), version: eb('version', '+', 1) }))
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', movingIds)
      .execute();
    // A search scoped to a folder reads the folder from the terms: only that part of them changes.
    await trx
      .updateTable('media_terms')
      .set({ folder_id: folderId ?? 0 })
      .where('tenant_id', '=', tenantId)
      .where('media_id', 'in', movingIds)
      .execute();
    return wanted.length;
  });
}
