import { useSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from '../../machines/session.machine';
import type { SessionActor } from './sessionActor';

const SessionContext = createContext<SessionActor | null>(null);

export function SessionProvider({ actor, children }: { actor: SessionActor; children: ReactNode }) {
  return <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>;
}

export function useSessionActor(): SessionActor {
  const actor = useContext(SessionContext);
  if (!actor) throw new Error('SessionProvider is missing');
  return actor;
}

/** Narrow selection, so a screen re-renders only when what it shows changes. */
export function useSession<T>(select: (s: SnapshotFrom<typeof sessionMachine>) => T, compare?: (a: T, b: T) => boolean) {
  return useSelector(useSessionActor(), select, compare);
}
