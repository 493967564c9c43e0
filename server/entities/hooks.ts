/**
 * Write hooks: what other parts of the server do when a declared entity's row is written,
 * inside the engine's write transaction (so a hook's own writes commit or roll back with
 * the row, and an error it throws refuses the write — an HttpError answers as itself).
 *
 * Register at module load, next to the feature: `onEntityWrite('product', hook)`, or `'*'`
 * for every entity. Hooks run in registration order; `before` is absent on create, `after`
 * on delete.
 */
import type { EntityDef } from '../../entities/define.js';
import type { RecordValues } from '../../entities/validateRecord.js';
import type { EngineContext } from './context.js';
import { recordRevision } from './revisions/record.js';

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
}

export type WriteHook = (ctx: EngineContext, event: WriteEvent) => Promise<void>;

const hooks = new Map<string, WriteHook[]>();

export function onEntityWrite(entityName: string | '*', hook: WriteHook): void {
  const list = hooks.get(entityName) ?? [];
  list.push(hook);
  hooks.set(entityName, list);
}

/** The registered hooks, then the write's revision (which records what they made of the row too). */
export async function runWriteHooks(ctx: EngineContext, event: WriteEvent): Promise<void> {
  for (const key of [event.entity.name, '*']) {
    for (const hook of hooks.get(key) ?? []) await hook(ctx, event);
  }
  await recordRevision(ctx, event);
}
