import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { expectedKeys, isTree, flatten, placeholders, sameText, type Tree } from '../../locales/compare';
import { LANGUAGES } from '../../locales/languages';
import { SAME_AS_ENGLISH } from '../../locales/sameAsEnglish';
import { GROUPS, ROUTES } from '../../src/routing/routes';

/**
 * Locale files (docs/spec.md §9): every language has exactly en.json's keys, every value is a real,
 * non-empty translation with the same {{placeholders}}, and every key the UI asks for exists.
 * `npx tsx locales/check.ts` prints what is left to translate.
 */

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const LOCALES = join(ROOT, 'locales');

function readLocale(code: string): { tree?: Tree; error?: string } {
  const file = join(LOCALES, `${code}.json`);
  if (!existsSync(file)) return { error: `locales/${code}.json is missing` };
  try {
    const tree: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return isTree(tree) ? { tree } : { error: `locales/${code}.json is not a JSON object` };
  } catch (e) {
    return { error: `locales/${code}.json is not valid JSON: ${(e as Error).message}` };
  }
}

const en = readLocale('en');
const EN = en.tree ? flatten(en.tree) : new Map<string, unknown>();
const OTHERS = LANGUAGES.filter((l) => l !== 'en');

describe('locale files', () => {
  it('en.json is the reference: readable, every value a non-empty string', () => {
    const problems = en.error ? [en.error] : [];
    for (const [key, value] of EN) {
      if (typeof value !== 'string') problems.push(`en: ${key} is not a string (${JSON.stringify(value)})`);
      else if (value.trim() === '') problems.push(`en: ${key} is empty`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
    expect(EN.size).toBeGreaterThan(0);
  });

  it('en.json writes each count message in every plural form any of the 15 languages picks', () => {
    expect([...expectedKeys(EN).keys()].sort()).toEqual([...EN.keys()].sort());
  });

  it('there is a file for each of the 15 languages, and none for other codes', () => {
    expect(LANGUAGES).toHaveLength(15);
    const missing = LANGUAGES.filter((l) => !existsSync(join(LOCALES, `${l}.json`))).map((l) => `locales/${l}.json is missing`);
    const stray = readdirSync(LOCALES)
      .filter((f) => f.endsWith('.json') && !(LANGUAGES as readonly string[]).includes(f.slice(0, -5)))
      .map((f) => `locales/${f} is not one of the languages in locales/languages.ts`);
    const problems = [...missing, ...stray];
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it.each(OTHERS)('%s.json: same keys as en.json, translated, same placeholders', (code) => {
    const { tree, error } = readLocale(code);
    if (!tree) throw new Error(error);
    const messages = flatten(tree);
    const problems: string[] = [];
    // A count message carries every form any language picks (src/i18n/plural.ts picks this language's).
    const expected = expectedKeys(EN);
    for (const [key, english] of expected) {
      if (!messages.has(key)) {
        problems.push(`${code}: missing key ${key}`);
        continue;
      }
      const value = messages.get(key);
      if (typeof value !== 'string') {
        problems.push(`${code}: ${key} is not a string (${JSON.stringify(value)})`);
        continue;
      }
      if (value.trim() === '') {
        problems.push(`${code}: ${key} is empty`);
        continue;
      }
      if (typeof english !== 'string') continue;
      const want = placeholders(english);
      const got = placeholders(value);
      if (want.join('|') !== got.join('|')) {
        problems.push(`${code}: ${key} has placeholders [${got.join(', ')}], English has [${want.join(', ')}]`);
      }
      if (sameText(value, english) && !SAME_AS_ENGLISH[key]?.includes(code)) {
        problems.push(`${code}: ${key} is not translated (same as English: ${JSON.stringify(english)})`);
      }
    }
    for (const key of messages.keys()) {
      if (!expected.has(key)) problems.push(`${code}: key ${key} is not in en.json (nor a plural form of a count message)`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('the allow-list of values identical to English has no stale entries', () => {
    const problems: string[] = [];
    for (const [key, codes] of Object.entries(SAME_AS_ENGLISH)) {
      const english = EN.get(key);
      if (typeof english !== 'string') {
        problems.push(`allow-list: ${key} is not a key of en.json`);
        continue;
      }
      for (const code of codes) {
        if (code === 'en' || !(LANGUAGES as readonly string[]).includes(code)) {
          problems.push(`allow-list: ${code} is not a translated language`);
          continue;
        }
        const { tree } = readLocale(code);
        const value = tree ? flatten(tree).get(key) : undefined;
        if (typeof value === 'string' && !sameText(value, english)) {
          problems.push(`allow-list: ${code} ${key} is translated now (${JSON.stringify(value)}); drop it from the list`);
        }
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
});

/** Every file under src/ with a .ts or .tsx name. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const KEY_SHAPE = /^[A-Za-z_][\w-]*(\.[A-Za-z_][\w-]*)+$/;
/** `t('a.b')` / `t("a.b")`, not `i18n.t(...)` (rosetta itself) nor `foo.t(...)`. */
const T_CALL = /(?<![\w$.])t\(\s*(['"])([^'"\\\n]+)\1/g;
/** `label: 'nav.x'` in the route table. */
const LABEL = /\blabel:\s*(['"])([^'"\\\n]+)\1/g;

describe('translation keys used by the UI', () => {
  const SRC = join(ROOT, 'src');
  const used = new Map<string, Set<string>>();
  const use = (key: string, where: string) => {
    if (!KEY_SHAPE.test(key)) return;
    if (!used.has(key)) used.set(key, new Set());
    used.get(key)!.add(where);
  };
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    const rel = relative(ROOT, file);
    text.split('\n').forEach((line, i) => {
      for (const [, , key = ''] of line.matchAll(T_CALL)) use(key, `${rel}:${i + 1}`);
      if (rel === join('src', 'routing', 'routes.ts')) for (const [, , key = ''] of line.matchAll(LABEL)) use(key, `${rel}:${i + 1}`);
    });
  }
  const missingIn = (keys: Iterable<[string, Iterable<string>]>) =>
    [...keys]
      .filter(([key]) => typeof EN.get(key) !== 'string' && typeof EN.get(`${key}.other`) !== 'string')
      .map(([key, where]) => `${key} (used at ${[...where].join(', ')})`);

  it('finds the t() calls at all (guards the regex)', () => {
    expect(used.size).toBeGreaterThan(10);
  });

  it("every t('…') key and route-table label literal in src/ exists in en.json", () => {
    const missing = missingIn(used);
    expect(missing, `keys missing from en.json:\n${missing.join('\n')}`).toEqual([]);
  });

  it('every label of the route table and its groups (including built ones like `pages.${key}`) exists in en.json', () => {
    const labels = new Map<string, string[]>();
    for (const r of ROUTES) labels.set(r.label, [...(labels.get(r.label) ?? []), `route ${r.name}`]);
    for (const g of GROUPS) labels.set(g.label, [...(labels.get(g.label) ?? []), `group ${g.name}`]);
    const missing = missingIn(labels);
    expect(missing, `keys missing from en.json:\n${missing.join('\n')}`).toEqual([]);
  });
});
