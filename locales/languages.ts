/** The 15 UI languages of docs/spec.md §9. `en` is the default locale (en-us) and has no URL prefix. */
export const LANGUAGES = ['en', 'it', 'es', 'bs', 'mk', 'rs', 'bg', 'al', 'hu', 'nl', 'fr', 'de', 'ru', 'pt', 'pl'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_COOKIE = 'i18n_redirected';
export const LANGUAGE_COOKIE_DAYS = 365;

export const isLanguage = (code: unknown): code is Language => typeof code === 'string' && (LANGUAGES as readonly string[]).includes(code);

/** Each language as a BCP 47 tag (Intl, date-fns): docs/spec.md §9's codes `rs` and `al` are not ones. */
export const LOCALE_TAGS: Record<Language, string> = {
  en: 'en-US',
  it: 'it',
  es: 'es',
  bs: 'bs',
  mk: 'mk',
  rs: 'sr-Latn',
  bg: 'bg',
  al: 'sq',
  hu: 'hu',
  nl: 'nl',
  fr: 'fr',
  de: 'de',
  ru: 'ru',
  pt: 'pt',
  pl: 'pl',
};

/** Browser tags to our codes: sr → rs, sq → al (the codes the spec uses). */
const BROWSER_ALIASES: Record<string, Language> = { sr: 'rs', sq: 'al' };

export function fromBrowserTag(tag: string): Language | undefined {
  const [base = ''] = tag.toLowerCase().split('-');
  const code = BROWSER_ALIASES[base] ?? base;
  return isLanguage(code) ? code : undefined;
}

/** Each language by its own name: the same in every locale, so it lives here, not in the files. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  it: 'Italiano',
  es: 'Español',
  bs: 'Bosanski',
  mk: 'Македонски',
  rs: 'Srpski',
  bg: 'Български',
  al: 'Shqip',
  hu: 'Magyar',
  nl: 'Nederlands',
  fr: 'Français',
  de: 'Deutsch',
  ru: 'Русский',
  pt: 'Português',
  pl: 'Polski',
};
