import { SLUG_PATTERN, isPlainObject } from '../formats.js';
import { addError, INVALID, reject } from '../problems.js';
import { asJson } from './cellForms.js';
import type { FieldTypeDescription } from './description.js';

/** Longest title, description and slug of an SEO block. */
export const SEO_LIMITS = { title: 200, description: 500, slug: 200 } as const;

/** `{ title, description, slug }`, each trimmed within its limit; a part left out is ''. */
const isEmptySeo = (value: unknown) => {
  const s = value as { title?: string; description?: string; slug?: string };
  return !s.title && !s.description && !s.slug;
};

export const seo: FieldTypeDescription<'seo'> = {
  empty: () => ({ title: '', description: '', slug: '' }),
  emptyCode: 'null',
  isEmpty: isEmptySeo,
  validate: (_field, raw, path, errors) => {
    if (!isPlainObject(raw)) return reject(errors, path, 'seo');
    const out = { title: '', description: '', slug: '' };
    let bad = false;
    for (const key of ['title', 'description', 'slug'] as const) {
      const v = raw[key];
      if (v === undefined || v === null) continue;
      if (typeof v !== 'string') {
        addError(errors, `${path}.${key}`, 'string');
        bad = true;
        continue;
      }
      const t = v.trim();
      if (t.length > SEO_LIMITS[key]) {
        addError(errors, `${path}.${key}`, 'maxLength', { count: SEO_LIMITS[key] });
        bad = true;
      } else if (key === 'slug' && t !== '' && !SLUG_PATTERN.test(t)) {
        addError(errors, `${path}.${key}`, 'slug');
        bad = true;
      } else out[key] = t;
    }
    return bad ? INVALID : out;
  },
  column: 'jsonSeo',
  sample: (_field, n, _refs, label) => ({ title: `${label} ${n}`, description: `About ${label} ${n}.`, slug: '' }),
  invalid: (_field, add) => {
    add('not an object', 'seo');
    add('a title too long', { title: 'a'.repeat(201) }, '.title');
    add('a bad slug', { slug: 'Bad Slug' }, '.slug');
  },
  cell: asJson(isEmptySeo),
};
