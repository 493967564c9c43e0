import { createBrowserInspector } from '@statelyai/inspect';

declare const __DEV__: boolean;

/**
 * The Stately inspector, in development builds only and only when asked for with
 * `?inspect`: the production build defines __DEV__ false and esbuild drops the import.
 */
export const inspector =
  __DEV__ && new URLSearchParams(window.location.search).has('inspect') ? createBrowserInspector() : undefined;
