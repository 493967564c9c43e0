import { createContext, useContext } from 'react';
import type { RouteDef } from './types';

/**
 * The route table, handed down by src/app/RouteView.tsx: a screen that lists routes (the
 * index) reads it here instead of importing routes.ts, which is what loads that screen.
 */
export const RouteTableContext = createContext<RouteDef[] | null>(null);

export function useRouteTable(): RouteDef[] {
  const routes = useContext(RouteTableContext);
  if (!routes) throw new Error('RouteTableContext is missing (src/app/RouteView.tsx provides it)');
  return routes;
}
