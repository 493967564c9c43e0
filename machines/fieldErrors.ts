import { CODES_KEY, type Problem } from '../entities/problems';
import type { FieldErrors, FieldMessage } from './entityForm.types';

/** Where form-wide messages go (DRF's key). */
export const NON_FIELD = 'non_field_errors';

export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/** The problems a 400 carries beside its sentences (`$codes`, docs/decisions.md §11), by path. */
function codesOf(data: Record<string, unknown>): Record<string, unknown> {
  const codes = data[CODES_KEY];
  return isPlainObject(codes) ? codes : {};
}

const isProblem = (v: unknown): v is Problem => isPlainObject(v) && typeof v.code === 'string';

/**
 * A 400 body `{ "<path>": [messages], detail? }` (nested objects are flattened to paths)
 * as field errors, each sentence paired with its problem from `$codes` when the body has
 * one; `detail` and `non_field_errors` become form-wide messages. Empty when the body
 * names nothing: the caller says what failed then.
 */
export function fieldErrorsOf(data: unknown): FieldErrors {
  const out: FieldErrors = {};
  const codes = isPlainObject(data) ? codesOf(data) : {};
  const messages = (path: string, sentences: string[]): FieldMessage[] => {
    const problems = Array.isArray(codes[path]) ? (codes[path] as unknown[]) : [];
    return sentences.map((text, i) => (isProblem(problems[i]) ? { ...problems[i], text } : text));
  };
  const walk = (value: unknown, path: string) => {
    if (Array.isArray(value) && value.every((v) => typeof v === 'string')) {
      if (value.length) out[path || NON_FIELD] = messages(path, value as string[]);
    } else if (typeof value === 'string') {
      out[path || NON_FIELD] = [value];
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => walk(v, path ? `${path}.${i}` : String(i)));
    } else if (isPlainObject(value)) {
      for (const [k, v] of Object.entries(value))
        if (path || k !== CODES_KEY) walk(v, k === 'detail' || k === NON_FIELD ? (path ? `${path}.${NON_FIELD}` : NON_FIELD) : path ? `${path}.${k}` : k);
    }
  };
  if (isPlainObject(data)) walk(data, '');
  return out;
}
