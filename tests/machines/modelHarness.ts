import { type AnyActorLogic, type AnyMachineSnapshot, createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { AnyEvent, MachineModel, ModelPath } from '../../machines/model/paths';

export * from '../../machines/model/paths';

/**
 * A model whose invoked callback actors (fromCallback) send events back, e.g.
 * `{ uploadFile: ['upload.progress', 'upload.done'] }`: a walk delivers those events
 * through the running fake actor, so a path fails if that actor is not running.
 */
export type CallbackEvents = Record<string, string[]>;

interface Deferred {
  resolve(v: unknown): void;
  reject(e: unknown): void;
}

/**
 * Fake actors for the given sources: each invocation waits until the walk settles it by its
 * invoke id (one source may be invoked under several ids, as the media manager's re-reads are).
 */
function controllableActors(ids: string[], callbackIds: string[] = []) {
  const pending = new Map<string, Deferred>();
  const senders = new Map<string, (event: AnyEvent) => void>();
  const actors: Record<string, AnyActorLogic> = {};
  for (const id of ids) {
    actors[id] = fromPromise(({ self }) => new Promise((resolve, reject) => void pending.set(self.id, { resolve, reject })));
  }
  // A callback actor cannot finish with output; it sends events back, and it fails when
  // its receiver throws, which the machine sees as `xstate.error.actor.<id>`.
  for (const id of callbackIds) {
    actors[id] = fromCallback(({ sendBack, receive }) => {
      senders.set(id, sendBack as (event: AnyEvent) => void);
      receive((event: any) => {
        if (event.type === 'harness.fail') throw event.error;
      });
      return () => void senders.delete(id);
    });
  }
  return { actors, pending, senders };
}

const atomicIds = (s: AnyMachineSnapshot) =>
  JSON.stringify(
    (s as any)._nodes
      .filter((n: any) => n.type === 'atomic' || n.type === 'final')
      .map((n: any) => n.id)
      .sort(),
  );

/** Runs a path on a real actor and checks that every step lands where the model says. */
export async function walkPath(
  model: MachineModel,
  path: ModelPath,
  provide: { actions?: Record<string, any>; guards?: Record<string, any>; actors?: Record<string, AnyActorLogic> } = {},
) {
  const callbackEvents: CallbackEvents = (model as MachineModel & { callbackEvents?: CallbackEvents }).callbackEvents ?? {};
  const callbackIds = Object.keys(callbackEvents);
  const { actors, pending, senders } = controllableActors(
    model.actorIds.filter((id) => !callbackIds.includes(id)),
    callbackIds,
  );
  const senderOf = (type: string) => Object.entries(callbackEvents).find(([, types]) => types.includes(type))?.[0];
  const machine = model.machine.provide({ ...provide, actors: { ...actors, ...(provide.actors ?? {}) } } as any);
  const actor = createActor(machine, { input: path.input ?? model.input });
  actor.start();
  for (const step of path.steps) {
    const event = step.event as AnyEvent;
    const [, outcome, settledId] = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type) ?? [];
    const fromCallbackActor = senderOf(event.type);
    if (settledId !== undefined && callbackIds.includes(settledId)) {
      const child = (actor.getSnapshot() as AnyMachineSnapshot).children[settledId];
      if (!child || outcome === 'done') throw new Error(`step ${event.type}: callback actor ${settledId} cannot do that here`);
      child.send({ type: 'harness.fail', error: event.error });
    } else if (fromCallbackActor) {
      const sendBack = senders.get(fromCallbackActor);
      if (!sendBack) throw new Error(`step ${event.type}: actor ${fromCallbackActor} is not running in ${JSON.stringify(actor.getSnapshot().value)}`);
      sendBack(event);
    } else if (settledId !== undefined) {
      const deferred = pending.get(settledId);
      if (!deferred) throw new Error(`step ${event.type}: actor ${settledId} is not running in ${JSON.stringify(actor.getSnapshot().value)}`);
      pending.delete(settledId);
      if (outcome === 'done') deferred.resolve(event.output);
      else deferred.reject(event.error);
    } else if (event.type !== 'xstate.init') {
      actor.send(event as any);
    }
    const expected = atomicIds(step.state as AnyMachineSnapshot);
    await waitFor(actor, (s) => atomicIds(s) === expected, { timeout: 2000 });
  }
  return actor;
}
