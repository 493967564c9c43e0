import { assign, setup } from 'xstate';

export interface ConfirmRequest {
  title: string;
  question: string;
  approveLabel?: string;
  dismissLabel?: string;
  /** A destructive approval shows a red button (docs/spec.md §5). */
  danger?: boolean;
}

interface Pending extends ConfirmRequest {
  reply: (approved: boolean) => void;
}

export interface ConfirmContext {
  current: Pending | null;
  queue: Pending[];
}

export type ConfirmEvent = ({ type: 'ask' } & Pending) | { type: 'approve' } | { type: 'dismiss' };

const answer =
  (approved: boolean) =>
  ({ context }: { context: ConfirmContext }) =>
    context.current?.reply(approved);
const toPending = ({ type: _type, ...request }: { type: 'ask' } & Pending): Pending => request;

/** One question at a time; asks made while one is open wait their turn. Declining does nothing but answer no. */
export const confirmMachine = setup({
  types: { context: {} as ConfirmContext, events: {} as ConfirmEvent },
  guards: { queued: ({ context }) => context.queue.length > 0 },
}).createMachine({
  id: 'confirm',
  context: { current: null, queue: [] },
  initial: 'closed',
  states: {
    closed: {
      on: { ask: { target: 'open', actions: assign({ current: ({ event }) => toPending(event) }) } },
    },
    open: {
      on: {
        ask: { actions: assign({ queue: ({ context, event }) => [...context.queue, toPending(event)] }) },
        approve: [
          { guard: 'queued', target: 'open', reenter: true, actions: [answer(true), assign(next)] },
          { target: 'closed', actions: [answer(true), assign({ current: null })] },
        ],
        dismiss: [
          { guard: 'queued', target: 'open', reenter: true, actions: [answer(false), assign(next)] },
          { target: 'closed', actions: [answer(false), assign({ current: null })] },
        ],
      },
    },
  },
});

function next({ context }: { context: ConfirmContext }) {
  const [current, ...queue] = context.queue;
  return { current, queue };
}
