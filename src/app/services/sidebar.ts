import { createContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import { connectSidebar, type SidebarProps } from '../../../machines/sidebar.connect';
import type { sidebarMachine } from '../../../machines/sidebar.machine';
import { useConnect } from '../../ui/useConnect';
import { useProvided } from './provided';

/** The sidebar's display modes and open groups (docs/spec.md §2): one actor for the app, started by startApp. */
export type SidebarService = ActorRefFrom<typeof sidebarMachine>;

export const SidebarContext = createContext<SidebarService | null>(null);

/** A slice of the sidebar's connect props; the caller re-renders only when it changes. */
export function useSidebar<T>(pick: (props: SidebarProps) => T): T {
  return useConnect(useProvided(SidebarContext, 'sidebar'), connectSidebar, pick);
}
