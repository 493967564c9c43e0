import type { FieldOf } from '../fields.js';
import { MAX_ID } from '../formats.js';
import { type Errors, reject } from '../problems.js';
import { cellText } from './cellForms.js';
import type { FieldTypeDescription } from './description.js';

/** Decimal text, with an exponent as a spreadsheet may write it. */
const NUMERIC = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i;

/** A number kept within what both databases store exactly: integers are PostgreSQL `integer`s. */
const limitOf = (field: FieldOf<'number' | 'integer'>) => (field.type === 'integer' ? MAX_ID : 1e15);

/** A number, or its decimal text; '' is empty. */
function validateNumber(field: FieldOf<'number' | 'integer'>, raw: unknown, path: string, errors: Errors): unknown {
  let n: unknown = raw;
  if (typeof raw === 'string' && /^\s*-?\d{1,16}(\.\d{1,16})?\s*$/.test(raw)) n = Number(raw);
  if (typeof raw === 'string' && raw.trim() === '') return null;
  if (typeof n !== 'number' || !Number.isFinite(n)) return reject(errors, path, field.type === 'integer' ? 'integer' : 'number');
  if (field.type === 'integer' && !Number.isInteger(n)) return reject(errors, path, 'integer');
  const limit = limitOf(field);
  const max = Math.min(field.max ?? limit, limit);
  const min = Math.max(field.min ?? -limit, -limit);
  if (n > max) return reject(errors, path, 'maxValue', { n: max });
  if (n < min) return reject(errors, path, 'minValue', { n: min });
  return n;
}

const clamp = (v: number, min?: number, max?: number) => Math.min(max ?? v, Math.max(min ?? v, v));

const numeric = {
  empty: () => null,
  emptyCode: 'null',
  validate: validateNumber,
  sortable: true,
  invalid: (field: FieldOf<'number' | 'integer'>, add: (why: string, value: unknown) => void) => {
    add('a word', 'abc');
    add('a boolean', true);
    add('too big', (field.max ?? limitOf(field)) + 1);
    if (field.min !== undefined) add('too small', field.min - 1);
    if (field.type === 'integer') add('a fraction', 1.5);
  },
  // A number cell as it is; its text as the number it writes (validation checks the bounds), anything else left to validation.
  cell: {
    toCell: (_field: unknown, value: unknown) => (typeof value === 'number' ? value : null),
    fromCell: (_field: unknown, cell: unknown) => {
      if (typeof cell === 'number') return cell;
      const text = cellText(cell as string).trim();
      return NUMERIC.test(text) && Number.isFinite(Number(text)) ? Number(text) : text;
    },
  },
} as const;

export const number: FieldTypeDescription<'number'> = {
  ...numeric,
  column: 'real',
  sample: (field, n) => clamp(10 + n + 0.5, field.min, field.max),
};

export const integer: FieldTypeDescription<'integer'> = {
  ...numeric,
  column: 'integer',
  sample: (field, n) => clamp(n, field.min, field.max),
};
