import { createActor } from 'xstate';
import { sessionMachine } from '../../machines/session.machine';
import { sessionActors } from '../http/sessionActors';
import { inspector } from './inspector';

/** The app-wide session actor, started once outside React (STYLE.md). */
export function startSession(host: string) {
  const machine = sessionMachine.provide({
    actors: sessionActors,
    actions: {
      reloadPage: () => window.location.reload(),
      logFailure: (_, { what, error }) => console.warn(`[session] ${what} failed`, error),
    },
  });
  return createActor(machine, { input: { host }, inspect: inspector?.inspect }).start();
}

export type SessionActor = ReturnType<typeof startSession>;
