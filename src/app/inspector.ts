import type { ActorOptions, AnyActorLogic } from 'xstate';

declare const __DEV__: boolean;

export type Inspect = NonNullable<ActorOptions<AnyActorLogic>['inspect']>;

/**
 * The Stately inspector, in development builds only and only when asked for with
 * `?inspect`. The import is dynamic inside a branch the production build defines away,
 * so esbuild leaves the inspector and its dependencies out of the bundle.
 */
export async function startInspector(): Promise<Inspect | undefined> {
  if (__DEV__ && new URLSearchParams(window.location.search).has('inspect')) {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    return createBrowserInspector().inspect;
  }
  return undefined;
}
