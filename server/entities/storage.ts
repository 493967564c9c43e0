/**
 * Between a record (values + translations, as entities/validateRecord.ts produces them) and the
 * columns of its table. Portable storage: booleans 0/1, JSON as text, references as
 * `<field>_id` integers.
 */
import type { EntityDef } from '../../entities/define.js';
import type { ColumnKind } from '../../entities/fieldTypes/description.js';
import { emptyValue, FIELD_TYPES, isEmptyValue } from '../../entities/fieldTypes/index.js';
import type { Field } from '../../entities/fields.js';
import type { RecordValues } from '../../entities/validateRecord.js';
import { columnOf, hasTranslations, isJoinField, storesColumn } from './schema.js';

export function parseJson<T>(text: unknown, fallback: T): T {
  if (typeof text !== 'string' || text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** Column values per kind (entities/fieldTypes/description.ts): booleans 0/1, JSON as text, numbers and references as numbers. */
const CODECS: Partial<Record<ColumnKind, { encode: (value: unknown, field: Field) => unknown; decode: (raw: unknown) => unknown }>> = {
  boolean: { encode: (value) => (value ? 1 : 0), decode: (raw) => raw === 1 || raw === true || raw === '1' },
  jsonList: { encode: (value, field) => JSON.stringify(value ?? emptyValue(field)), decode: (raw) => parseJson(raw, []) },
  jsonSeo: {
    encode: (value, field) => JSON.stringify(value ?? emptyValue(field)),
    decode: (raw) => ({ title: '', description: '', slug: '', ...parseJson<object>(raw, {}) }),
  },
  json: { encode: (value) => (value === null || value === undefined ? null : JSON.stringify(value)), decode: (raw) => parseJson(raw, null) },
  real: { encode: (value) => value ?? null, decode: asNumber },
  integer: { encode: (value) => value ?? null, decode: asNumber },
  ref: { encode: (value) => value ?? null, decode: asNumber },
};

function asNumber(raw: unknown): number | null {
  return raw === null || raw === undefined ? null : Number(raw);
}

/** A translated field's shadow is text whatever its type's column (server/entities/schema.ts). */
function codecOf(field: Field) {
  const kind = FIELD_TYPES[field.type].column;
  return field.translated || kind === undefined ? undefined : CODECS[kind];
}

function encodeValue(field: Field, value: unknown): unknown {
  const codec = codecOf(field);
  return codec ? codec.encode(value, field) : (value ?? emptyValue(field));
}

function decodeValue(field: Field, raw: unknown): unknown {
  const codec = codecOf(field);
  return codec ? codec.decode(raw) : (raw ?? emptyValue(field));
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

interface StoredField {
  name: string;
  field: Field;
  column: string;
  stored: boolean;
  joined: boolean;
}

const storedFields = new WeakMap<EntityDef['fields'], readonly StoredField[]>();

/** How each field is stored, worked out once per declaration: exports and imports encode and decode rows by the million. */
function storedFieldsOf(entity: EntityDef): readonly StoredField[] {
  let out = storedFields.get(entity.fields);
  if (!out) {
    out = Object.entries(entity.fields).map(([name, field]) => ({
      name,
      field,
      column: columnOf(name, field),
      stored: storesColumn(field),
      joined: isJoinField(field),
    }));
    storedFields.set(entity.fields, out);
  }
  return out;
}

/** Column values of the main table for a record (references, JSON, shadows, translations). */
export function encodeRecord(entity: EntityDef, record: RecordValues, defaultLanguage: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { name, field, column, stored } of storedFieldsOf(entity)) {
    if (!stored) continue;
    const value = field.translated ? shadowValue(record, name, field, defaultLanguage) : record.values[name];
    out[column] = encodeValue(field, value);
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
  for (const { name, field, column, joined } of storedFieldsOf(entity)) {
    if (field.translated) continue;
    if (joined) values[name] = joins.get(name)?.get(Number(row.id)) ?? [];
    else values[name] = decodeValue(field, row[column]);
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
