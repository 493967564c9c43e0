/**
 * Every write of the entity engine stores a revision, in the write's transaction (called by
 * runWriteHooks after the registered hooks, so nothing can write a row without it; a batch's
 * rows in one statement): the actor, the site and its market, the action, the row's version
 * after the write, the fields it changed and the whole row as it then was — a restore needs no
 * other revision.
 */
import { activityMarket } from '../../activity/scope.js';
import { logActivities } from '../../activity/log.js';
import type { EngineContext } from '../context.js';
import type { WriteEvent } from '../hooks.js';
import { changedFields } from './changes.js';

/** A scheduled action's write says it was scheduled: the user named is who asked for it, not who was there. */
function actionOf(event: WriteEvent): string {
  if (event.scheduled) return `scheduled_${event.scheduled}`;
  if (event.restoredFrom !== undefined) return 'restore';
  return event.publishedDraft !== undefined ? 'publish' : event.op;
}

export async function recordRevisions(ctx: EngineContext, events: readonly WriteEvent[]): Promise<void> {
  await logActivities(
    ctx.db,
    ctx.actor,
    events.map((event) => {
      const record = event.after ?? event.before;
      return {
        tenantId: ctx.site.id,
        marketId: activityMarket(ctx, event.entity, record),
        action: actionOf(event),
        model: event.entity.name,
        objectId: event.id,
        version: event.version,
        changes: event.op === 'delete' ? null : changedFields(event.before, event.after),
        record,
      };
    }),
  );
}
