import { quoted, reject } from '../problems.js';
import { asOptionalText, cellText } from './cellForms.js';
import type { FieldTypeDescription } from './description.js';

const TRUE = new Set(['true', '1', 'yes', 'y', 'x']);
const FALSE = new Set(['false', '0', 'no', 'n', '']);

export const boolean: FieldTypeDescription<'boolean'> = {
  empty: () => false,
  emptyCode: 'null',
  validate: (_field, raw, path, errors) => (typeof raw === 'boolean' ? raw : reject(errors, path, 'boolean')),
  column: 'boolean',
  sortable: true,
  sample: () => true,
  invalid: (_field, add) => {
    add('a string', 'yes');
    add('a number', 1);
  },
  // true/false, as a spreadsheet's own booleans; 1/0, yes/no and x read too, anything else is left to validation to refuse.
  cell: {
    toCell: (_field, value) => value === true,
    fromCell: (_field, cell) => {
      if (typeof cell === 'boolean') return cell;
      const text = cellText(cell).trim().toLowerCase();
      return TRUE.has(text) ? true : FALSE.has(text) ? false : text;
    },
  },
};

/** One of the declared options' values; '' is empty. */
export const select: FieldTypeDescription<'select'> = {
  empty: () => null,
  emptyCode: 'null',
  validate: (field, raw, path, errors) => {
    if (typeof raw !== 'string') return reject(errors, path, 'string');
    if (raw === '') return null;
    if (!field.options.some((o) => o.value === raw)) return reject(errors, path, 'choice', { value: quoted(raw) });
    return raw;
  },
  column: 'text',
  sortable: true,
  sample: (field, n) => field.default ?? field.options[n % field.options.length]?.value,
  invalid: (field, add) => {
    add('not an option', 'no-such-option');
    add('a number', 3);
    if (field.required) add('empty', '');
  },
  cell: asOptionalText,
};

/** `#rrggbb` (or `#rrggbbaa` with `alpha`), kept lower-case; '' is empty. */
export const color: FieldTypeDescription<'color'> = {
  empty: () => null,
  emptyCode: 'null',
  validate: (field, raw, path, errors) => {
    if (typeof raw !== 'string') return reject(errors, path, 'string');
    const v = raw.trim().toLowerCase();
    if (v === '') return null;
    const ok = field.alpha ? /^#([0-9a-f]{6}|[0-9a-f]{8})$/.test(v) : /^#[0-9a-f]{6}$/.test(v);
    return ok ? v : reject(errors, path, field.alpha ? 'colorAlpha' : 'color');
  },
  column: 'text',
  sortable: true,
  sample: (field) => (field.alpha ? '#336699cc' : '#336699'),
  invalid: (field, add) => {
    add('a colour name', 'red');
    add('short hex', '#abc');
    add('with alpha when none allowed', field.alpha ? '#12345' : '#11223344');
  },
  cell: asOptionalText,
};
