import rosetta from 'rosetta';
import en from '../../locales/en.json';

export type Messages = typeof en;

const i18n = rosetta<Messages>({ en });
i18n.locale('en');

/** A missing key shows itself, so it is noticed rather than rendering blank. */
export function t(key: string, params?: Record<string, unknown>): string {
  const value = i18n.t(key, params as never);
  return typeof value === 'string' && value !== '' ? value : key;
}

export const useT = () => t;
