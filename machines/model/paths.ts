import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { getShortestPaths, toDirectedGraph } from 'xstate/graph';

/**
 * Model-based testing on top of xstate/graph. Async outcomes are modelled as the
 * events XState itself raises (`xstate.done.actor.<id>`, `xstate.error.actor.<id>`),
 * so the graph traversal explores them; walking a path on a real actor (tests) resolves
 * or rejects the fake invoked actor with that id at that step.
 */
export type AnyEvent = { type: string; [k: string]: unknown };
export type ModelPath = ReturnType<typeof getShortestPaths>[number] & { description: string; input?: unknown };

/** What a machine's model-based test needs: the events to explore and what to key states by. */
export interface MachineModel {
  machine: AnyStateMachine;
  events: AnyEvent[];
  /** Ids of invoked actors; a walk settles them when a path says so. */
  actorIds: string[];
  input?: unknown;
  /** Several starting inputs, when the machine branches on its input; paths are made from each. */
  inputs?: unknown[];
  /** Context that changes which transitions are enabled (guards) must be part of the key. */
  contextKey?: (context: any) => unknown;
}

export const done = (id: string, output?: unknown): AnyEvent => ({ type: `xstate.done.actor.${id}`, output });
export const fail = (id: string, error: unknown): AnyEvent => ({ type: `xstate.error.actor.${id}`, error });

/** Keys traversal by state value, the event that led there, the state it came from, and the context the model names. */
export function pathsOf(model: MachineModel): ModelPath[] {
  return (model.inputs ?? [model.input]).flatMap((input) => pathsFrom(model, input));
}

function pathsFrom(model: MachineModel, input: unknown): ModelPath[] {
  const paths = getShortestPaths(model.machine, {
    events: model.events as any,
    input,
    // Only events the state really takes: an ignored event is not a transition.
    filterEvents: (state: AnyMachineSnapshot, event: AnyEvent) => state.can(event as any),
    // Keyed by where the step came from too, so every transition is a node of its own.
    serializeState: (state: AnyMachineSnapshot, event?: AnyEvent, prev?: AnyMachineSnapshot) =>
      JSON.stringify([state.value, event?.type ?? null, prev?.value ?? null, model.contextKey?.(state.context) ?? null]),
  } as any);
  const starting = model.inputs ? ` from ${JSON.stringify(input)}` : '';
  return paths.map((p) => ({
    ...p,
    input,
    description: `reaches ${JSON.stringify(p.state.value)} via ${
      p.steps
        .map((s) => (s.event as AnyEvent).type.replace(/^xstate\./, ''))
        .filter((t) => t !== 'init')
        .join(' → ') || 'start'
    }${starting}`,
  }));
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
        from: new Set((p.steps[i - 1]!.state as any)._nodes.map((n: any) => n.id)),
        to: new Set((p.steps[i]!.state as any)._nodes.map((n: any) => n.id)),
        type: (p.steps[i]!.event as AnyEvent).type,
      });
    }
  }
  const missing: string[] = [];
  const collect = (node: ReturnType<typeof toDirectedGraph>) => {
    for (const e of node.edges) {
      const type = e.transition.eventType;
      const covered = taken.some((t) => t.type === type && t.from.has(e.source.id) && t.to.has(e.target.id));
      if (!covered) missing.push(`${e.source.id} --${type}--> ${e.target.id}`);
    }
    for (const child of node.children) collect(child);
  };
  collect(toDirectedGraph(machine));
  return missing;
}
