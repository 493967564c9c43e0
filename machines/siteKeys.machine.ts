import { assign, setup } from 'xstate';
import type { SiteKey } from '../entities/siteKey';
import { provided } from './actors';
import { confirmDeleteState } from './confirmDelete.state';
import type { BootError } from './session.types';
import { toBootError } from './session.helpers';
import type { ConfirmInput, Notice } from './shell.types';

/** A dealer site's API key as listed: never the key itself. */
export type SiteKeyRow = SiteKey;

/** A key just made: the only moment the key itself is known. */
export interface MadeKey extends SiteKeyRow {
  key: string;
}

/** As the server's schema takes a name (server/routes/siteKeys.ts). */
export const KEY_NAME_MAX = 100;

export interface SiteKeysInput {
  tenant: number;
}

export interface SiteKeysContext {
  tenant: number;
  keys: SiteKeyRow[];
  loadError: BootError | null;
  /** The name being typed for a new key, and why it cannot be sent yet. */
  name: string;
  nameProblem: 'required' | 'maxLength' | null;
  makeError: BootError | null;
  /** Shown once, then forgotten when its dialog closes. */
  made: MadeKey | null;
  copied: 'no' | 'yes' | 'failed';
  /** The key asked about before it is revoked. */
  pending: SiteKeyRow | null;
}

export type SiteKeysEvent =
  | { type: 'retry' }
  | { type: 'key.new' }
  | { type: 'name.change'; value: string }
  | { type: 'name.submit' }
  | { type: 'name.cancel' }
  | { type: 'key.copy' }
  | { type: 'made.close' }
  | { type: 'key.revoke'; id: number };

const problemOf = (name: string): SiteKeysContext['nameProblem'] => (name.trim() === '' ? 'required' : name.trim().length > KEY_NAME_MAX ? 'maxLength' : null);

const keysSetup = setup({
  types: {
    context: {} as SiteKeysContext,
    events: {} as SiteKeysEvent,
    input: {} as SiteKeysInput,
  },
  actors: {
    fetchKeys: provided<SiteKeyRow[], { tenant: number }>('fetchKeys'),
    makeKey: provided<MadeKey, { tenant: number; name: string }>('makeKey'),
    revokeKey: provided<void, { id: number }>('revokeKey'),
    copyKey: provided<void, { key: string }>('copyKey'),
    confirm: provided<boolean, ConfirmInput>('confirm'),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
  },
  guards: {
    nameSendable: ({ context }) => problemOf(context.name) === null,
    revocable: ({ context, event }) => event.type === 'key.revoke' && context.keys.some((k) => k.id === event.id && k.revoked_at === null),
  },
});

/**
 * The "Website API keys" panel of a dealer site's form (issue 15): the site's keys; a new
 * key asks a name, is made, and is shown once in a dialog with a copy button; a key is
 * revoked after the confirm dialog's yes, and the list read again.
 */
export const siteKeysMachine = keysSetup.createMachine({
  id: 'siteKeys',
  context: ({ input }) => ({
    tenant: input.tenant,
    keys: [],
    loadError: null,
    name: '',
    nameProblem: null,
    makeError: null,
    made: null,
    copied: 'no',
    pending: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchKeys',
        src: 'fetchKeys',
        input: ({ context }) => ({ tenant: context.tenant }),
        onDone: { target: 'ready', actions: assign({ keys: ({ event }) => event.output, loadError: null }) },
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => toBootError(event.error) }) },
      },
    },
    failed: {
      on: { retry: 'loading' },
    },
    ready: {
      on: {
        'key.new': { target: 'naming', actions: assign({ name: '', nameProblem: null, makeError: null }) },
        'key.revoke': {
          guard: 'revocable',
          target: 'confirming',
          actions: assign({ pending: ({ context, event }) => context.keys.find((k) => k.id === event.id) ?? null }),
        },
      },
    },
    naming: {
      on: {
        // A problem shown after a refused submit is re-checked as the user types; none is shown before.
        'name.change': {
          actions: assign({ name: ({ event }) => event.value, nameProblem: ({ context, event }) => context.nameProblem && problemOf(event.value) }),
        },
        'name.submit': [{ guard: 'nameSendable', target: 'making' }, { actions: assign({ nameProblem: ({ context }) => problemOf(context.name) }) }],
        'name.cancel': 'ready',
      },
    },
    making: {
      invoke: {
        id: 'makeKey',
        src: 'makeKey',
        input: ({ context }) => ({ tenant: context.tenant, name: context.name.trim() }),
        onDone: {
          target: 'showing',
          actions: assign({
            made: ({ event }) => event.output,
            keys: ({ context, event }) => {
              const { key: _shownOnce, ...row } = event.output;
              return [row, ...context.keys];
            },
            copied: 'no',
            name: '',
          }),
        },
        onError: { target: 'naming', actions: assign({ makeError: ({ event }) => toBootError(event.error) }) },
      },
    },
    showing: {
      on: {
        'key.copy': 'copying',
        'made.close': { target: 'ready', actions: assign({ made: null, copied: 'no' }) },
      },
    },
    copying: {
      invoke: {
        id: 'copyKey',
        src: 'copyKey',
        input: ({ context }) => ({ key: context.made?.key ?? '' }),
        onDone: { target: 'showing', actions: assign({ copied: 'yes' }) },
        onError: { target: 'showing', actions: assign({ copied: 'failed' }) },
      },
    },
    confirming: confirmDeleteState({
      question: ({ context }: { context: SiteKeysContext }) => ({
        title: 'siteKeys.revokeTitle',
        question: 'siteKeys.revokeQuestion',
        values: { name: context.pending?.name || '…' },
        danger: true,
        approveLabel: 'siteKeys.revoke',
      }),
      approved: [{ target: 'revoking' }],
      declined: [{ target: 'ready', actions: assign({ pending: null }) }],
    }),
    revoking: {
      invoke: {
        id: 'revokeKey',
        src: 'revokeKey',
        input: ({ context }) => ({ id: context.pending?.id ?? 0 }),
        onDone: {
          target: 'loading',
          actions: [assign({ pending: null }), { type: 'notify', params: { key: 'siteKeys.revokedNotice', color: 'success' as const } }],
        },
        onError: {
          target: 'ready',
          actions: [
            assign({ pending: null }),
            { type: 'notify', params: ({ event }) => ({ key: 'siteKeys.revokeFailed', because: toBootError(event.error), color: 'error' as const }) },
          ],
        },
      },
    },
  },
});
