/**
 * Putting back what a revision holds, as a new write of the engine (validation, slugs,
 * references, hooks, its own revision marked `restore`): a row's earlier state over its
 * current version (stale: 409 with the current row, like any update), or a deleted row from
 * the bin with its id. A value that no longer fits (a slug taken since, a reference
 * deleted since) answers 400 like any write, and nothing is written.
 */
import { SITE_FIELD } from '../../../entities/acrossSites.js';
import type { EntityDef } from '../../../entities/define.js';
import type { RecordValues } from '../../../entities/validateRecord.js';
import { notFound } from '../../errors.js';
import { createAcross, updateAcross } from '../acrossSites.js';
import type { EngineContext } from '../context.js';
import { createRecord, updateRecord } from '../write.js';
import { binEntries, loadRevision } from './read.js';
import { parseJson } from '../storage.js';

const bodyOf = (record: RecordValues) => ({ ...record.values, translations: record.translations });

export async function restoreRevision(ctx: EngineContext, entity: EntityDef, id: number, rev: number, version: number | undefined, language: string) {
  const found = await loadRevision(ctx, entity, id, rev);
  if (!found) throw notFound();
  const opts = { partial: false, version, restoredFrom: rev };
  if (ctx.span !== undefined) return updateAcross(ctx, entity, id, bodyOf(found.record), opts, language);
  return updateRecord(ctx, entity, id, bodyOf(found.record), { ...opts, languageCode: language });
}

/** Brings a deleted row back from the bin with its id; 404 when the bin (of this context) does not hold that delete. */
export async function restoreFromBin(ctx: EngineContext, entity: EntityDef, rev: number, language: string) {
  const entry = await binEntries(ctx, entity)
    .select(['activity.object_id', 'activity.tenant_id', 'activity.record'])
    .where('activity.id', '=', rev)
    .executeTakeFirst();
  if (!entry) throw notFound();
  const id = Number(entry.object_id);
  const body = bodyOf(parseJson<RecordValues>(entry.record, { values: {}, translations: {} }));
  const opts = { id, restoredFrom: rev };
  if (ctx.span !== undefined) return createAcross(ctx, entity, { ...body, [SITE_FIELD]: Number(entry.tenant_id) }, opts, language);
  return createRecord(ctx, entity, body, { ...opts, languageCode: language });
}
