import { useSelector } from '@xstate/react';
import rosetta from 'rosetta';
import en from '../../locales/en.json' with { type: 'json' };
import { DEFAULT_LANGUAGE, type Language } from '../../locales/languages';
import { useAppActors } from '../app/AppActors';

export type Messages = typeof en;

const i18n = rosetta<Messages>({ en });
i18n.locale(DEFAULT_LANGUAGE);

/** Other locales are chunks of their own, fetched only when chosen. */
export async function loadMessages(language: Language): Promise<void> {
  if (language === DEFAULT_LANGUAGE) return;
  const mod = (await import(`../../locales/${language}.json`)) as { default: Messages };
  i18n.set(language, mod.default);
}

export const activateLanguage = (language: Language) => void i18n.locale(language);

/** A missing key falls back to English, then shows itself, so it is noticed rather than blank. */
export function t(key: string, params?: Record<string, unknown>): string {
  const value = i18n.t(key, params as never);
  if (typeof value === 'string' && value !== '') return value;
  const english = i18n.t(key, params as never, DEFAULT_LANGUAGE);
  return typeof english === 'string' && english !== '' ? english : key;
}

/** Re-renders the caller when the language changes. */
export function useT() {
  useSelector(useAppActors().language, (s) => s.context.language);
  return t;
}
