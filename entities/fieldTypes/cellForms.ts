/**
 * The spreadsheet cell forms the field types share (description.ts `CellCodec`): text as it
 * is, a list one entry per line, a reference by its natural key, a structure as JSON.
 */
import type { ProblemParams } from '../problems.js';
import { type Errors, INVALID, reject } from '../problems.js';
import type { CellInput, CellKeys, CellValue } from './description.js';

/** A codec of any field: the field types' own codecs narrow the field (description.ts CellCodec). */
interface AnyCodec {
  toCell: (field: unknown, value: unknown, keys: CellKeys) => CellValue;
  fromCell: (field: unknown, cell: CellInput, keys: CellKeys, path: string, errors: Errors) => unknown;
}

/** A cell as text: a number in its shortest form, a boolean as true/false, a date as ISO 8601, empty as ''. */
export function cellText(cell: CellInput): string {
  if (cell === null) return '';
  if (cell instanceof Date) return cell.toISOString();
  return typeof cell === 'string' ? cell : String(cell);
}

/** A list's entries, one per line, blank lines left out. */
export const cellLines = (cell: CellInput): string[] =>
  cellText(cell)
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** Text kept as it is, '' for empty; validation trims and checks it. */
export const asText: AnyCodec = {
  toCell: (_field, value) => (typeof value === 'string' ? value : ''),
  fromCell: (_field, cell) => cellText(cell),
};

/** A value that is text or empty (null): an option, a colour, a date. */
export const asOptionalText: AnyCodec = {
  toCell: (_field, value) => (typeof value === 'string' && value !== '' ? value : null),
  fromCell: (_field, cell) => cellText(cell),
};

/** A list of strings, one per line. */
export const asLines: AnyCodec = {
  toCell: (_field, value) => (Array.isArray(value) && value.length ? value.join('\n') : null),
  fromCell: (_field, cell) => cellLines(cell),
};

/** Written when a referenced row has no key (it cannot happen to a row of the site; kept readable all the same). */
const byId = (id: number) => `#${id}`;

/** A referenced row's natural key (undefined target: a media item's file name). */
export const keyCell = (keys: CellKeys, target: string | undefined, id: number) => keys.keyOf(target, id) ?? byId(id);

/** The id a key names, or INVALID with `keyUnknown` under `path`; '' is empty. */
export function keyId(keys: CellKeys, target: string | undefined, text: string, path: string, errors: Errors): unknown {
  const key = text.trim();
  if (key === '') return '';
  const id = keys.idOf(target, key) ?? (/^#[1-9]\d{0,9}$/.test(key) ? Number(key.slice(1)) : undefined);
  const params: ProblemParams = { value: key.slice(0, 40) };
  return id ?? reject(errors, path, 'keyUnknown', params);
}

/** Keys, one per line, as ids; each unknown key a problem on its entry's path. */
export function keyIds(keys: CellKeys, target: string | undefined, cell: CellInput, path: string, errors: Errors): unknown {
  const out: unknown[] = cellLines(cell).map((line, i) => keyId(keys, target, line, `${path}.${i}`, errors));
  return out.includes(INVALID) ? INVALID : out;
}

/** A structure (repeater rows, a menu, an SEO block) as JSON; empty as ''. */
export function asJson(isEmpty: (value: unknown) => boolean): AnyCodec {
  return {
    toCell: (_field, value) => (value === null || value === undefined || isEmpty(value) ? null : JSON.stringify(value)),
    fromCell: (_field, cell, _keys, path, errors) => {
      const text = cellText(cell).trim();
      if (text === '') return null;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return reject(errors, path, 'jsonInvalid');
      }
    },
  };
}
