import { isCodename } from '../permissions.js';
import { addError, INVALID, quoted, reject } from '../problems.js';
import type { FieldTypeDescription } from './description.js';
import { asLines } from './cellForms.js';
import { MAX_LIST } from './limits.js';

/** A new secret, never trimmed (every character counts); kept by the accounts' own code, not a column of the engine's. */
export const password: FieldTypeDescription<'password'> = {
  empty: () => '',
  emptyCode: 'blank',
  validate: (field, raw, path, errors) => {
    if (typeof raw !== 'string') return reject(errors, path, 'string');
    const max = field.maxLength ?? 1024;
    return raw.length > max ? reject(errors, path, 'maxLength', { count: max }) : raw;
  },
  sample: () => undefined,
  invalid: () => {},
  cell: null,
};

/** Known permission codenames, each once, sorted; kept by the accounts' own code. */
export const permissions: FieldTypeDescription<'permissions'> = {
  empty: () => [],
  emptyCode: 'emptyList',
  validate: (_field, raw, path, errors) => {
    if (!Array.isArray(raw)) return reject(errors, path, 'list');
    if (raw.length > MAX_LIST) return reject(errors, path, 'maxItems', { count: MAX_LIST });
    const out: string[] = [];
    let bad = false;
    raw.forEach((item, i) => {
      if (typeof item !== 'string' || !isCodename(item)) {
        if (typeof item === 'string') addError(errors, `${path}.${i}`, 'choice', { value: quoted(item) });
        else addError(errors, `${path}.${i}`, 'string');
        bad = true;
      } else if (!out.includes(item)) out.push(item);
    });
    return bad ? INVALID : out.sort();
  },
  sample: () => undefined,
  invalid: () => {},
  cell: asLines,
};
