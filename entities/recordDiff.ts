/**
 * What differs between two states of a row, per field and, for translated fields, per
 * language: the changed names a revision records (server/entities/revisions/changes.ts),
 * the diff the history API answers, and the diff the history panel shows between any two
 * revisions (machines/history.diff.ts).
 */
import type { RecordValues } from './validateRecord.js';

export interface FieldChange {
  field: string;
  /** The language of a translated field; null for the others. */
  language: string | null;
  before: unknown;
  after: unknown;
}

const EMPTY: RecordValues = { values: {}, translations: {} };
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Each field whose value differs (a missing value counts as null), in declaration order where the records agree on it. */
export function diffRecords(before: RecordValues | undefined, after: RecordValues | undefined): FieldChange[] {
  const a = before ?? EMPTY;
  const b = after ?? EMPTY;
  const out: FieldChange[] = [];
  for (const field of new Set([...Object.keys(a.values), ...Object.keys(b.values)])) {
    if (!same(a.values[field], b.values[field])) out.push({ field, language: null, before: a.values[field] ?? null, after: b.values[field] ?? null });
  }
  for (const language of new Set([...Object.keys(a.translations), ...Object.keys(b.translations)])) {
    const x = a.translations[language] ?? {};
    const y = b.translations[language] ?? {};
    for (const field of new Set([...Object.keys(x), ...Object.keys(y)])) {
      if (!same(x[field], y[field])) out.push({ field, language, before: x[field] ?? null, after: y[field] ?? null });
    }
  }
  return out;
}
