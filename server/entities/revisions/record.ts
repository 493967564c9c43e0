/**
 * Every write of the entity engine stores a revision, in the write's transaction (called by
 * runWriteHooks after the registered hooks, so nothing can write a row without it): the
 * actor, the site and its market, the action, the row's version after the write, the fields
 * it changed and the whole row as it then was — a restore needs no other revision.
 */
import { activityMarket } from '../../activity/scope.js';
import { logActivity } from '../../activity/log.js';
import type { EngineContext } from '../context.js';
import type { WriteEvent } from '../hooks.js';
import { changedFields } from './changes.js';

export async function recordRevision(ctx: EngineContext, event: WriteEvent): Promise<void> {
  const record = event.after ?? event.before;
  await logActivity(ctx.db, ctx.actor, {
    tenantId: ctx.site.id,
    marketId: activityMarket(ctx, event.entity, record),
    action: event.restoredFrom !== undefined ? 'restore' : event.publishedDraft !== undefined ? 'publish' : event.op,
    model: event.entity.name,
    objectId: event.id,
    version: event.version,
    changes: event.op === 'delete' ? null : changedFields(event.before, event.after),
    record,
  });
}
