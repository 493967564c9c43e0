import { fromPromise, type NonReducibleUnknown } from 'xstate';

/** Placeholders that type a machine's actors; the app provides the HTTP ones and tests provide fakes. */
export const provided = <Out, In = NonReducibleUnknown>(name: string) =>
  fromPromise<Out, In>(async () => {
    throw new Error(`${name} must be provided with machine.provide()`);
  });

/** A debounce as an actor, not an `after`: model-based tests settle it like any other actor. */
export const wait = fromPromise<void, { ms: number }>(
  ({ input, signal }) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, input.ms);
      signal.addEventListener('abort', () => clearTimeout(timer));
    }),
);
