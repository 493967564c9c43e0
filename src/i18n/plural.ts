import { type Language, LOCALE_TAGS } from '../../locales/languages';

/**
 * Plural rules for the languages whose CLDR data Chromium leaves out of its ICU (it then
 * answers `other` for every count, "1 files"): Macedonian and Albanian, integers only.
 */
const MISSING_RULES: Partial<Record<Language, (n: number) => Intl.LDMLPluralRule>> = {
  mk: (n) => (n % 10 === 1 && n % 100 !== 11 ? 'one' : 'other'),
  al: (n) => (n === 1 ? 'one' : 'other'),
};

const rules = new Map<Language, (n: number) => Intl.LDMLPluralRule>();

function rulesOf(language: Language) {
  let select = rules.get(language);
  if (!select) {
    const tag = LOCALE_TAGS[language];
    const intl = Intl.PluralRules.supportedLocalesOf([tag]).length ? new Intl.PluralRules(tag) : undefined;
    select = MISSING_RULES[language] ?? (intl ? (n: number) => intl.select(n) : (n: number) => (n === 1 ? 'one' : 'other'));
    rules.set(language, select);
  }
  return select;
}

/**
 * The plural form of a count message (`list.selected.one`, `.few`, `.many`, `.other`) a
 * language uses for `count`; locales/compare.ts checks each file has its language's forms.
 */
export const pluralForm = (language: Language, count: number): Intl.LDMLPluralRule => rulesOf(language)(Math.abs(count));
