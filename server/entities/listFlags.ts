/**
 * What a list of an entity with drafts says of each shown row besides its columns: whether
 * it has a pending draft (`has_draft`) and, where it can be scheduled, its pending actions
 * (`schedule`). Both are read in one statement, a union of their probes (one trip to the
 * database per list instead of two: docs/decisions.md §64).
 */
import { sql } from 'kysely';
import type { EntityDef } from '../../entities/define.js';
import { hasDrafts } from '../../entities/drafts.js';
import { hasSchedule } from '../../entities/schedule.js';
import type { EngineContext } from './context.js';
import { draftEntries } from './drafts/store.js';
import { NO_SCHEDULE, pendingActions, schedulesFrom } from './schedule/store.js';

/** The action of a union row that says the row has a pending draft. */
const DRAFT = 'draft';

export async function withRowFlags<L extends { items: Record<string, unknown>[] }>(ctx: EngineContext, entity: EntityDef, list: L): Promise<L> {
  if (!hasDrafts(entity) || !list.items.length) return list;
  const ids = list.items.map((i) => Number(i.id));
  const drafts = draftEntries(ctx, entity, ids).select(['object_id', sql.lit(DRAFT).as('action'), sql<string | null>`null`.as('due_at')]);
  const scheduled = hasSchedule(entity);
  const rows = await (scheduled ? drafts.unionAll(pendingActions(ctx, entity, ids).select(['object_id', 'action', 'due_at'])) : drafts).execute();
  const drafted = new Set(rows.filter((r) => r.action === DRAFT).map((r) => Number(r.object_id)));
  const schedules = schedulesFrom(rows.filter((r) => r.action !== DRAFT));
  const flags = (id: number) => ({
    has_draft: drafted.has(id),
    ...(scheduled ? { schedule: schedules.get(id) ?? NO_SCHEDULE } : {}),
  });
  return { ...list, items: list.items.map((i) => ({ ...i, ...flags(Number(i.id)) })) };
}
