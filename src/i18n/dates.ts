import type { format as Format, formatDistanceStrict as FormatDistanceStrict, Locale } from 'date-fns';
import type { Language } from '../../locales/languages';

/**
 * Dates and times in the UI language through date-fns, whose locales carry their own
 * data: Chromium's ICU has no Albanian or Macedonian and a broken Bosnian, so Intl showed
 * those users English. One chunk per language, loaded with its messages; date-fns itself
 * too, so the first screen carries none of it.
 */
export const DATE_LOCALES: Record<Language, () => Promise<Locale>> = {
  en: () => import('date-fns/locale/en-US').then((m) => m.enUS),
  it: () => import('date-fns/locale/it').then((m) => m.it),
  es: () => import('date-fns/locale/es').then((m) => m.es),
  bs: () => import('date-fns/locale/bs').then((m) => m.bs),
  mk: () => import('date-fns/locale/mk').then((m) => m.mk),
  rs: () => import('date-fns/locale/sr-Latn').then((m) => m.srLatn),
  bg: () => import('date-fns/locale/bg').then((m) => m.bg),
  al: () => import('date-fns/locale/sq').then((m) => m.sq),
  hu: () => import('date-fns/locale/hu').then((m) => m.hu),
  nl: () => import('date-fns/locale/nl').then((m) => m.nl),
  fr: () => import('date-fns/locale/fr').then((m) => m.fr),
  de: () => import('date-fns/locale/de').then((m) => m.de),
  ru: () => import('date-fns/locale/ru').then((m) => m.ru),
  pt: () => import('date-fns/locale/pt').then((m) => m.pt),
  pl: () => import('date-fns/locale/pl').then((m) => m.pl),
};

const loaded = new Map<Language, Locale>();
let active: Language = 'en';
let format: typeof Format | undefined;
let distance: typeof FormatDistanceStrict | undefined;

export async function loadDateLocale(language: Language): Promise<void> {
  if (!format) format = (await import('date-fns/format')).format;
  if (!distance) distance = (await import('date-fns/formatDistanceStrict')).formatDistanceStrict;
  if (!loaded.has(language)) loaded.set(language, await DATE_LOCALES[language]());
}

export const activateDateLocale = (language: Language) => void (active = language);

/** date-fns' localized patterns: P date, PP medium date, PPPP full date, p short time. */
const PATTERNS = { date: 'PP', fullDate: 'PPPP', dateTime: 'PP p', fullDateTime: 'PPPP p', time: 'p' } as const;
export type DateStyle = keyof typeof PATTERNS;

const INTL: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'medium' },
  fullDate: { dateStyle: 'full' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  fullDateTime: { dateStyle: 'full', timeStyle: 'short' },
  time: { timeStyle: 'short' },
};

/** A date in the active UI language (until its locale has loaded, as the browser writes it). */
export function formatDate(date: Date, style: DateStyle): string {
  const locale = loaded.get(active);
  return locale && format ? format(date, PATTERNS[style], { locale }) : new Intl.DateTimeFormat(undefined, INTL[style]).format(date);
}

/** A span of time in words in the active UI language ("3 minutes"), rounded up to whole units. */
export function formatSpan(ms: number): string {
  const locale = loaded.get(active);
  if (locale && distance) return distance(0, ms, { locale, roundingMethod: 'ceil' });
  return `${Math.max(1, Math.ceil(ms / 1000))} s`;
}
