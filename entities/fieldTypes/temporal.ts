import type { FieldOf } from '../fields.js';
import { isValidDate, normalizeDatetime, normalizeTime } from '../formats.js';
import { type Errors, reject } from '../problems.js';
import { cellText } from './cellForms.js';
import type { AddInvalid, CellInput, FieldTypeDescription } from './description.js';

type TemporalType = 'date' | 'datetime' | 'time';

const NORMALIZE: Record<TemporalType, (v: string) => string | undefined> = {
  date: (v) => (isValidDate(v) ? v : undefined),
  datetime: normalizeDatetime,
  time: normalizeTime,
};

/** Its normalized text within the declared bounds (ISO text compares as time does); '' is empty. */
function validateTemporal(field: FieldOf<TemporalType>, raw: unknown, path: string, errors: Errors): unknown {
  if (typeof raw !== 'string') return reject(errors, path, 'string');
  const s = raw.trim();
  if (s === '') return null;
  const v = NORMALIZE[field.type](s);
  if (v === undefined) return reject(errors, path, field.type);
  if (field.min !== undefined && v < field.min) return reject(errors, path, 'minValue', { n: field.min });
  if (field.max !== undefined && v > field.max) return reject(errors, path, 'maxValue', { n: field.max });
  return v;
}

/** A spreadsheet's own date (XLSX) as the type's ISO text, in UTC. */
const FROM_DATE: Record<TemporalType, (d: Date) => string> = {
  date: (d) => d.toISOString().slice(0, 10),
  datetime: (d) => d.toISOString(),
  time: (d) => d.toISOString().slice(11, 19),
};

const temporal = {
  empty: () => null,
  emptyCode: 'null',
  validate: validateTemporal,
  column: 'text',
  sortable: true,
  // As ISO text, which every spreadsheet keeps as it is (a date cell would lose the time zone).
  cell: {
    toCell: (_field: unknown, value: unknown) => (typeof value === 'string' && value !== '' ? value : null),
    fromCell: (field: FieldOf<TemporalType>, cell: CellInput) => (cell instanceof Date ? FROM_DATE[field.type](cell) : cellText(cell)),
  },
} as const;

export const date: FieldTypeDescription<'date'> = {
  ...temporal,
  sample: (field) => (field.min && field.min > '2026-05-01' ? field.min : field.max && field.max < '2026-05-01' ? field.max : '2026-05-01'),
  invalid: (_field, add: AddInvalid) => {
    add('an impossible date', '2026-02-30');
    add('another format', '01/05/2026');
  },
};

export const datetime: FieldTypeDescription<'datetime'> = {
  ...temporal,
  sample: () => '2026-05-01T09:30:00.000Z',
  invalid: (_field, add) => {
    add('no time zone', '2026-05-01T09:30:00');
    add('not a date', 'tomorrow');
  },
};

export const time: FieldTypeDescription<'time'> = {
  ...temporal,
  sample: () => '09:30:00',
  invalid: (_field, add) => {
    add('hour 25', '25:00');
    add('not a time', 'noon');
  },
};
