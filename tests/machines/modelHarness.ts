import { type AnyActorLogic, type AnyMachineSnapshot, createActor, fromPromise, waitFor } from 'xstate';
import type { AnyEvent, MachineModel, ModelPath } from '../../machines/model/paths';

export * from '../../machines/model/paths';

interface Deferred {
  resolve(v: unknown): void;
  reject(e: unknown): void;
}

/** Fake actors for the given ids: each invocation waits until the walk settles it. */
function controllableActors(ids: string[]) {
  const pending = new Map<string, Deferred>();
  const actors: Record<string, AnyActorLogic> = {};
  for (const id of ids) {
    actors[id] = fromPromise(() => new Promise((resolve, reject) => void pending.set(id, { resolve, reject })));
  }
  return { actors, pending };
}

const atomicIds = (s: AnyMachineSnapshot) =>
  JSON.stringify((s as any)._nodes.filter((n: any) => n.type === 'atomic' || n.type === 'final').map((n: any) => n.id).sort());

/** Runs a path on a real actor and checks that every step lands where the model says. */
export async function walkPath(
  model: MachineModel,
  path: ModelPath,
  provide: { actions?: Record<string, any>; guards?: Record<string, any>; actors?: Record<string, AnyActorLogic> } = {},
) {
  const { actors, pending } = controllableActors(model.actorIds);
  const machine = model.machine.provide({ ...provide, actors: { ...actors, ...(provide.actors ?? {}) } } as any);
  const actor = createActor(machine, { input: model.input });
  actor.start();
  for (const step of path.steps) {
    const event = step.event as AnyEvent;
    const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    if (settled) {
      const deferred = pending.get(settled[2]);
      if (!deferred) throw new Error(`step ${event.type}: actor ${settled[2]} is not running in ${JSON.stringify(actor.getSnapshot().value)}`);
      pending.delete(settled[2]);
      if (settled[1] === 'done') deferred.resolve(event.output);
      else deferred.reject(event.error);
    } else if (event.type !== 'xstate.init') {
      actor.send(event as any);
    }
    const expected = atomicIds(step.state as AnyMachineSnapshot);
    await waitFor(actor, (s) => atomicIds(s) === expected, { timeout: 2000 });
  }
  return actor;
}
