import { assign, setup } from 'xstate';

export interface LoadingBarContext {
  /** Route loads and API calls in flight. */
  active: number;
}

export type LoadingBarEvent = { type: 'start' } | { type: 'finish' };

/**
 * docs/spec.md §9 loading bar: it appears only when work lasts longer than the 200 ms throttle,
 * completes when the last piece of work finishes, and gives up after 5000 ms.
 */
export const loadingBarMachine = setup({
  types: { context: {} as LoadingBarContext, events: {} as LoadingBarEvent },
  delays: { throttle: 200, duration: 5000, fade: 300 },
  guards: {
    lastOne: ({ context }) => context.active <= 1,
  },
}).createMachine({
  id: 'loadingBar',
  context: { active: 0 },
  initial: 'idle',
  states: {
    idle: {
      on: { start: { target: 'pending', actions: assign({ active: 1 }) } },
    },
    pending: {
      after: { throttle: 'visible' },
      on: {
        start: { actions: assign({ active: ({ context }) => context.active + 1 }) },
        finish: [{ guard: 'lastOne', target: 'idle', actions: assign({ active: 0 }) }, { actions: assign({ active: ({ context }) => context.active - 1 }) }],
      },
    },
    visible: {
      after: { duration: { target: 'completing', actions: assign({ active: 0 }) } },
      on: {
        start: { actions: assign({ active: ({ context }) => context.active + 1 }) },
        finish: [
          { guard: 'lastOne', target: 'completing', actions: assign({ active: 0 }) },
          { actions: assign({ active: ({ context }) => context.active - 1 }) },
        ],
      },
    },
    completing: {
      after: { fade: 'idle' },
      on: { start: { target: 'pending', actions: assign({ active: 1 }) } },
    },
  },
});
