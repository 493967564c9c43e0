import { useSelector } from '@xstate/react';
import type { ActorRef, EventObject, Snapshot } from 'xstate';
import { propsEqual } from './propsEqual';

/**
 * A slice of what a machine's pure `connect` (machines/*.connect.ts) makes of the actor's
 * snapshot: the caller renders from it and re-renders only when that slice changes.
 */
export function useConnect<S extends Snapshot<unknown>, E extends EventObject, P, T, Emitted extends EventObject = EventObject>(
  actor: ActorRef<S, E, Emitted>,
  connect: (snapshot: S, send: (event: E) => void) => P,
  pick: (props: P) => T,
): T {
  return useSelector(actor, (s) => pick(connect(s, actor.send)), propsEqual);
}
