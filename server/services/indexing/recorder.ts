/**
 * Records indexing actions for every write of public content (any entity declaring
 * `public`), in the write's own transaction: an action is never lost, and never recorded
 * for a write that rolled back.
 */
import { onEntityWrites } from '../../entities/hooks.js';
import { nowIso } from '../clock.js';
import { plannedActions } from './actions.js';
import { primaryDomain } from './publicUrls.js';
import { insertActions } from './store.js';

const listeners = new Set<() => void>();

/** Called after actions were recorded (the dispatchers of this process run soon). */
export function onActionsRecorded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// One domain read for all the rows of a batch.
onEntityWrites('*', async (ctx, events) => {
  if (!events[0]?.entity.public) return;
  const domain = ctx.site.domain ?? (await primaryDomain(ctx.db, ctx.site.id));
  if (!domain) return;
  const planned = events.flatMap((event) =>
    plannedActions(event, `https://${domain}`, ctx.site.languages).map((p) => ({
      ...p,
      site: domain,
      tenantId: ctx.site.id,
      entity: event.entity.name,
      entityId: event.id,
    })),
  );
  if (!planned.length) return;
  await insertActions(ctx.db, planned, nowIso());
  for (const listener of listeners) listener();
});
