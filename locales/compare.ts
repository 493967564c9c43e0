/** Comparing locale files with en.json: shared by tests/unit/locales.test.ts and locales/check.ts. */

export type Tree = { [key: string]: unknown };
export const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Leaves by dotted path; arrays, numbers, null etc. are leaves too (and then fail the string check). */
export function flatten(tree: Tree, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isTree(value)) flatten(value, path, out);
    else out.set(path, value);
  }
  return out;
}

import { LOCALE_TAGS } from './languages';

/** The plural categories of CLDR: a node of en.json with an `other` among these is one plural message. */
export const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;

/**
 * The forms a language writes for a count message: what Intl.PluralRules picks for the
 * counts 0–1,000, and `other` (the fallback for any other count). Node has every
 * language's rules; src/i18n/plural.ts picks among these.
 */
export function pluralForms(tag: string): string[] {
  const rules = new Intl.PluralRules(tag);
  const forms = new Set<string>(['other']);
  for (let n = 0; n <= 1000; n++) forms.add(rules.select(n));
  return PLURAL_CATEGORIES.filter((c) => forms.has(c));
}

/** `list.selected.one` → `list.selected` when its last part is a plural category. */
export function pluralBase(key: string): string | undefined {
  const i = key.lastIndexOf('.');
  return i > 0 && (PLURAL_CATEGORIES as readonly string[]).includes(key.slice(i + 1)) ? key.slice(0, i) : undefined;
}

/**
 * The forms every count message is written in, in every file: those any of the 15 languages
 * picks (one, few, many, other). Every file then carries every key; a language fills a form
 * it never picks with its `other` text (English's `few` is its `other`).
 */
export const COUNT_FORMS: readonly string[] = PLURAL_CATEGORIES.filter((c) => Object.values(LOCALE_TAGS).some((tag) => pluralForms(tag).includes(c)));

/**
 * The keys every language's file must have: en.json's, with each plural message in
 * COUNT_FORMS, each with the English text it translates.
 */
export function expectedKeys(en: Map<string, unknown>): Map<string, unknown> {
  const out = new Map<string, unknown>();
  // `entities.product.one`/`.many` name an entity; only a node with `other` is a count message.
  const plurals = new Set([...en.keys()].filter((k) => k.endsWith('.other')).map((k) => k.slice(0, -'.other'.length)));
  for (const [key, english] of en) {
    const base = pluralBase(key);
    if (!base || !plurals.has(base)) out.set(key, english);
    else if (key === `${base}.other`) for (const form of COUNT_FORMS) out.set(`${base}.${form}`, en.get(`${base}.${form}`) ?? english);
  }
  return out;
}

/** rosetta/templite reads `{{ name }}` with the name trimmed. */
export const placeholders = (value: string) => [...new Set([...value.matchAll(/\{\{(.*?)\}\}/g)].map(([, name = '']) => name.trim()))].sort();

export const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
