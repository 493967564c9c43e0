import { afterEach, describe, expect, it } from 'vitest';
import { type Language, LANGUAGES, LOCALE_TAGS } from '../../locales/languages';
import { activateDateLocale, DATE_LOCALES, formatDate, loadDateLocale } from '../../src/i18n/dates';

afterEach(() => activateDateLocale('en'));

/** January and Thursday as each language writes them (date-fns's own data, not the browser's). */
const JANUARY: Record<Language, RegExp> = {
  en: /January/,
  it: /gennaio/,
  es: /enero/,
  bs: /januar/,
  mk: /јануари/,
  rs: /januar/,
  bg: /януари/,
  al: /janar/i,
  hu: /január/,
  nl: /januari/,
  fr: /janvier/,
  de: /Januar/,
  ru: /января/,
  pt: /janeiro/,
  pl: /stycznia/,
};

describe('dates in every UI language', () => {
  it.each(LANGUAGES)('%s loads the date-fns locale of its tag and writes dates in it', async (language) => {
    const locale = await DATE_LOCALES[language]();
    expect(locale.code).toBe(LOCALE_TAGS[language]);
    await loadDateLocale(language);
    activateDateLocale(language);
    const text = formatDate(new Date(2026, 0, 15, 8, 30), 'fullDateTime');
    expect(text).toMatch(JANUARY[language]);
    expect(text).toContain('2026');
    if (language !== 'en') expect(text).not.toMatch(/January|Thursday/);
  });
});
