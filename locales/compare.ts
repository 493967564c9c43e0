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

/** rosetta/templite reads `{{ name }}` with the name trimmed. */
export const placeholders = (value: string) =>
  [...new Set([...value.matchAll(/\{\{(.*?)\}\}/g)].map((m) => m[1].trim()))].sort();

export const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

