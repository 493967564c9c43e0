/**
 * Write hooks: what other parts of the server do when a declared entity's row is written,
 * inside the engine's write transaction (so a hook's own writes commit or roll back with
 * the row, and an error it throws refuses the write — an HttpError answers as itself).
 *
 * Register at module load, next to the feature: `onEntityWrite('product', hook)`, or `'*'`
 * for every entity. Hooks run in registration order; `before` is absent on create, `after`
 * on delete. A write of many rows at once (a batched create, a delete of many) hands every
 * hook all its events: `onEntityWrites` takes them together (one domain read for 200 rows),
 * `onEntityWrite` one at a time.
 */
import type { EntityDef } from '../../entities/define.js';
import type { ScheduledAction } from '../../entities/schedule.js';
import type { RecordValues } from '../../entities/validateRecord.js';
import type { EngineContext } from './context.js';
import { recordRevisions } from './revisions/record.js';

export interface WriteEvent {
  op: 'create' | 'update' | 'delete';
  entity: EntityDef;
  id: number;
  before?: RecordValues;
  after?: RecordValues;
  /** The row's version after the write (a delete: the version deleted). */
  version: number;
  /** The revision a restore brought back (server/entities/revisions/restore.ts). */
  restoredFrom?: number;
  /** The draft a publish wrote (server/entities/drafts/store.ts). */
  publishedDraft?: number;
  /** The scheduled action the write carried out (server/entities/schedule/runner.ts). */
  scheduled?: ScheduledAction;
}

export type WriteHook = (ctx: EngineContext, event: WriteEvent) => Promise<void>;
/** Events of one entity, in the order of the rows written. */
export type WritesHook = (ctx: EngineContext, events: readonly WriteEvent[]) => Promise<void>;

const hooks = new Map<string, WritesHook[]>();

export function onEntityWrites(entityName: string | '*', hook: WritesHook): void {
  const list = hooks.get(entityName) ?? [];
  list.push(hook);
  hooks.set(entityName, list);
}

export function onEntityWrite(entityName: string | '*', hook: WriteHook): void {
  onEntityWrites(entityName, async (ctx, events) => {
    for (const event of events) await hook(ctx, event);
  });
}

/** The registered hooks, then the writes' revisions (which record what they made of the rows too). */
export async function runWriteHooks(ctx: EngineContext, events: readonly WriteEvent[]): Promise<void> {
  const [first] = events;
  if (!first) return;
  for (const key of [first.entity.name, '*']) {
    for (const hook of hooks.get(key) ?? []) await hook(ctx, events);
  }
  await recordRevisions(ctx, events);
}
