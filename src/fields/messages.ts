import { MESSAGES } from '../../entities/validate';

type T = (key: string, params?: Record<string, unknown>) => string;

/**
 * English sentences of entities/validate.ts (server and client) → `validation.<name>` keys.
 * A blank field is an empty one to the user: one wording for both.
 */
const SAME_AS: Record<string, string> = { blank: 'required' };
const EXACT = new Map<string, string>(Object.entries(MESSAGES).map(([name, text]) => [text, `validation.${SAME_AS[name] ?? name}`]));

const PATTERNS: Array<[RegExp, string, string]> = [
  [/^Ensure this field has no more than (\d+) characters\.$/, 'validation.maxLength', 'count'],
  [/^Ensure this field has at least (\d+) characters\.$/, 'validation.minLength', 'count'],
  [/^Ensure this value is less than or equal to (.+)\.$/, 'validation.maxValue', 'n'],
  [/^Ensure this value is greater than or equal to (.+)\.$/, 'validation.minValue', 'n'],
  [/^Ensure this field has no more than (\d+) elements\.$/, 'validation.maxItems', 'count'],
  [/^Ensure this field has at least (\d+) elements\.$/, 'validation.minItems', 'count'],
  [/^"(.*)" is not a valid choice\.$/, 'validation.choice', 'value'],
];

/**
 * A field message in the user's language: message keys (`form.invalid`) and the shared
 * validation sentences are translated; anything else (a declaration's own check, a server
 * detail) is shown as it came.
 */
export function fieldMessage(t: T, message: string): string {
  const exact = EXACT.get(message);
  if (exact) return t(exact);
  for (const [re, key, param] of PATTERNS) {
    const m = re.exec(message);
    // A count picks the plural form (src/i18n/plural.ts).
    if (m) return t(key, { [param]: param === 'count' ? Number(m[1]) : m[1] });
  }
  return t(message);
}
