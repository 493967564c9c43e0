/**
 * Between a record (values + translations, as entities/validate.ts produces them) and the
 * columns of its table. Portable storage: booleans 0/1, JSON as text, references as
 * `<field>_id` integers.
 */
import { emptyValue, type EntityDef, type Field } from '../../entities/define.js';
import { isEmptyValue, type RecordValues } from '../../entities/validate.js';
import { columnOf, hasTranslations, isJoinField, isShadowed, storesColumn } from './schema.js';

export function parseJson<T>(text: unknown, fallback: T): T {
  if (typeof text !== 'string' || text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

function encodeValue(field: Field, value: unknown): unknown {
  switch (field.type) {
    case 'boolean':
      return value ? 1 : 0;
    case 'repeater':
    case 'menuTree':
    case 'list':
    case 'seo':
      return JSON.stringify(value ?? emptyValue(field));
    case 'map':
      return value === null || value === undefined ? null : JSON.stringify(value);
    default:
      return value ?? emptyValue(field);
  }
}

function decodeValue(field: Field, raw: unknown): unknown {
  switch (field.type) {
    case 'boolean':
      return raw === 1 || raw === true || raw === '1';
    case 'repeater':
    case 'menuTree':
    case 'list':
      return parseJson(raw, []);
    case 'seo':
      return { title: '', description: '', slug: '', ...parseJson<object>(raw, {}) };
    case 'map':
      return parseJson(raw, null);
    case 'number':
    case 'integer':
    case 'fk':
    case 'media':
    case 'file':
      return raw === null || raw === undefined ? null : Number(raw);
    default:
      return raw ?? emptyValue(field);
  }
}

/**
 * The default-language copy of a translated field: the default language's value, else the
 * first language that has one.
 */
export function shadowValue(record: RecordValues, name: string, field: Field, defaultLanguage: string): unknown {
  const own = record.translations[defaultLanguage]?.[name];
  if (own !== undefined && !isEmptyValue(field, own)) return own;
  for (const vals of Object.values(record.translations)) {
    const v = vals[name];
    if (v !== undefined && !isEmptyValue(field, v)) return v;
  }
  return emptyValue(field);
}

/** Column values of the main table for a record (references, JSON, shadows, translations). */
export function encodeRecord(entity: EntityDef, record: RecordValues, defaultLanguage: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    if (!storesColumn(field)) continue;
    const value = field.translated ? shadowValue(record, name, field, defaultLanguage) : record.values[name];
    out[columnOf(name, field)] = encodeValue(field, value);
  }
  if (hasTranslations(entity)) out.translations = JSON.stringify(record.translations);
  return out;
}

/** A stored row back to a record; join-table fields come from `joins` (id → ids). */
export function decodeRecord(
  entity: EntityDef,
  row: Record<string, unknown>,
  joins: ReadonlyMap<string, ReadonlyMap<number, number[]>> = new Map(),
): RecordValues {
  const values: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.translated) continue;
    if (isJoinField(field)) values[name] = joins.get(name)?.get(Number(row.id)) ?? [];
    else values[name] = decodeValue(field, row[columnOf(name, field)]);
  }
  const translations = hasTranslations(entity) ? parseJson<Record<string, Record<string, unknown>>>(row.translations, {}) : {};
  return { values, translations };
}

/** Value of a translated field in a language, exactly (no fallback): what a form edits. */
export function translatedValue(record: RecordValues, name: string, field: Field, language: string): unknown {
  const v = record.translations[language]?.[name];
  return v === undefined ? emptyValue(field) : v;
}

/** Counters key a facet value as text: '' for none, '1'/'0' for booleans. */
export function facetKey(field: Field, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (field.type === 'boolean') return value ? '1' : '0';
  return String(value);
}

export { isShadowed };
