/**
 * The media library's derived tables: media_terms (the search index) and media_counts
 * (the paginator's counters), kept in step with every write and rebuilt for rows loaded
 * behind the API's back.
 */
import type { Db, Trx } from './db.js';
import { termsOf } from './terms.js';

/** Adds `delta` media of a type to a folder's counter (folder null = the root, stored as 0). */
export async function bumpCount(trx: Trx, tenantId: number, folderId: number | null, mime: string, delta: number) {
  await trx
    .insertInto('media_counts')
    .values({ tenant_id: tenantId, folder_id: folderId ?? 0, mime_type: mime, n: delta })
    .onConflict((oc) => oc.columns(['tenant_id', 'folder_id', 'mime_type']).doUpdateSet((eb) => ({ n: eb('media_counts.n', '+', eb.ref('excluded.n')) })))
    .execute();
}

/**
 * Rebuilds the search terms of one media item from its name and its titles in every
 * language (and its folder and type group); call it after any of those change.
 */
export async function reindexTerms(trx: Trx, tenantId: number, mediaId: number) {
  const row = await trx.selectFrom('media').select(['name', 'folder_id', 'mime_group']).where('id', '=', mediaId).executeTakeFirstOrThrow();
  const titles = await trx.selectFrom('media_translations').select('title').where('media_id', '=', mediaId).execute();
  const terms = termsOf([row.name, ...titles.map((t) => t.title)]);
  await trx.deleteFrom('media_terms').where('media_id', '=', mediaId).execute();
  if (terms.length) {
    await trx
      .insertInto('media_terms')
      .values(
        terms.map((term) => ({
          tenant_id: tenantId,
          term,
          folder_id: row.folder_id ?? 0,
          mime_group: row.mime_group,
          media_id: mediaId,
        })),
      )
      .execute();
  }
}

/**
 * Rebuilds media_counts from the media rows (of one tenant, or all): for data loaded
 * behind the API's back, such as benchmark fixtures.
 */
export async function recountMedia(db: Db, tenantId?: number) {
  await db.transaction().execute(async (trx) => {
    let del = trx.deleteFrom('media_counts');
    if (tenantId !== undefined) del = del.where('tenant_id', '=', tenantId);
    await del.execute();
    let q = trx
      .selectFrom('media')
      .select((eb) => ['tenant_id', eb.fn.coalesce('folder_id', eb.val(0)).as('folder_id'), 'mime_type', eb.fn.countAll<number>().as('n')])
      .groupBy(['tenant_id', 'folder_id', 'mime_type']);
    if (tenantId !== undefined) q = q.where('tenant_id', '=', tenantId);
    const rows = await q.execute();
    for (let i = 0; i < rows.length; i += 500) {
      await trx
        .insertInto('media_counts')
        .values(rows.slice(i, i + 500).map((r) => ({ ...r, folder_id: Number(r.folder_id), n: Number(r.n) })))
        .execute();
    }
  });
}

/**
 * Rebuilds media_terms (and media_counts) from media and media_translations, for one
 * tenant or all: for rows loaded behind the API's back (benchmark fixtures, imports).
 */
export async function rebuildMediaIndexes(db: Db, tenantId?: number) {
  const BATCH = 1000;
  for (let after = 0; ;) {
    let q = db.selectFrom('media').select(['id', 'tenant_id', 'name', 'folder_id', 'mime_group']).where('id', '>', after);
    if (tenantId !== undefined) q = q.where('tenant_id', '=', tenantId);
    const rows = await q.orderBy('id').limit(BATCH).execute();
    const last = rows.at(-1);
    if (!last) break;
    after = last.id;
    const ids = rows.map((r) => r.id);
    const titles = await db.selectFrom('media_translations').select(['media_id', 'title']).where('media_id', 'in', ids).execute();
    const byMedia = new Map<number, string[]>();
    for (const t of titles) byMedia.set(t.media_id, [...(byMedia.get(t.media_id) ?? []), t.title]);
    const terms = rows.flatMap((r) =>
      termsOf([r.name, ...(byMedia.get(r.id) ?? [])]).map((term) => ({
        tenant_id: r.tenant_id,
        term,
        folder_id: r.folder_id ?? 0,
        mime_group: r.mime_group,
        media_id: r.id,
      })),
    );
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('media_terms').where('media_id', 'in', ids).execute();
      for (let i = 0; i < terms.length; i += 2000)
        await trx
          .insertInto('media_terms')
          .values(terms.slice(i, i + 2000))
          .execute();
    });
  }
  await recountMedia(db, tenantId);
}
