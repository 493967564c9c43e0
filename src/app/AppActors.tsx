import { useSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext } from 'react';
import type { SnapshotFrom } from 'xstate';
import { actionsOn } from '../../entities/permissions';
import type { sessionMachine } from '../../machines/session.machine';
import type { AppActors } from './startApp';

const AppActorsContext = createContext<AppActors | null>(null);

export function AppActorsProvider({ actors, children }: { actors: AppActors; children: ReactNode }) {
  return <AppActorsContext.Provider value={actors}>{children}</AppActorsContext.Provider>;
}

export function useAppActors(): AppActors {
  const actors = useContext(AppActorsContext);
  if (!actors) throw new Error('AppActorsProvider is missing');
  return actors;
}

export const useSessionActor = () => useAppActors().session;

/**
 * Whether the signed-in user may list `model`'s rows, so a picker over them can search.
 * Outside the app (a component test) there is nobody to ask, and the server decides.
 */
export function useMayList(model: string): boolean {
  const session = useContext(AppActorsContext)?.session;
  return useSelector(session, (s) => (s ? actionsOn(s.context.user, model).has('view') : true));
}

/** Narrow selection, so a component re-renders only when what it shows changes. */
export function useSession<T>(select: (s: SnapshotFrom<typeof sessionMachine>) => T, compare?: (a: T, b: T) => boolean) {
  return useSelector(useAppActors().session, select, compare);
}
