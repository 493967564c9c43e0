import type { FieldOf } from '../fields.js';
import { patternOf } from '../formats.js';
import { addError, type Errors, INVALID, type ProblemCode, type ProblemParams, quoted, reject } from '../problems.js';
import { MAX_LIST } from './limits.js';
import { asLines } from './cellForms.js';
import type { FieldTypeDescription } from './description.js';

/** Distinct trimmed strings, each an option or matching the pattern, each problem on its entry's path. */
function validateList(field: FieldOf<'list'>, raw: unknown, path: string, errors: Errors): unknown {
  if (!Array.isArray(raw)) return reject(errors, path, 'list');
  const cap = Math.min(field.max ?? 100, MAX_LIST);
  if (raw.length > cap) return reject(errors, path, 'maxItems', { count: cap });
  const max = field.maxLength ?? 255;
  const re = patternOf(field);
  const out: string[] = [];
  let bad = false;
  raw.forEach((item, i) => {
    const fail = (code: ProblemCode, params?: ProblemParams) => {
      addError(errors, `${path}.${i}`, code, params);
      bad = true;
    };
    if (typeof item !== 'string') return fail('string');
    const v = item.trim();
    if (v === '') return fail('blank');
    if (v.length > max) return fail('maxLength', { count: max });
    if (field.options && !field.options.some((o) => o.value === v)) return fail('choice', { value: quoted(v) });
    if (re && !re.test(v)) return fail(field.patternCode ?? 'pattern');
    if (out.includes(v)) return fail('duplicate');
    out.push(v);
  });
  return bad ? INVALID : out;
}

/** A sample entry for a typed list: the first generic value its pattern takes. */
function sampleEntries(field: FieldOf<'list'>, n: number): string[] {
  if (field.options) return field.default ? [...field.default] : field.options.slice(0, 2).map((o) => o.value);
  const re = patternOf(field)!;
  const candidates = [`s${n}.example.com`, `sample${n}@example.com`, `S${n}`, `s${n}`, `${n}`];
  return candidates.filter((c) => re.test(c)).slice(0, 1);
}

export const list: FieldTypeDescription<'list'> = {
  empty: () => [],
  emptyCode: 'emptyList',
  validate: validateList,
  column: 'jsonList',
  sample: (field, n) => sampleEntries(field, n),
  invalid: (field, add) => {
    add('not a list', 'one');
    add('a bad element', [42], '.0');
    add('a blank element', ['  '], '.0');
    if (field.options) add('not an option', ['no-such-option'], '.0');
    else add('against the pattern', ['!! not valid !!'], '.0');
    if (field.required) add('empty', []);
    const [one] = sampleEntries(field, 1);
    if (one !== undefined) add('a duplicate', [one, one], '.1');
  },
  cell: asLines,
};
