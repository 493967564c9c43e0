import { createContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import { connectLoadingBar, type LoadingBarProps } from '../../../machines/loadingBar.connect';
import type { loadingBarMachine } from '../../../machines/loadingBar.machine';
import { useConnect } from '../../ui/useConnect';
import { useProvided } from './provided';

/** The loading bar over route loads and API calls (docs/spec.md §9): fed by src/http/activity.ts in startApp. */
export type LoadingBarService = ActorRefFrom<typeof loadingBarMachine>;

export const LoadingBarContext = createContext<LoadingBarService | null>(null);

export function useLoadingBar(): LoadingBarProps {
  return useConnect(useProvided(LoadingBarContext, 'loading bar'), connectLoadingBar, (props) => props);
}
