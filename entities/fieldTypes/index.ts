/**
 * One description per field type (entities/fieldTypes/description.ts), and the functions
 * over any field that read it: validation, empty and default values, references, samples.
 * The table is a Record over every FieldType, so a new type does not compile until it is
 * described.
 */
import type { Field, FieldType } from '../fields.js';
import type { Errors, ProblemCode } from '../problems.js';
import { boolean, color, select } from './choice.js';
import type { CellInput, CellKeys, CellValue, FieldTypeDescription, InvalidSample, Nested, RefSite, SampleRefs } from './description.js';
import { list } from './list.js';
import { map } from './map.js';
import { menuTree } from './menuTree.js';
import { integer, number } from './number.js';
import { file, fk, m2m, media, mediaMany } from './reference.js';
import { repeater } from './repeater.js';
import { password, permissions } from './secret.js';
import { seo } from './seo.js';
import { date, datetime, time } from './temporal.js';
import { email, richtext, slug, text, textarea, url } from './text.js';

export const FIELD_TYPES: { readonly [T in FieldType]: FieldTypeDescription<T> } = {
  text,
  textarea,
  slug,
  email,
  url,
  number,
  integer,
  boolean,
  select,
  color,
  date,
  datetime,
  time,
  media,
  mediaMany,
  file,
  fk,
  m2m,
  repeater,
  seo,
  map,
  richtext,
  menuTree,
  list,
  password,
  permissions,
};

/** A field's description: the table holds it under the field's own type, so it takes this field. */
const describe = (field: Field) => FIELD_TYPES[field.type] as FieldTypeDescription<FieldType>;

/** The value a field takes when nothing was given. */
export const emptyValue = (field: Field): unknown => describe(field).empty();

/** The declared default, else the empty value; a fresh copy each time. */
export function defaultValue(field: Field): unknown {
  const d = (field as { default?: unknown }).default;
  if (d === undefined) return emptyValue(field);
  return d !== null && typeof d === 'object' ? JSON.parse(JSON.stringify(d)) : d;
}

export function isEmptyValue(field: Field, value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return describe(field).isEmpty?.(value) ?? false;
}

/** What a required field left empty is told: `required` when it was not given at all. */
export const requiredCode = (field: Field, given: boolean): ProblemCode => (given ? describe(field).emptyCode : 'required');

/**
 * One value of one field: its normalized form, or INVALID with problems added under
 * `path`. `null` means "empty" for every type; whether empty is allowed is the caller's
 * business (see `requiredCode`).
 */
export function validateValue(field: Field, raw: unknown, path: string, errors: Errors): unknown {
  // The empty value, not the declared default: null clears a field.
  if (raw === null || raw === undefined) return emptyValue(field);
  return describe(field).validate(field, raw, path, errors, NESTED);
}

/** The references a field's value holds. */
export function refsOf(field: Field, value: unknown, path: string, out: RefSite[]) {
  describe(field).refs?.(field, value, path, out, NESTED);
}

/** A valid value of a field; `n` makes it differ between rows. */
export function sampleValue(field: Field, n: number, refs: SampleRefs = {}, label = 'Sample'): unknown {
  return describe(field).sample(field, n, refs, label, NESTED);
}

/** Values of a field's own type that validation must refuse. */
export function invalidSamples(field: Field): InvalidSample[] {
  const out: InvalidSample[] = [];
  const add = (why: string, value: unknown, at = '') => out.push({ why, value, at });
  describe(field).invalid(field, add, NESTED);
  return out;
}

/** Whether a field has a spreadsheet cell (a password never leaves the server in a file). */
export const hasCell = (field: Field) => describe(field).cell !== null;

/** A field's value as a spreadsheet cell (null: an empty cell). */
export function toCell(field: Field, value: unknown, keys: CellKeys): CellValue {
  return describe(field).cell?.toCell(field, value, keys) ?? null;
}

/** A spreadsheet cell as the raw value validation takes, or INVALID with problems under `path`. */
export function fromCell(field: Field, cell: CellInput, keys: CellKeys, path: string, errors: Errors): unknown {
  const codec = describe(field).cell;
  return codec ? codec.fromCell(field, cell, keys, path, errors) : undefined;
}

const NESTED: Nested = { validate: validateValue, refs: refsOf, sample: sampleValue, invalid: invalidSamples, defaultValue, isEmptyValue, requiredCode };
