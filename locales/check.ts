/**
 * What is left to translate: `npx tsx locales/check.ts`
 *
 * For each language of locales/languages.ts, prints the keys of en.json that its file lacks, that are
 * empty or not strings, whose {{placeholders}} differ, or whose value is still the English text, plus
 * keys en.json no longer has. Values identical to English on purpose are read from the allow-list in
 * tests/unit/locales.test.ts and not reported. Exits 1 when anything is reported.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from './languages';

const HERE = dirname(fileURLToPath(import.meta.url));
const TEST_FILE = join(HERE, '..', 'tests', 'unit', 'locales.test.ts');

type Tree = { [key: string]: unknown };
const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

function flatten(tree: Tree, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isTree(value)) flatten(value, path, out);
    else out.set(path, value);
  }
  return out;
}

const placeholders = (value: string) =>
  [...new Set([...value.matchAll(/\{\{(.*?)\}\}/g)].map((m) => m[1].trim()))].sort().join(', ');
const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** `'key': ['it', 'fr'],` lines between the markers of the test's allow-list. */
function allowList(): Map<string, Set<string>> {
  const allowed = new Map<string, Set<string>>();
  if (!existsSync(TEST_FILE)) return allowed;
  const block = readFileSync(TEST_FILE, 'utf8').split('ALLOWED-SAME-AS-ENGLISH:START')[1]?.split('ALLOWED-SAME-AS-ENGLISH:END')[0] ?? '';
  for (const m of block.matchAll(/^\s*'([^']+)':\s*\[([^\]]*)\]/gm)) {
    allowed.set(m[1], new Set([...m[2].matchAll(/'([^']+)'/g)].map((c) => c[1])));
  }
  return allowed;
}

function read(code: string): Map<string, unknown> | string {
  const file = join(HERE, `${code}.json`);
  if (!existsSync(file)) return `locales/${code}.json does not exist`;
  try {
    const tree: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return isTree(tree) ? flatten(tree) : `locales/${code}.json is not a JSON object`;
  } catch (e) {
    return `locales/${code}.json is not valid JSON: ${(e as Error).message}`;
  }
}

const en = read('en');
if (typeof en === 'string') {
  console.error(en);
  process.exit(1);
}
const allowed = allowList();
let total = 0;

for (const code of LANGUAGES.filter((l) => l !== 'en')) {
  const messages = read(code);
  const lines: string[] = [];
  if (typeof messages === 'string') {
    lines.push(`  ${messages}: all ${en.size} keys to translate`);
  } else {
    for (const [key, english] of en) {
      const value = messages.get(key);
      if (!messages.has(key)) lines.push(`  missing      ${key} = ${JSON.stringify(english)}`);
      else if (typeof value !== 'string' || value.trim() === '') lines.push(`  ${typeof value === 'string' ? 'empty       ' : 'not a string'} ${key} = ${JSON.stringify(value)}`);
      else if (typeof english === 'string' && sameText(value, english) && !allowed.get(key)?.has(code))
        lines.push(`  as English   ${key} = ${JSON.stringify(english)}`);
      else if (typeof english === 'string' && placeholders(value) !== placeholders(english))
        lines.push(`  placeholders ${key}: {{${placeholders(value)}}} but English has {{${placeholders(english)}}}`);
    }
    for (const key of messages.keys()) if (!en.has(key)) lines.push(`  not in en    ${key}`);
  }
  total += lines.length;
  console.log(lines.length ? `${code}: ${lines.length} to fix\n${lines.join('\n')}` : `${code}: complete`);
}

console.log(total ? `\n${total} to fix in all (${en.size} keys in en.json).` : `\nAll languages have all ${en.size} keys of en.json translated.`);
process.exitCode = total ? 1 : 0;
