import type { FieldOf } from '../fields.js';
import { MAX_ID, parseId } from '../formats.js';
import { addError, type Errors, INVALID, reject } from '../problems.js';
import { cellText, keyCell, keyId, keyIds } from './cellForms.js';
import type { AddInvalid, CellCodec, FieldTypeDescription, RefSite, SampleRefs } from './description.js';
import { MAX_LIST } from './limits.js';

/** One id; '' is empty. */
function validateId(_field: unknown, raw: unknown, path: string, errors: Errors): unknown {
  if (raw === '') return null;
  const id = parseId(raw);
  return id === undefined ? reject(errors, path, 'id') : id;
}

/** Distinct ids in the order given, each problem on its element's path. */
function validateIds(field: FieldOf<'m2m' | 'mediaMany'>, raw: unknown, path: string, errors: Errors): unknown {
  if (!Array.isArray(raw)) return reject(errors, path, 'ids');
  const cap = Math.min(field.max ?? MAX_LIST, MAX_LIST);
  if (raw.length > cap) return reject(errors, path, 'maxItems', { count: cap });
  const out: number[] = [];
  let bad = false;
  raw.forEach((item, i) => {
    const id = parseId(item);
    if (id === undefined) {
      addError(errors, `${path}.${i}`, 'id');
      bad = true;
    } else if (!out.includes(id)) out.push(id);
  });
  return bad ? INVALID : out;
}

function invalidId(_field: unknown, add: AddInvalid) {
  add('zero', 0);
  add('negative', -1);
  add('a word', 'abc');
  add('beyond integer range', MAX_ID + 1);
  add('a row that does not exist', MAX_ID - 7);
}

function invalidIds(_field: unknown, add: AddInvalid) {
  add('not a list', 5);
  add('a bad element', [MAX_ID - 7, 'x'], '.1');
  add('a missing row', [MAX_ID - 7], '.0');
}

const single = {
  empty: () => null,
  emptyCode: 'null',
  validate: validateId,
  column: 'ref',
  relational: true,
  invalid: invalidId,
} as const;

const many = {
  empty: () => [],
  emptyCode: 'emptyList',
  validate: validateIds,
  join: true,
  relational: true,
  invalid: invalidIds,
} as const;

/** A media item by its file name. */
const mediaCell: CellCodec<'media' | 'file'> = {
  toCell: (_field, value, keys) => (typeof value === 'number' ? keyCell(keys, undefined, value) : null),
  fromCell: (_field, cell, keys, path, errors) => keyId(keys, undefined, cellText(cell), path, errors),
};

const oneMedia = {
  ...single,
  cell: mediaCell,
  refs: (_field: unknown, value: unknown, path: string, out: RefSite[]) => {
    if (typeof value === 'number') out.push({ path, ids: [value], list: false });
  },
  sample: (_field: unknown, _n: number, refs: SampleRefs) => refs.media?.[0] ?? null,
};

/** A media item of the same site (usually an image). */
export const media: FieldTypeDescription<'media'> = oneMedia;

/** A media item of the same site, any document. */
export const file: FieldTypeDescription<'file'> = oneMedia;

export const fk: FieldTypeDescription<'fk'> = {
  ...single,
  // The target row by its natural key (entities/define.ts naturalKey).
  cell: {
    toCell: (field, value, keys) => (typeof value === 'number' ? keyCell(keys, field.target, value) : null),
    fromCell: (field, cell, keys, path, errors) => keyId(keys, field.target, cellText(cell), path, errors),
  },
  refs: (field, value, path, out) => {
    if (typeof value === 'number') out.push({ path, target: field.target, ids: [value], list: false });
  },
  sample: (field, n, refs) => refs[field.target]?.[n % (refs[field.target]?.length || 1)] ?? null,
};

/** Keys one per line, in order. */
const linesOf = (keys: Parameters<typeof keyCell>[0], target: string | undefined, value: unknown) =>
  Array.isArray(value) && value.length ? value.map((id) => keyCell(keys, target, id as number)).join('\n') : null;

export const mediaMany: FieldTypeDescription<'mediaMany'> = {
  ...many,
  cell: {
    toCell: (_field, value, keys) => linesOf(keys, undefined, value),
    fromCell: (_field, cell, keys, path, errors) => keyIds(keys, undefined, cell, path, errors),
  },
  refs: (_field, value, path, out) => {
    if (Array.isArray(value) && value.length) out.push({ path, ids: value as number[], list: true });
  },
  sample: (field, _n, refs) => (refs.media ?? []).slice(0, field.max ?? 3),
};

export const m2m: FieldTypeDescription<'m2m'> = {
  ...many,
  cell: {
    toCell: (field, value, keys) => linesOf(keys, field.target, value),
    fromCell: (field, cell, keys, path, errors) => keyIds(keys, field.target, cell, path, errors),
  },
  refs: (field, value, path, out) => {
    if (Array.isArray(value) && value.length) out.push({ path, target: field.target, ids: value as number[], list: true });
  },
  sample: (field, _n, refs) => (refs[field.target] ?? []).slice(0, Math.min(2, field.max ?? 2)),
};
