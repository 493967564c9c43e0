/**
 * A row's scheduled publish and unpublish (issue 16 item 3, docs/decisions.md §30): at most one
 * pending action of each kind per row in `scheduled_actions`; asking again replaces it (the
 * old one is `cleared`), null clears it. The request is a write of the row: its version moves
 * (so a schedule made from a stale form answers 409 like an update) and a `schedule` entry
 * is logged, in one transaction that first moves the site's data version as every write does.
 */
import type { RawBuilder } from 'kysely';
import type { EntityDef } from '../../../entities/define.js';
import { isPlainObject, normalizeDatetime } from '../../../entities/formats.js';
import type { Errors } from '../../../entities/problems.js';
import { addError } from '../../../entities/problems.js';
import { type ScheduledAction } from '../../../entities/schedule.js';
import { logActivity } from '../../activity/log.js';
import { activityMarket } from '../../activity/scope.js';
import { fieldError, fieldErrors, notFound } from '../../errors.js';
import { nowIso } from '../../services/clock.js';
import { bounded, type EngineContext, lockRow, rowBounds, siteWrite } from '../context.js';
import { pendingDraft } from '../drafts/store.js';
import { loadRecord, presentDetail } from '../read.js';
import { conflict } from '../write.js';

/** A row's pending actions as the API shows them (detail, list, the schedule route's answer). */
export interface RowSchedule {
  publish_at: string | null;
  unpublish_at: string | null;
}

const NONE: RowSchedule = { publish_at: null, unpublish_at: null };
const KEY: Record<ScheduledAction, keyof RowSchedule> = { publish: 'publish_at', unpublish: 'unpublish_at' };

/** A site's pending actions of the entity's rows. */
const pendingActions = (ctx: EngineContext, entity: EntityDef) =>
  ctx.db.selectFrom('scheduled_actions').where('model', '=', entity.name).where('status', '=', 'pending').where('tenant_id', '=', ctx.site.id);

/** Columns of a list's query: its row's (`id`, the row's id column) pending actions, as `<alias prefix><publish_at|unpublish_at>`. */
export function scheduleColumns(ctx: EngineContext, entity: EntityDef, id: RawBuilder<unknown>, prefix: string) {
  return (Object.keys(KEY) as ScheduledAction[]).map((action) =>
    pendingActions(ctx, entity).where('object_id', '=', id).where('action', '=', action).select('due_at').limit(1).as(`${prefix}${KEY[action]}`),
  );
}

/** A row's schedule from a list row's scheduleColumns. */
export function scheduleOfRow(row: Record<string, unknown>, prefix: string): RowSchedule {
  const at = (key: keyof RowSchedule) => (row[`${prefix}${key}`] ?? null) as string | null;
  return { publish_at: at('publish_at'), unpublish_at: at('unpublish_at') };
}

/** The row's pending actions: one probe of (model, object_id, status). */
export async function scheduleOf(ctx: EngineContext, entity: EntityDef, id: number): Promise<RowSchedule> {
  const rows = await pendingActions(ctx, entity).where('object_id', '=', id).select(['action', 'due_at']).execute();
  return rows.reduce<RowSchedule>((out, r) => ({ ...out, [KEY[r.action as ScheduledAction]]: r.due_at }), NONE);
}

/** What a request asks: per action, a moment (ISO 8601 with a zone), null to clear, absent to keep. */
type Asked = Partial<Record<keyof RowSchedule, string | null>>;

function parseAsked(body: unknown): Asked {
  if (!isPlainObject(body)) throw fieldError('non_field_errors', 'notObject');
  const errors: Errors = {};
  const asked: Asked = {};
  for (const key of ['publish_at', 'unpublish_at'] as const) {
    const raw = body[key];
    if (raw === undefined) continue;
    if (raw === null) asked[key] = null;
    else if (typeof raw !== 'string' || raw.length > 40) addError(errors, key, 'datetime');
    else {
      const at = normalizeDatetime(raw.trim());
      if (at === undefined) addError(errors, key, 'datetime');
      else asked[key] = at;
    }
  }
  if (Object.keys(errors).length) throw fieldErrors(errors);
  return asked;
}

/**
 * Sets or clears the row's pending actions over its `version`: 409 with the current row when
 * stale, 400 when a moment does not parse or the unpublish would come first.
 */
export async function setSchedule(ctx: EngineContext, entity: EntityDef, id: number, body: unknown, version: number | undefined, language: string) {
  const asked = parseAsked(body);
  if (version === undefined) throw fieldError('version', 'versionRequired');
  // The row locked first: its pending actions read here stay as read until the commit; the data version last, as every writer does.
  return siteWrite(ctx, async (tx) => {
    await lockRow(tx, entity, id);
    const live = await loadRecord(tx, entity, id);
    if (!live) throw notFound();
    const current = await scheduleOf(tx, entity, id);
    const detail = async () => ({
      ...(await presentDetail(tx, entity, (await loadRecord(tx, entity, id))!, language)),
      has_draft: (await pendingDraft(tx, entity, id)) !== undefined,
    });
    if (Number(live.row.version) !== version) throw conflict({ ...(await detail()), schedule: current });
    const next: RowSchedule = { ...current, ...asked };
    if (next.publish_at !== null && next.unpublish_at !== null && next.unpublish_at <= next.publish_at)
      throw fieldError('unpublish_at', 'unpublishBeforePublish');
    const moved = await bounded(
      tx.db
        .updateTable(entity.table)
        .set((eb) => ({ version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('version', '=', version),
      rowBounds(tx, entity),
    ).executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw conflict({ ...(await detail()), schedule: current });
    const changed = (['publish', 'unpublish'] as const).filter((a) => asked[KEY[a]] !== undefined && asked[KEY[a]] !== current[KEY[a]]);
    const now = nowIso();
    for (const action of changed) {
      await tx.db
        .updateTable('scheduled_actions')
        .set({ status: 'cleared', done_at: now })
        .where('tenant_id', '=', tx.site.id)
        .where('model', '=', entity.name)
        .where('object_id', '=', id)
        .where('status', '=', 'pending')
        .where('action', '=', action)
        .execute();
      const at = next[KEY[action]];
      if (at === null) continue;
      await tx.db
        .insertInto('scheduled_actions')
        .values({
          tenant_id: tx.site.id,
          model: entity.name,
          object_id: id,
          action,
          status: 'pending',
          due_at: at,
          user_id: tx.actor?.userId ?? null,
          username: tx.actor?.username ?? '',
          attempts: 0,
          last_error: '',
          created_at: now,
        })
        .execute();
    }
    await logActivity(tx.db, tx.actor, {
      tenantId: tx.site.id,
      marketId: activityMarket(tx, entity, live.record),
      action: 'schedule',
      model: entity.name,
      objectId: id,
      version: version + 1,
      changes: { fields: changed.map((a) => KEY[a]), translations: {}, schedule: next },
    });
    return { ...(await detail()), schedule: next };
  });
}
