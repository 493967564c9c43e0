import rosetta from 'rosetta';
import en from '../../locales/en.json' with { type: 'json' };
import { DEFAULT_LANGUAGE, type Language } from '../../locales/languages';
import { useLanguage } from '../app/services/language';
import { activateDateLocale, loadDateLocale } from './dates';
import { pluralForm } from './plural';

export type Messages = typeof en;

const i18n = rosetta<Messages>({ en });
i18n.locale(DEFAULT_LANGUAGE);

/** Other locales are chunks of their own, fetched only when chosen. */
export async function loadMessages(language: Language): Promise<void> {
  const dates = loadDateLocale(language);
  if (language !== DEFAULT_LANGUAGE) {
    const mod = (await import(`../../locales/${language}.json`)) as { default: Messages };
    i18n.set(language, mod.default);
  }
  await dates;
}

export const activateLanguage = (language: Language) => {
  i18n.locale(language);
  activateDateLocale(language);
};

/**
 * One language's text for a key. A count message is a node of plural forms
 * (`{ one, few, many, other }`): `params.count` picks the form the language uses for it.
 */
function text(key: string, params: Record<string, unknown> | undefined, language: Language): string | undefined {
  const node: unknown = i18n.t(key, undefined as never, language);
  const count = Number(params?.count);
  if (typeof node === 'object' && node !== null && 'other' in node && Number.isFinite(count)) {
    const form = pluralForm(language, count);
    key = `${key}.${form in node ? form : 'other'}`;
  }
  const value = i18n.t(key, params as never, language);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A missing key falls back to English, then shows itself, so it is noticed rather than blank. */
export function t(key: string, params?: Record<string, unknown>): string {
  return text(key, params, i18n.locale() as Language) ?? text(key, params, DEFAULT_LANGUAGE) ?? key;
}

/** Re-renders the caller when the language changes. */
export function useT() {
  useLanguage();
  return t;
}
