import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { actionsOn } from '../../../entities/permissions';
import { connectSession, type SessionProps } from '../../../machines/session.connect';
import type { sessionMachine } from '../../../machines/session.machine';
import { useConnect } from '../../ui/useConnect';
import { useProvided } from './provided';

/** The site and the signed-in user (docs/spec.md §4): one actor for the app, started by startApp. */
export type SessionService = ActorRefFrom<typeof sessionMachine>;

export const SessionContext = createContext<SessionService | null>(null);

export const useSessionService = () => useProvided(SessionContext, 'session');

/**
 * A narrow selection straight from the session's snapshot. The entity screens still read the
 * session this way; everything else reads `useSessionView`.
 */
export function useSession<T>(select: (s: SnapshotFrom<typeof sessionMachine>) => T, compare?: (a: T, b: T) => boolean) {
  return useSelector(useSessionService(), select, compare);
}

/** A slice of the session's connect props (machines/session.connect.ts); the caller re-renders only when it changes. */
export function useSessionView<T>(pick: (props: SessionProps) => T): T {
  return useConnect(useSessionService(), connectSession, pick);
}

/**
 * Whether the signed-in user may list `model`'s rows, so a picker over them can search.
 * Outside the app (a component test) there is nobody to ask, and the server decides.
 */
export function useMayList(model: string): boolean {
  const session = useContext(SessionContext);
  return useSelector(session ?? undefined, (s) => (s ? actionsOn(s.context.user, model).has('view') : true));
}
