/**
 * What is left to translate: `npx tsx locales/check.ts`
 *
 * For each language of locales/languages.ts, prints the keys of en.json that its file lacks, that are
 * empty or not strings, whose {{placeholders}} differ, or whose value is still the English text, plus
 * keys en.json no longer has. Values identical to English on purpose (locales/sameAsEnglish.ts)
 * are not reported. Exits 1 when anything is reported.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectedKeys, flatten, isTree, placeholders, sameText } from './compare';
import { LANGUAGES } from './languages';
import { SAME_AS_ENGLISH } from './sameAsEnglish';

const HERE = dirname(fileURLToPath(import.meta.url));

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
let total = 0;

for (const code of LANGUAGES.filter((l) => l !== 'en')) {
  const messages = read(code);
  const lines: string[] = [];
  if (typeof messages === 'string') {
    lines.push(`  ${messages}: all ${en.size} keys to translate`);
  } else {
    const expected = expectedKeys(en);
    for (const [key, english] of expected) {
      const value = messages.get(key);
      if (!messages.has(key)) lines.push(`  missing      ${key} = ${JSON.stringify(english)}`);
      else if (typeof value !== 'string' || value.trim() === '')
        lines.push(`  ${typeof value === 'string' ? 'empty       ' : 'not a string'} ${key} = ${JSON.stringify(value)}`);
      else if (typeof english === 'string' && sameText(value, english) && !SAME_AS_ENGLISH[key]?.includes(code))
        lines.push(`  as English   ${key} = ${JSON.stringify(english)}`);
      else if (typeof english === 'string' && placeholders(value).join(', ') !== placeholders(english).join(', '))
        lines.push(`  placeholders ${key}: {{${placeholders(value).join(', ')}}} but English has {{${placeholders(english).join(', ')}}}`);
    }
    for (const key of messages.keys()) if (!expected.has(key)) lines.push(`  not in en    ${key}`);
  }
  total += lines.length;
  console.log(lines.length ? `${code}: ${lines.length} to fix\n${lines.join('\n')}` : `${code}: complete`);
}

console.log(total ? `\n${total} to fix in all (${en.size} keys in en.json).` : `\nAll languages have all ${en.size} keys of en.json translated.`);
process.exitCode = total ? 1 : 0;
