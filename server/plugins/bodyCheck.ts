import { fieldError, HttpError } from '../errors.js';

/** Deeper than any body of ours: refused before a validator or sanitiser recurses into it. */
export const MAX_DEPTH = 32;

/**
 * Text neither database can keep as sent: PostgreSQL refuses NUL in text and a lone UTF-16
 * surrogate in JSON (a list answer built from it would fail to read back), and SQLite
 * would store the surrogate as bytes that are no UTF-8.
 */
const UNSTORABLE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const unstorable = (text: string) => UNSTORABLE.test(text);

/**
 * The refusal of a parsed JSON body, or undefined when it may go on: a text that cannot be
 * stored (400 on its field path, `translations.it.title`; a bad key names the object that
 * holds it) or nesting past MAX_DEPTH. Every JSON body passes here (plugins/security.ts),
 * and so does the JSON `data` part of an upload.
 */
export function bodyRefusal(body: unknown): HttpError | undefined {
  const path: string[] = [];
  const walk = (value: unknown): HttpError | undefined => {
    if (typeof value === 'string') return unstorable(value) ? textRefusal(path) : undefined;
    if (value === null || typeof value !== 'object') return undefined;
    if (path.length >= MAX_DEPTH) return new HttpError(400, { detail: `JSON nested more than ${MAX_DEPTH} levels deep.` });
    for (const [k, v] of Object.entries(value)) {
      if (unstorable(k)) return textRefusal(path);
      path.push(k);
      const bad = walk(v);
      path.pop();
      if (bad) return bad;
    }
    return undefined;
  };
  return walk(body);
}

const textRefusal = (path: readonly string[]) => fieldError(path.length ? path.join('.') : 'non_field_errors', 'unstorable');
