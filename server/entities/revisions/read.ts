/**
 * Reading revisions: a row's history (newest first, keyset pages on the index of the row's
 * entries), one revision with its field-by-field diff against the one before, and an
 * entity's bin — its deleted rows whose delete still holds their record.
 */
import type { EntityDef } from '../../../entities/define.js';
import { diffRecords } from '../../../entities/recordDiff.js';
import type { RecordValues } from '../../../entities/validateRecord.js';
import { type Keyset, type KeysetPage, pageOf, readSize } from '../../activity/paging.js';
import { ENTRY_COLUMNS, type EntryRow, presentEntry } from '../../activity/present.js';
import { bounded, type EngineContext, marketBound, rowBounds } from '../context.js';
import { parseJson } from '../storage.js';

/** Whether the context reaches the row now: its history is as reachable as the row. */
export async function reachesRow(ctx: EngineContext, entity: EntityDef, id: number): Promise<boolean> {
  const row = await bounded(ctx.db.selectFrom(entity.table).select('id').where('id', '=', id), rowBounds(ctx, entity)).executeTakeFirst();
  return row !== undefined;
}

const ofRow = (ctx: Pick<EngineContext, 'db'>, entity: EntityDef, id: number) =>
  ctx.db.selectFrom('activity').where('model', '=', entity.name).where('object_id', '=', id).where('record', 'is not', null);

/** The query of a page of a row's history (tests/server/revisions-plan.test.ts reads its plan). */
export function revisionsPage(ctx: Pick<EngineContext, 'db'>, entity: EntityDef, id: number, k: Keyset) {
  let q = ofRow(ctx, entity, id).select([...ENTRY_COLUMNS]);
  if (k.before !== undefined) q = q.where('id', '<', k.before);
  return q.orderBy('id', 'desc').limit(readSize(k));
}

export async function listRevisions(ctx: EngineContext, entity: EntityDef, id: number, k: Keyset): Promise<KeysetPage<ReturnType<typeof presentEntry>>> {
  const rows = (await revisionsPage(ctx, entity, id, k).execute()) as EntryRow[];
  return pageOf(k, rows, presentEntry);
}

export interface Revision {
  entry: EntryRow;
  record: RecordValues;
}

/** A revision of the row, with the row as it then was. */
export async function loadRevision(ctx: EngineContext, entity: EntityDef, id: number, rev: number): Promise<Revision | undefined> {
  const row = await ofRow(ctx, entity, id)
    .select([...ENTRY_COLUMNS, 'record'])
    .where('id', '=', rev)
    .executeTakeFirst();
  return row && { entry: row as EntryRow, record: parseJson<RecordValues>(row.record, { values: {}, translations: {} }) };
}

/** A revision and what it changed against the revision before it (a create: against nothing). */
export async function readRevision(ctx: EngineContext, entity: EntityDef, id: number, rev: number) {
  const found = await loadRevision(ctx, entity, id, rev);
  if (!found) return undefined;
  const before = await ofRow(ctx, entity, id).select(['id', 'record']).where('id', '<', rev).orderBy('id', 'desc').limit(1).executeTakeFirst();
  const previous = before ? parseJson<RecordValues>(before.record, { values: {}, translations: {} }) : undefined;
  return {
    ...presentEntry(found.entry),
    previous: before ? Number(before.id) : null,
    record: found.record,
    diff: diffRecords(previous, found.record),
  };
}

/** The sites whose bin a context reads: its own, or across sites the reached ones (null: every one). */
const binSites = (ctx: EngineContext): readonly number[] | null => (ctx.span === undefined ? [ctx.site.id] : ctx.span);

/** The delete entries of the bin a context reaches; `rev` picks one. */
export function binEntries(ctx: EngineContext, entity: EntityDef) {
  let q = ctx.db.selectFrom('activity').where('action', '=', 'delete').where('record', 'is not', null).where('model', '=', entity.name);
  const sites = binSites(ctx);
  if (sites !== null) q = q.where('tenant_id', 'in', sites.length ? sites : [-1]);
  const market = marketBound(ctx, entity);
  if (market) q = q.where('market_id', '=', market[1]);
  // A row restored since (its history goes on) or made again with its id is no longer in the bin.
  return q.where((eb) =>
    eb.not(
      eb.exists(
        eb
          .selectFrom('activity as later')
          .select('later.id')
          .whereRef('later.model', '=', 'activity.model')
          .whereRef('later.object_id', '=', 'activity.object_id')
          .whereRef('later.id', '>', 'activity.id'),
      ),
    ),
  );
}

export async function listBin(ctx: EngineContext, entity: EntityDef, k: Keyset) {
  let q = binEntries(ctx, entity).select([...ENTRY_COLUMNS.map((c) => `activity.${c}` as const), 'activity.record']);
  if (k.before !== undefined) q = q.where('activity.id', '<', k.before);
  const rows = (await q.orderBy('activity.id', 'desc').limit(readSize(k)).execute()) as (EntryRow & { record: string })[];
  return pageOf(k, rows, (r) => ({ ...presentEntry(r), record: parseJson<RecordValues>(r.record, { values: {}, translations: {} }) }));
}
