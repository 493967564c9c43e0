import { diffRecords, type FieldChange } from '../entities/recordDiff';
import type { RevisionDetail } from './history.types';

/** What the panel shows between two revisions: the older, the newer, and each field (per language) that differs. */
export interface Comparison {
  /** For one revision against the one before it: that previous one, or 0 when the revision made the row. */
  older: number;
  newer: number;
  changes: FieldChange[];
}

/**
 * Orders changes as the form shows its fields: declaration order, an untranslated field
 * before the translations of the same field, and languages in the site's order; a field
 * no longer declared (or not in the form) comes last, by name.
 */
export function orderChanges(changes: readonly FieldChange[], fieldOrder: readonly string[], languages: readonly string[]): FieldChange[] {
  const rank = (list: readonly string[], v: string) => {
    const i = list.indexOf(v);
    return i < 0 ? list.length : i;
  };
  return [...changes].sort(
    (a, b) =>
      rank(fieldOrder, a.field) - rank(fieldOrder, b.field) ||
      a.field.localeCompare(b.field) ||
      (a.language === null ? -1 : rank(languages, a.language)) - (b.language === null ? -1 : rank(languages, b.language)) ||
      (a.language ?? '').localeCompare(b.language ?? ''),
  );
}

/**
 * The comparison of the revisions read: one revision against the one before it (the API's
 * own diff), or any two, the older's record against the newer's whichever was picked first.
 */
export function compareRevisions(read: readonly RevisionDetail[], fieldOrder: readonly string[], languages: readonly string[]): Comparison | null {
  const [a, b] = read;
  if (!a) return null;
  if (!b) return { older: a.previous ?? 0, newer: a.id, changes: orderChanges(a.diff, fieldOrder, languages) };
  const [older, newer] = a.id < b.id ? [a, b] : [b, a];
  return { older: older.id, newer: newer.id, changes: orderChanges(diffRecords(older.record, newer.record), fieldOrder, languages) };
}
