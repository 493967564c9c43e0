/**
 * The names of the fields a write changed, per language for translated fields, as a
 * revision records them (the diff itself is entities/recordDiff.ts, shared with the SPA).
 */
import { diffRecords } from '../../../entities/recordDiff.js';
import type { RecordValues } from '../../../entities/validateRecord.js';

export interface ChangedFields {
  fields: string[];
  translations: Record<string, string[]>;
}

export function changedFields(before: RecordValues | undefined, after: RecordValues | undefined): ChangedFields {
  const out: ChangedFields = { fields: [], translations: {} };
  for (const c of diffRecords(before, after)) {
    if (c.language === null) out.fields.push(c.field);
    else (out.translations[c.language] ??= []).push(c.field);
  }
  return out;
}
