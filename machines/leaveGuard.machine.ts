import { assign, setup } from 'xstate';
import { provided } from './actors';
import { holdHistory, leave, type LeaveAttempt } from './leaveGuard.history';

export interface LeaveGuardContext {
  /** Unsaved work is on the page (the form says so with `dirty.change`). */
  dirty: boolean;
  /** The way out the user tried while it was held; made if they allow it. */
  attempt: LeaveAttempt | null;
}

export type LeaveGuardEvent =
  | { type: 'dirty.change'; dirty: boolean }
  /** From the history effects: a way out was held. */
  | { type: 'leave.attempt'; attempt: LeaveAttempt }
  /** The app leaves on its own (after a save or a delete): no question. */
  | { type: 'leave.pass' };

/**
 * Keeps unsaved work from being left by accident: clean lets every
 * way out go; dirty holds each (leaveGuard.history.ts) and asks; a yes leaves by the way
 * the user tried, a no stays. One question at a time: what is tried while it is open is dropped.
 */
export const leaveGuardMachine = setup({
  types: {
    context: {} as LeaveGuardContext,
    events: {} as LeaveGuardEvent,
  },
  actors: {
    holdHistory,
    leave,
    /** The leave question; resolves true when the user chose to leave. */
    confirm: provided<boolean, void>('confirm'),
  },
  guards: {
    nowDirty: (_, params: { dirty: boolean }) => params.dirty,
    nowClean: (_, params: { dirty: boolean }) => !params.dirty,
    isDirty: ({ context }) => context.dirty,
    approved: (_, params: { answer: unknown }) => params.answer === true,
  },
}).createMachine({
  id: 'leaveGuard',
  context: { dirty: false, attempt: null },
  initial: 'clean',
  on: {
    // Tracked everywhere: where a question or a leave ends depends on it.
    'dirty.change': { actions: assign({ dirty: ({ event }) => event.dirty }) },
  },
  states: {
    clean: {
      on: {
        'dirty.change': {
          guard: { type: 'nowDirty', params: ({ event }) => ({ dirty: event.dirty }) },
          target: 'guarded',
          actions: assign({ dirty: true }),
        },
      },
    },
    guarded: {
      invoke: { id: 'holdHistory', src: 'holdHistory' },
      on: { 'leave.pass': { target: 'leaving', actions: assign({ attempt: null }) } },
      initial: 'dirty',
      states: {
        dirty: {
          on: {
            'dirty.change': {
              guard: { type: 'nowClean', params: ({ event }) => ({ dirty: event.dirty }) },
              target: '#leaveGuard.clean',
              actions: assign({ dirty: false }),
            },
            'leave.attempt': { target: 'asking', actions: assign({ attempt: ({ event }) => event.attempt }) },
          },
        },
        asking: {
          invoke: {
            id: 'confirm',
            src: 'confirm',
            onDone: [
              { guard: { type: 'approved', params: ({ event }) => ({ answer: event.output }) }, target: '#leaveGuard.leaving' },
              { guard: 'isDirty', target: 'dirty', actions: assign({ attempt: null }) },
              { target: '#leaveGuard.clean', actions: assign({ attempt: null }) },
            ],
            onError: [
              { guard: 'isDirty', target: 'dirty', actions: assign({ attempt: null }) },
              { target: '#leaveGuard.clean', actions: assign({ attempt: null }) },
            ],
          },
        },
      },
    },
    // Nothing is held while the page is left; the form is usually gone before this ends.
    leaving: {
      invoke: {
        id: 'leave',
        src: 'leave',
        input: ({ context }) => context.attempt,
        onDone: [
          { guard: 'isDirty', target: 'guarded', actions: assign({ attempt: null }) },
          { target: 'clean', actions: assign({ attempt: null }) },
        ],
        onError: [
          { guard: 'isDirty', target: 'guarded', actions: assign({ attempt: null }) },
          { target: 'clean', actions: assign({ attempt: null }) },
        ],
      },
    },
  },
});

export type LeaveGuardMachine = typeof leaveGuardMachine;
