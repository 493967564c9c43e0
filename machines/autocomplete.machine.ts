import { assign, setup } from 'xstate';
import type { LoadError } from './entityList.types';
import { toBootError } from './session.helpers';
import { provided, wait } from './actors';

/** One choice of an autocomplete: a row of the target entity. */
export interface Option {
  id: number;
  title: string;
}

export interface SearchOptionsInput {
  resource: string;
  search: string;
}

export interface AutocompleteContext {
  resource: string;
  /** What the user typed. */
  query: string;
  options: Option[];
  /** Index of the option the keyboard points at; -1 for none. */
  highlighted: number;
  error: LoadError | null;
  debounceMs: number;
}

export interface AutocompleteInput {
  /** API resource of the target entity, e.g. `brand`, `products/tag`. */
  resource: string;
  debounceMs?: number;
}

export type AutocompleteEvent =
  | { type: 'open' }
  | { type: 'close' }
  | { type: 'query.change'; query: string }
  | { type: 'highlight.move'; delta: number }
  | { type: 'highlight.set'; index: number }
  /** An option was taken (the widget reports the value): close and forget the text. */
  | { type: 'choose' }
  | { type: 'retry' };

export const AUTOCOMPLETE_DEBOUNCE_MS = 250;

const wrap = (i: number, n: number) => (n === 0 ? -1 : ((i % n) + n) % n);

/**
 * An async autocomplete over an entity's list API (foreign-key and many-to-many fields,
 * list filters): closed → open (debouncing → searching → ready | failed). Typing restarts
 * the debounce; a newer search replaces an older one (the invoke is cancelled).
 */
export const autocompleteMachine = setup({
  types: {
    context: {} as AutocompleteContext,
    events: {} as AutocompleteEvent,
    input: {} as AutocompleteInput,
  },
  actors: {
    searchOptions: provided<Option[], SearchOptionsInput>('searchOptions'),
    debounce: wait,
  },
}).createMachine({
  id: 'autocomplete',
  context: ({ input }) => ({
    resource: input.resource,
    query: '',
    options: [],
    highlighted: -1,
    error: null,
    debounceMs: input.debounceMs ?? AUTOCOMPLETE_DEBOUNCE_MS,
  }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        open: { target: 'open.searching' },
        'query.change': { target: 'open.debouncing', actions: assign({ query: ({ event }) => event.query }) },
      },
    },
    open: {
      on: {
        close: { target: 'closed', actions: assign({ highlighted: -1 }) },
        choose: { target: 'closed', actions: assign({ query: '', highlighted: -1 }) },
        'query.change': { target: '.debouncing', actions: assign({ query: ({ event }) => event.query }) },
        'highlight.move': {
          actions: assign({ highlighted: ({ context, event }) => wrap(context.highlighted + event.delta, context.options.length) }),
        },
        'highlight.set': {
          actions: assign({ highlighted: ({ context, event }) => (event.index >= 0 && event.index < context.options.length ? event.index : -1) }),
        },
      },
      initial: 'searching',
      states: {
        debouncing: {
          invoke: { id: 'debounce', src: 'debounce', input: ({ context }) => ({ ms: context.debounceMs }), onDone: { target: 'searching' } },
        },
        searching: {
          invoke: {
            id: 'searchOptions',
            src: 'searchOptions',
            input: ({ context }) => ({ resource: context.resource, search: context.query.trim() }),
            onDone: {
              target: 'ready',
              actions: assign({ options: ({ event }) => event.output, highlighted: ({ event }) => (event.output.length ? 0 : -1), error: null }),
            },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => toBootError(event.error), options: [], highlighted: -1 }) },
          },
        },
        ready: {},
        failed: {
          on: { retry: { target: 'searching' } },
        },
      },
    },
  },
});
