import { assign, setup } from 'xstate';
import { provided } from './actors';
import { DEFAULT_LANGUAGE, type Language } from '../locales/languages';

export interface LanguageContext {
  language: Language;
  requested: Language;
}

export type LanguageEvent = { type: 'language.change'; language: Language };

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
        id: 'loadLocale',
        src: 'loadLocale',
        input: ({ context }) => ({ language: context.requested }),
        onDone: {
          target: 'ready',
          actions: [
            assign({ language: ({ context }) => context.requested }),
            { type: 'apply', params: ({ context }) => ({ language: context.requested }) },
          ],
        },
        onError: {
          target: 'ready',
          actions: [
            { type: 'warn', params: ({ context, event }) => ({ language: context.requested, error: event.error }) },
            { type: 'apply', params: ({ context }) => ({ language: context.language }) },
          ],
        },
      },
    },
    ready: {
      on: {
        'language.change': { target: 'switching', actions: assign({ requested: ({ event }) => event.language }) },
      },
    },
    switching: {
      invoke: {
        id: 'loadLocale',
        src: 'loadLocale',
        input: ({ context }) => ({ language: context.requested }),
        onDone: {
          target: 'ready',
          actions: [
            assign({ language: ({ context }) => context.requested }),
            { type: 'apply', params: ({ context }) => ({ language: context.requested }) },
          ],
        },
        onError: {
          target: 'ready',
          actions: { type: 'warn', params: ({ context, event }) => ({ language: context.requested, error: event.error }) },
        },
      },
    },
  },
});
