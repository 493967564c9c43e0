import type { FieldOf } from '../fields.js';
import { EMAIL, isHttpUrl, patternOf, richTextIsEmpty, SLUG_PATTERN } from '../formats.js';
import { type Errors, reject } from '../problems.js';
import { asText } from './cellForms.js';
import type { AddInvalid, FieldTypeDescription, SampleRefs } from './description.js';

type TextType = 'text' | 'textarea' | 'email' | 'url' | 'slug' | 'richtext';

/** Longest value when the declaration gives no maxLength. */
export const DEFAULT_MAX_LENGTH: Record<TextType, number> = {
  text: 255,
  textarea: 5000,
  email: 254,
  url: 2000,
  slug: 200,
  richtext: 100_000,
};

/** Trimmed text (rich text is kept as given) within its length, then the type's own form. */
function validateText(field: FieldOf<TextType>, raw: unknown, path: string, errors: Errors): unknown {
  if (typeof raw !== 'string') return reject(errors, path, 'string');
  const v = field.type === 'richtext' ? raw : raw.trim();
  const max = field.maxLength ?? DEFAULT_MAX_LENGTH[field.type];
  if (v.length > max) return reject(errors, path, 'maxLength', { count: max });
  if (v === '') return v;
  if (field.type === 'slug' && !SLUG_PATTERN.test(v)) return reject(errors, path, 'slug');
  if (field.type === 'email' && !EMAIL.test(v)) return reject(errors, path, 'email');
  if (field.type === 'url' && !isHttpUrl(v)) return reject(errors, path, 'url');
  if (field.type === 'text' || field.type === 'textarea' || field.type === 'email' || field.type === 'url') {
    if (field.minLength !== undefined && v.length < field.minLength) return reject(errors, path, 'minLength', { count: field.minLength });
    const re = patternOf(field);
    if (re && !re.test(v)) return reject(errors, path, field.patternCode ?? 'pattern');
  }
  return v;
}

function invalidText(field: FieldOf<TextType>, add: AddInvalid) {
  add('a number', 42);
  add('an object', { a: 1 });
  add('too long', 'a'.repeat((field.maxLength ?? DEFAULT_MAX_LENGTH[field.type]) + 1));
  if (field.type === 'email') add('not an e-mail', 'not-an-email');
  if (field.type === 'url') {
    add('a javascript: URL', 'javascript:alert(1)');
    add('an ftp URL', 'ftp://example.com/x');
  }
  if (field.type === 'slug') add('not a slug', 'Not A Slug!');
  if (field.type === 'text' && field.pattern) add('against the pattern', '!!');
  if (field.required) add('blank', field.type === 'richtext' ? '<p> </p>' : '   ');
}

/** A text of the declared length that matches the declared pattern, when a generic one does. */
function sampleText(field: FieldOf<'text'>, n: number, label: string) {
  const max = field.maxLength ?? 255;
  if (field.pattern) {
    const re = patternOf(field)!;
    // The last one is a site path, distinct per field (a redirect's source and target differ).
    const path = `/sample-${n}/${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
    const candidates = [`S${n}`, `s${n}`, `${n}`, `S-${n}`, `sample-${n}`, `Sample ${n}`, path];
    const hit = candidates.find((c) => c.length <= max && re.test(c));
    if (hit) return hit;
    // No generic value fits this pattern: leave an optional field empty.
    if (!field.required) return '';
  }
  const base = `${label} ${n}`;
  const padded = field.minLength && base.length < field.minLength ? base.padEnd(field.minLength, 'x') : base;
  return padded.slice(-max);
}

const textual = {
  empty: () => '',
  emptyCode: 'blank',
  validate: validateText,
  column: 'text0',
  invalid: invalidText,
  cell: asText,
} as const;

export const text: FieldTypeDescription<'text'> = {
  ...textual,
  sortable: true,
  searchable: true,
  sample: (field, n, _refs: SampleRefs, label) => sampleText(field, n, label),
};

export const textarea: FieldTypeDescription<'textarea'> = {
  ...textual,
  searchable: true,
  sample: (field, n, _refs, label) => `${label} ${n}: a few words about it.`.slice(0, field.maxLength ?? DEFAULT_MAX_LENGTH.textarea),
};

export const email: FieldTypeDescription<'email'> = {
  ...textual,
  sortable: true,
  searchable: true,
  sample: (_field, n) => `sample${n}@example.com`,
};

export const url: FieldTypeDescription<'url'> = {
  ...textual,
  sortable: true,
  searchable: true,
  sample: (_field, n) => `https://example.com/${n}`,
};

/** Left empty by samples: the server makes it from its `from` field. */
export const slug: FieldTypeDescription<'slug'> = {
  ...textual,
  sortable: true,
  searchable: true,
  sample: () => '',
};

export const richtext: FieldTypeDescription<'richtext'> = {
  ...textual,
  isEmpty: (value) => typeof value === 'string' && richTextIsEmpty(value),
  sample: (_field, n, _refs, label) => `<h2>${label} ${n}</h2><p>Some <strong>bold</strong> text.</p>`,
};
