import { type Context, useContext } from 'react';

/**
 * The service a context holds. Each app-wide actor reaches components through a context of its
 * own (docs/architecture.md, "A screen, from route to machine"); a missing provider is a wiring
 * mistake in src/app/AppServices.tsx or a test, so it throws rather than rendering without it.
 */
export function useProvided<T>(context: Context<T | null>, name: string): T {
  const service = useContext(context);
  if (!service) throw new Error(`the ${name} service is not provided (AppServicesProvider)`);
  return service;
}
