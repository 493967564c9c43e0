import { assign, setup } from 'xstate';
import { provided } from './actors';
import { confirmDeleteState } from './confirmDelete.state';
import type { BinEntry, KeysetPage, PageInput } from './history.types';
import { withPage } from './keyset';
import { toBootError } from './session.helpers';
import type { BootError } from './session.types';
import type { ConfirmInput, Notice } from './shell.types';

export interface BinInput {
  /** The entity's API path without its slash (`products`). */
  resource: string;
  /** The entity's title field: the confirm question names the row by it. */
  titleField: string;
}

export interface BinRestoreInput {
  resource: string;
  rev: number;
}

export interface BinContext {
  resource: string;
  titleField: string;
  entries: BinEntry[];
  next: number | null;
  loadError: BootError | null;
  /** The deleted row asked about before it is restored. */
  pending: BinEntry | null;
}

export type BinEvent = { type: 'retry' } | { type: 'more' } | { type: 'entry.restore'; rev: number };

/** A deleted row's name as its form titled it: the title field, untranslated or in its first language. */
export function binTitle(entry: BinEntry, titleField: string): string {
  const own = entry.record.values[titleField];
  if (typeof own === 'string' && own) return own;
  for (const values of Object.values(entry.record.translations)) {
    const v = values[titleField];
    if (typeof v === 'string' && v) return v;
  }
  return `#${entry.object_id ?? entry.id}`;
}

const binSetup = setup({
  types: {
    context: {} as BinContext,
    events: {} as BinEvent,
    input: {} as BinInput,
  },
  actors: {
    fetchBin: provided<KeysetPage<BinEntry>, PageInput>('fetchBin'),
    restoreFromBin: provided<void, BinRestoreInput>('restoreFromBin'),
    confirm: provided<boolean, ConfirmInput>('confirm'),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
  },
  guards: {
    hasMore: ({ context }) => context.next !== null,
    listed: ({ context, event }) => event.type === 'entry.restore' && context.entries.some((e) => e.id === event.rev),
  },
});

/**
 * An entity's bin (issue 16): its deleted rows still restorable, newest delete first, in
 * keyset pages (load more); a row comes back with its id after the confirm dialog's yes,
 * and the bin is read again.
 */
export const binMachine = binSetup.createMachine({
  id: 'bin',
  context: ({ input }) => ({ resource: input.resource, titleField: input.titleField, entries: [], next: null, loadError: null, pending: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchBin',
        src: 'fetchBin',
        input: ({ context }) => ({ resource: context.resource, before: null }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ ...withPage([], event.output, true), loadError: null })) },
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => toBootError(event.error) }) },
      },
    },
    failed: {
      on: { retry: 'loading' },
    },
    ready: {
      on: {
        more: { guard: 'hasMore', target: 'loadingMore' },
        'entry.restore': {
          guard: 'listed',
          target: 'confirming',
          actions: assign({ pending: ({ context, event }) => context.entries.find((e) => e.id === event.rev) ?? null }),
        },
      },
    },
    loadingMore: {
      invoke: {
        id: 'fetchBin',
        src: 'fetchBin',
        input: ({ context }) => ({ resource: context.resource, before: context.next }),
        onDone: { target: 'ready', actions: assign(({ context, event }) => withPage(context.entries, event.output, false)) },
        onError: {
          target: 'ready',
          actions: { type: 'notify', params: ({ event }) => ({ key: 'bin.loadFailed', because: toBootError(event.error), color: 'error' as const }) },
        },
      },
    },
    confirming: confirmDeleteState({
      question: ({ context }: { context: BinContext }) => ({
        title: 'bin.restoreTitle',
        question: 'bin.restoreQuestion',
        values: { name: context.pending ? binTitle(context.pending, context.titleField) : '…' },
        danger: true,
        approveLabel: 'bin.restore',
      }),
      approved: [{ target: 'restoring' }],
      declined: [{ target: 'ready', actions: assign({ pending: null }) }],
    }),
    restoring: {
      invoke: {
        id: 'restoreFromBin',
        src: 'restoreFromBin',
        input: ({ context }) => ({ resource: context.resource, rev: context.pending?.id ?? 0 }),
        onDone: {
          target: 'loading',
          actions: [assign({ pending: null }), { type: 'notify', params: { key: 'bin.restoredNotice', color: 'success' as const } }],
        },
        // E.g. 400: its slug was taken since; 404: restored or pruned meanwhile. Say why, and read the bin again.
        onError: {
          target: 'loading',
          actions: [
            assign({ pending: null }),
            { type: 'notify', params: ({ event }) => ({ key: 'bin.restoreFailed', because: toBootError(event.error), color: 'error' as const }) },
          ],
        },
      },
    },
  },
});
