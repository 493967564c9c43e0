import { createContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Language } from '../../../locales/languages';
import { connectLanguage, type LanguageProps } from '../../../machines/language.connect';
import type { languageMachine } from '../../../machines/language.machine';
import { useConnect } from '../../ui/useConnect';
import { useProvided } from './provided';

/** The UI language (docs/spec.md §9): one actor for the app, started by startApp. */
export type LanguageService = ActorRefFrom<typeof languageMachine>;

export const LanguageContext = createContext<LanguageService | null>(null);

/** A slice of the language's connect props; the caller re-renders when it changes. */
export function useLanguageView<T>(pick: (props: LanguageProps) => T): T {
  return useConnect(useProvided(LanguageContext, 'language'), connectLanguage, pick);
}

/** The language the UI is written in; the caller re-renders when it changes. */
export const useLanguage = (): Language => useLanguageView((l) => l.language);
