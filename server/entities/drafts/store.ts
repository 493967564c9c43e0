/**
 * Drafts beside the live row (issue 16, docs/decisions.md §23 "How drafts join"): a draft is
 * an `activity` entry with `action = 'draft'` holding the whole row it would make; a row's
 * pending draft is its newest entry when that entry is a draft (one probe of the index
 * `(model, object_id, id)`). Publishing writes the draft through the engine's update (a
 * `publish` revision); discarding adds a `discard` entry; any other write of the row
 * (a save, a restore) is newer than the draft, which is then no longer pending.
 *
 * Every change runs in one transaction that first moves the site's data version, as the
 * engine's writes do: a site's writers queue there, so the checks of the row's version and
 * of the draft the save was made from see what the write will follow.
 */
import { type RawBuilder, sql } from 'kysely';
import type { EntityDef } from '../../../entities/define.js';
import { isPlainObject } from '../../../entities/formats.js';
import type { ScheduledAction } from '../../../entities/schedule.js';
import type { RecordValues } from '../../../entities/validateRecord.js';
import { logActivity } from '../../activity/log.js';
import { activityMarket } from '../../activity/scope.js';
import { fieldError, notFound } from '../../errors.js';
import { parseVersion } from '../../routes/crud.js';
import { type EngineContext, lockRow, siteWrite } from '../context.js';
import { loadRecord, type Loaded, presentDetail } from '../read.js';
import { changedFields } from '../revisions/changes.js';
import { parseJson } from '../storage.js';
import { checkAgainstDatabase } from '../dbChecks.js';
import { conflict, type RowChange, updateRecord, validateOrThrow } from '../write.js';

export interface PendingDraft {
  id: number;
  at: string;
  username: string;
  /** The row's version the draft was made from. */
  version: number;
  record: RecordValues;
}

/**
 * Entries of the given rows that are their pending draft: the row's newest entry (a schedule
 * request is skipped: it leaves the draft pending, which a scheduled publish puts live), when
 * it is a draft this site saved (ids are never reused, and the routes reach the row first:
 * the site bound holds in the query too). One index probe per row. `rows`: their ids, or
 * the id column of the row a list's query reads.
 */
const draftEntries = (ctx: EngineContext, entity: EntityDef, rows: readonly number[] | RawBuilder<unknown>) => {
  const q = ctx.db.selectFrom('activity').where('model', '=', entity.name);
  return (Array.isArray(rows) ? q.where('object_id', 'in', [...rows]) : q.where('object_id', '=', rows as RawBuilder<unknown>))
    .where('tenant_id', '=', ctx.site.id)
    .where('action', '=', 'draft')
    .where((eb) =>
      eb(
        'id',
        '=',
        eb
          .selectFrom('activity as newer')
          .select((n) => n.fn.max('newer.id').as('id'))
          .whereRef('newer.model', '=', 'activity.model')
          .whereRef('newer.object_id', '=', 'activity.object_id')
          .where('newer.action', '!=', 'schedule'),
      ),
    );
};

/** A column of a list's query: whether its row (`id`, the row's id column) has a pending draft. */
export const hasDraftColumn = (ctx: EngineContext, entity: EntityDef, id: RawBuilder<unknown>) =>
  sql<boolean>`exists ${draftEntries(ctx, entity, id).select('activity.id')}`;

/** The pending drafts of the given rows, by row. */
export async function pendingDrafts(ctx: EngineContext, entity: EntityDef, ids: readonly number[]): Promise<Map<number, PendingDraft>> {
  const out = new Map<number, PendingDraft>();
  if (!ids.length) return out;
  const entries = await draftEntries(ctx, entity, ids).select(['id', 'object_id', 'at', 'username', 'version', 'record']).execute();
  for (const e of entries) {
    out.set(Number(e.object_id), {
      id: Number(e.id),
      at: e.at,
      username: e.username,
      version: Number(e.version),
      record: parseJson<RecordValues>(e.record, { values: {}, translations: {} }),
    });
  }
  return out;
}

export const pendingDraft = async (ctx: EngineContext, entity: EntityDef, id: number) => (await pendingDrafts(ctx, entity, [id])).get(id);

/** The live row, as the context reaches it (another site's: 404). */
async function liveRow(ctx: EngineContext, entity: EntityDef, id: number): Promise<Loaded> {
  const loaded = await loadRecord(ctx, entity, id);
  if (!loaded) throw notFound();
  return loaded;
}

/** A draft as the form loads it: the row's detail with the draft's values, and which draft it is. */
export async function presentDraft(ctx: EngineContext, entity: EntityDef, live: Loaded, draft: PendingDraft, language: string) {
  const detail = await presentDetail(ctx, entity, { row: live.row, record: draft.record }, language);
  return { ...detail, has_draft: true, draft: { id: draft.id, at: draft.at, username: draft.username, version: draft.version } };
}

