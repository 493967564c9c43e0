import type { FieldOf } from '../fields.js';
import { isPlainObject } from '../formats.js';
import { addError, type Errors, INVALID, reject } from '../problems.js';
import { asJson } from './cellForms.js';
import type { FieldTypeDescription, Nested } from './description.js';

/** Most rows a repeater holds. */
const MAX_ROWS = 500;

/** Rows of the nested fields: each validated, defaulted and checked for required values on its own path. */
function validateRows(field: FieldOf<'repeater'>, raw: unknown, path: string, errors: Errors, nested: Nested): unknown {
  if (!Array.isArray(raw)) return reject(errors, path, 'list');
  const cap = Math.min(field.max ?? MAX_ROWS, MAX_ROWS);
  if (raw.length > cap) return reject(errors, path, 'maxItems', { count: cap });
  if (field.min !== undefined && raw.length > 0 && raw.length < field.min) return reject(errors, path, 'minItems', { count: field.min });
  let bad = false;
  const rows = raw.map((row, i) => {
    const at = `${path}.${i}`;
    if (!isPlainObject(row)) {
      addError(errors, at, 'object');
      bad = true;
      return null;
    }
    const out: Record<string, unknown> = {};
    for (const [name, sub] of Object.entries(field.fields)) {
      const given = Object.hasOwn(row, name) && row[name] !== undefined;
      const v = given ? nested.validate(sub, row[name], `${at}.${name}`, errors) : nested.defaultValue(sub);
      if (v === INVALID) {
        bad = true;
        continue;
      }
      if (sub.required && nested.isEmptyValue(sub, v)) {
        addError(errors, `${at}.${name}`, nested.requiredCode(sub, given));
        bad = true;
      }
      out[name] = v;
    }
    return out;
  });
  return bad ? INVALID : rows;
}

export const repeater: FieldTypeDescription<'repeater'> = {
  empty: () => [],
  emptyCode: 'emptyList',
  validate: validateRows,
  column: 'jsonList',
  refs: (field, value, path, out, nested) => {
    if (!Array.isArray(value)) return;
    value.forEach((row: Record<string, unknown>, i) => {
      for (const [k, sub] of Object.entries(field.fields)) nested.refs(sub, row?.[k], `${path}.${i}.${k}`, out);
    });
  },
  sample: (field, n, refs, _label, nested) => {
    const row: Record<string, unknown> = {};
    for (const [k, sub] of Object.entries(field.fields)) row[k] = nested.sample(sub, n, refs, k);
    return [row];
  },
  invalid: (field, add, nested) => {
    add('not a list', 'rows');
    add('a row that is not an object', ['row'], '.0');
    const entry = Object.entries(field.fields)[0];
    if (!entry) return;
    const [first, sub] = entry;
    const bad = nested.invalid(sub)[0];
    if (bad) add(`row 0: ${first} ${bad.why}`, [{ [first]: bad.value }], `.0.${first}${bad.at}`);
  },
  // Its rows as JSON, values as the API writes them (a media item in a row by its id).
  cell: asJson((rows) => Array.isArray(rows) && rows.length === 0),
};
