import { createContext, useContext } from 'react';

/**
 * Counts renders of the components that report to it. No provider, no cost: the app
 * never provides one; tests do, to check that navigating re-renders only what changed.
 */
export const RenderProbe = createContext<((component: string) => void) | null>(null);

export function useRenderProbe(component: string) {
  useContext(RenderProbe)?.(component);
}