export async function readDraft(ctx: EngineContext, entity: EntityDef, id: number, language: string) {
  const live = await liveRow(ctx, entity, id);
  const draft = await pendingDraft(ctx, entity, id);
  if (!draft) throw notFound('This row has no pending draft.');
  return presentDraft(ctx, entity, live, draft, language);
}

/** What a draft write names: the row's version (required) and the draft it was made from (`draft`, none when made from the live row). */
export interface DraftBase {
  version: number | undefined;
  draft: unknown;
}

function baseDraftOf(raw: unknown): number | null {
  if (raw === undefined || raw === null) return null;
  const id = parseVersion(raw);
  if (id === undefined || id === null) throw fieldError('draft', 'integer');
  return id;
}

/** 409 with what the caller did not see: the row when its version moved, else the pending draft. */
async function checkBase(ctx: EngineContext, entity: EntityDef, id: number, base: DraftBase, language: string) {
  if (base.version === undefined) throw fieldError('version', 'versionRequired');
  const from = baseDraftOf(base.draft);
  const live = await liveRow(ctx, entity, id);
  const draft = await pendingDraft(ctx, entity, id);
  if (Number(live.row.version) !== base.version) {
    throw conflict(draft ? await presentDraft(ctx, entity, live, draft, language) : await presentDetail(ctx, entity, live, language));
  }
  if ((draft?.id ?? null) !== from) {
    throw conflict(
      draft ? await presentDraft(ctx, entity, live, draft, language) : { ...(await presentDetail(ctx, entity, live, language)), has_draft: false },
    );
  }
  return { live, draft };
}

/**
 * A draft's write: the live row locked first, so the base it is checked against (checkBase)
 * holds until the commit; the site's data version moved last, as every writer does.
 */
const draftWrite = <T>(ctx: EngineContext, entity: EntityDef, id: number, fn: (tx: EngineContext) => Promise<T>) =>
  siteWrite(ctx, async (tx) => {
    await lockRow(tx, entity, id);
    return fn(tx);
  });

/**
 * Saves the body as the row's pending draft, checked as an update of the row would be (the
 * form's validation, then slugs, unique values and references in the database: what could
 * not be published is refused now, 400); the live row is untouched.
 */
export async function saveDraft(ctx: EngineContext, entity: EntityDef, id: number, body: unknown, base: DraftBase, language: string) {
  const first = await liveRow(ctx, entity, id);
  const { record } = validateOrThrow(ctx, entity, body, 'replace', { languageCode: language }, first.record);
  return draftWrite(ctx, entity, id, async (tx) => {
    const { live } = await checkBase(tx, entity, id, base, language);
    await checkAgainstDatabase(tx, entity, record, id);
    await logActivity(tx.db, tx.actor, {
      tenantId: tx.site.id,
      marketId: activityMarket(tx, entity, live.record),
      action: 'draft',
      model: entity.name,
      objectId: id,
      version: base.version,
      changes: changedFields(live.record, record),
      record,
    });
    const draft = (await pendingDraft(tx, entity, id))!;
    return presentDraft(tx, entity, live, draft, language);
  });
}

/** The pending draft written over the live row by the engine's update (validation, slugs, hooks, indexing): a `publish` revision. */
export async function publishDraft(ctx: EngineContext, entity: EntityDef, id: number, base: DraftBase, language: string) {
  return draftWrite(ctx, entity, id, async (tx) => {
    const { draft } = await checkBase(tx, entity, id, { ...base, draft: base.draft ?? (await pendingDraft(tx, entity, id))?.id }, language);
    if (!draft) throw notFound('This row has no pending draft.');
    const { body, partial, publishedDraft } = draftChange(draft);
    return { ...(await updateRecord(tx, entity, id, body, { partial, version: base.version, languageCode: language, publishedDraft })), has_draft: false };
  });
}

/**
 * The draft's record as the change the engine's update writes over the live row: a publish,
 * asked now or scheduled (server/entities/schedule/runner.ts, which also sets the row's status: `set`).
 */
export const draftChange = (draft: PendingDraft, set?: Record<string, unknown>, scheduled?: ScheduledAction): RowChange => ({
  body: { ...draft.record.values, ...set, translations: draft.record.translations },
  partial: false,
  publishedDraft: draft.id,
  scheduled,
});

/** Drops the pending draft: a `discard` entry, after which the row's newest entry is no draft. */
export async function discardDraft(ctx: EngineContext, entity: EntityDef, id: number) {
  await draftWrite(ctx, entity, id, async (tx) => {
    const live = await liveRow(tx, entity, id);
    const draft = await pendingDraft(tx, entity, id);
    if (!draft) throw notFound('This row has no pending draft.');
    await logActivity(tx.db, tx.actor, {
      tenantId: tx.site.id,
      marketId: activityMarket(tx, entity, live.record),
      action: 'discard',
      model: entity.name,
      objectId: id,
      version: Number(live.row.version),
    });
  });
}

export const draftBase = (body: unknown, version: number | undefined): DraftBase => ({ version, draft: isPlainObject(body) ? body.draft : undefined });
