import type { SnapshotFrom } from 'xstate';
import type { Language } from '../locales/languages';
import type { LanguageEvent, languageMachine } from './language.machine';

export type LanguageSnapshot = SnapshotFrom<typeof languageMachine>;

/** Snapshot + send → the language the UI shows, the one the selector shows, and the way to change it. */
export function connectLanguage(snapshot: LanguageSnapshot, send: (event: LanguageEvent) => void) {
  const c = snapshot.context;
  return {
    /** The first language is still loading: nothing can be written in it yet. */
    ready: !snapshot.matches('loading'),
    /** The language whose messages are applied. */
    language: c.language,
    /** The one asked for last: the selector shows it while it loads. */
    requested: c.requested,
    switching: snapshot.matches('switching'),
    choose: (language: Language) => send({ type: 'language.change', language }),
  };
}

export type LanguageProps = ReturnType<typeof connectLanguage>;
