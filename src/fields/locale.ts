import { isLanguage, LOCALE_TAGS } from '../../locales/languages';
import { useLanguage } from '../app/services/language';

export const intlLocale = (code: string) => (isLanguage(code) ? LOCALE_TAGS[code] : code);

/** The user's time zone, as the browser reports it. */
export const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The UI language as an Intl locale: dates and times are shown the way the user reads them. */
export function useIntlLocale(): string {
  return intlLocale(useLanguage());
}
