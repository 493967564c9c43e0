import { type AnyActorLogic, type AnyMachineSnapshot, type AnyStateMachine, createActor, fromPromise, waitFor } from 'xstate';
import { getShortestPaths, toDirectedGraph } from 'xstate/graph';

/**
 * Model-based testing on top of xstate/graph. Async outcomes are modelled as the
 * events XState itself raises (`xstate.done.actor.<id>`, `xstate.error.actor.<id>`),
 * so the graph traversal explores them; walking a path on a real actor resolves or
 * rejects the fake invoked actor with that id at that step.
 */
type AnyEvent = { type: string; [k: string]: unknown };
export type ModelPath = ReturnType<typeof getShortestPaths>[number] & { description: string };

export const done = (id: string, output?: unknown): AnyEvent => ({ type: `xstate.done.actor.${id}`, output });
export const fail = (id: string, error: unknown): AnyEvent => ({ type: `xstate.error.actor.${id}`, error });

/** Keys traversal by state value, the event that led there, and whatever context a test says matters. */
export function modelPaths(
  machine: AnyStateMachine,
  opts: { events: AnyEvent[]; input?: unknown; contextKey?: (context: any) => unknown },
): ModelPath[] {
  const paths = getShortestPaths(machine, {
    events: opts.events as any,
    input: opts.input,
    // Only events the state really takes: an ignored event is not a transition.
    filterEvents: (state: AnyMachineSnapshot, event: AnyEvent) => state.can(event as any),
    serializeState: (state: AnyMachineSnapshot, event?: AnyEvent) =>
      JSON.stringify([state.value, event?.type ?? null, opts.contextKey?.(state.context) ?? null]),
  } as any);
  return paths.map((p) => ({
    ...p,
    description: `reaches ${JSON.stringify(p.state.value)} via ${
      p.steps
        .map((s) => (s.event as AnyEvent).type.replace(/^xstate\./, ''))
        .filter((t) => t !== 'init')
        .join(' → ') || 'start'
    }`,
  }));
}

interface Deferred {
  resolve(v: unknown): void;
  reject(e: unknown): void;
}

/** Fake actors for the given ids: each invocation waits until the walk settles it. */
function controllableActors(ids: string[]) {
  const pending = new Map<string, Deferred>();
  const actors: Record<string, AnyActorLogic> = {};
  for (const id of ids) {
    actors[id] = fromPromise(
      () =>
        new Promise((resolve, reject) => {
          pending.set(id, { resolve, reject });
        }),
    );
  }
  return { actors, pending };
}

const atomicIds = (s: AnyMachineSnapshot) =>
  (s as any)._nodes.filter((n: any) => n.type === 'atomic' || n.type === 'final').map((n: any) => n.id).sort();

/** Runs a path on a real actor and checks that every step lands where the model says. */
export async function walkPath(
  machine: AnyStateMachine,
  path: ModelPath,
  opts: { input?: unknown; actorIds: string[]; provide?: Parameters<AnyStateMachine['provide']>[0] },
) {
  const { actors, pending } = controllableActors(opts.actorIds);
  const actor = createActor(machine.provide({ ...(opts.provide ?? {}), actors: { ...actors, ...(opts.provide?.actors ?? {}) } }), {
    input: opts.input,
  });
  actor.start();
  for (const step of path.steps) {
    const event = step.event as AnyEvent;
    if (event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.')) {
      const isDone = event.type.startsWith('xstate.done.actor.');
      const id = event.type.replace(/^xstate\.(done|error)\.actor\./, '');
      const deferred = pending.get(id);
      if (!deferred) throw new Error(`step ${event.type}: actor ${id} is not running in ${JSON.stringify(actor.getSnapshot().value)}`);
      pending.delete(id);
      if (isDone) deferred.resolve(event.output);
      else deferred.reject(event.error);
    } else if (event.type !== 'xstate.init') {
      actor.send(event as any);
    }
    const expected = JSON.stringify(atomicIds(step.state as AnyMachineSnapshot));
    await waitFor(actor, (s) => JSON.stringify(atomicIds(s)) === expected, { timeout: 2000 });
  }
  return actor;
}

/** Every state node of the machine that no path visits. */
export function unvisitedStates(machine: AnyStateMachine, paths: ModelPath[]): string[] {
  const visited = new Set<string>();
  for (const p of paths) for (const step of p.steps) for (const n of (step.state as any)._nodes) visited.add(n.id);
  const all: string[] = [];
  const walk = (node: any) => {
    all.push(node.id);
    for (const child of Object.values(node.states ?? {})) walk(child);
  };
  walk(machine.root);
  return all.filter((id) => !visited.has(id));
}

/** Every transition (source node, event, target node) of the statechart that no path takes. */
export function uncoveredTransitions(machine: AnyStateMachine, paths: ModelPath[]): string[] {
  const taken: Array<{ from: Set<string>; to: Set<string>; type: string }> = [];
  for (const p of paths) {
    for (let i = 1; i < p.steps.length; i++) {
      taken.push({
        from: new Set((p.steps[i - 1].state as any)._nodes.map((n: any) => n.id)),
        to: new Set((p.steps[i].state as any)._nodes.map((n: any) => n.id)),
        type: (p.steps[i].event as AnyEvent).type,
      });
    }
  }
  const edges: string[] = [];
  const collect = (node: ReturnType<typeof toDirectedGraph>) => {
    for (const e of node.edges) {
      const type = e.transition.eventType;
      const covered = taken.some((t) => t.type === type && t.from.has(e.source.id) && t.to.has(e.target.id));
      if (!covered) edges.push(`${e.source.id} --${type}--> ${e.target.id}`);
    }
    for (const child of node.children) collect(child);
  };
  collect(toDirectedGraph(machine));
  return edges;
}
