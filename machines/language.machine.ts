import { assign, setup } from 'xstate';
import { provided } from './actors';
import { DEFAULT_LANGUAGE, type Language } from '../locales/languages';

export interface LanguageContext {
  language: Language;
  requested: Language;
}

export type LanguageEvent = { type: 'language.change'; language: Language };

const loadRequested = {
  id: 'loadLocale',
  src: 'loadLocale',
  input: ({ context }: { context: LanguageContext }) => ({ language: context.requested }),
} as const;
// Params read the context after any assign earlier in the same list.
const applyLanguage = { type: 'apply', params: ({ context }: { context: LanguageContext }) => ({ language: context.language }) } as const;
const warnRequested = {
  type: 'warn',
  params: ({ context, event }: { context: LanguageContext; event: { error?: unknown } }) => ({ language: context.requested, error: event.error }),
} as const;

/**
 * Loads the chosen language's messages, then applies it (messages, document lang,
 * cookie, URL prefix) through the provided `apply` action. A locale that fails to load
 * is a warning, not an error: the app keeps (or falls back to) a language it has.
 */
export const languageMachine = setup({
  types: {
    context: {} as LanguageContext,
    events: {} as LanguageEvent,
    input: {} as { language: Language },
  },
  actors: {
    loadLocale: provided<unknown, { language: Language }>('loadLocale'),
  },
  actions: {
    adoptRequested: assign({ language: ({ context }) => context.requested }),
    apply: (_, _params: { language: Language }) => {},
    warn: (_, _params: { language: Language; error: unknown }) => {},
  },
}).createMachine({
  id: 'language',
  context: ({ input }) => ({ language: DEFAULT_LANGUAGE, requested: input.language }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        ...loadRequested,
        onDone: { target: 'ready', actions: ['adoptRequested', applyLanguage] },
        // The first choice failed: apply the language the app already has (the fallback).
        onError: { target: 'ready', actions: [warnRequested, applyLanguage] },
      },
    },
    ready: {
      on: {
        'language.change': { target: 'switching', actions: assign({ requested: ({ event }) => event.language }) },
      },
    },
    switching: {
      invoke: {
        ...loadRequested,
        onDone: { target: 'ready', actions: ['adoptRequested', applyLanguage] },
        onError: { target: 'ready', actions: warnRequested },
      },
    },
  },
});
