import { useSelector } from '@xstate/react';
import { useAppActors } from '../app/AppActors';

/** The app's language codes that are not BCP 47 ones (locales/languages.ts): Serbian and Albanian. */
const BCP47: Record<string, string> = { rs: 'sr-Latn', al: 'sq', en: 'en-US' };

export const intlLocale = (code: string) => BCP47[code] ?? code;

/** The user's time zone, as the browser reports it. */
export const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The UI language as an Intl locale: dates and times are shown the way the user reads them. */
export function useIntlLocale(): string {
  return intlLocale(useSelector(useAppActors().language, (s) => s.context.language));
}
