/**
 * Valid and invalid values for any declared field, for generated tests and data loaders:
 * the tests walk every entity and field with these instead of writing payloads by hand.
 */
import type { EntityDef, Field } from '../../entities/define.js';
import { MAX_ID } from '../../entities/validate.js';

/** Ids of existing rows per target entity name, and of media, to reference from samples. */
export interface SampleRefs {
  [entity: string]: number[] | undefined;
  media?: number[];
}

const clamp = (v: number, min?: number, max?: number) => Math.min(max ?? v, Math.max(min ?? v, v));

function sampleText(field: Field & { maxLength?: number; pattern?: string; minLength?: number }, n: number, label: string) {
  const max = field.maxLength ?? 255;
  if (field.pattern) {
    const re = new RegExp(`^(?:${field.pattern})$`, 'u');
    const candidates = [`S${n}`, `s${n}`, `${n}`, `S-${n}`, `sample-${n}`, `Sample ${n}`];
    const hit = candidates.find((c) => c.length <= max && re.test(c));
    if (hit) return hit;
    // No generic value fits this pattern: leave an optional field empty.
    if (!field.required) return '';
  }
  const base = `${label} ${n}`;
  const padded = field.minLength && base.length < field.minLength ? base.padEnd(field.minLength, 'x') : base;
  return padded.slice(-max);
}

/** A valid value of a field; `n` makes it differ between rows. */
export function sampleValue(field: Field, n: number, refs: SampleRefs = {}, label = 'Sample'): unknown {
  switch (field.type) {
    case 'text':
      return sampleText(field, n, label);
    case 'textarea':
      return `${label} ${n}: a few words about it.`.slice(0, field.maxLength ?? 5000);
    case 'email':
      return `sample${n}@example.com`;
    case 'url':
      return `https://example.com/${n}`;
    case 'slug':
      return '';
    case 'number':
      return clamp(10 + n + 0.5, field.min, field.max);
    case 'integer':
      return clamp(n, field.min, field.max);
    case 'boolean':
      return true;
    case 'select':
      return field.default ?? field.options[n % field.options.length]?.value;
    case 'color':
      return field.alpha ? '#336699cc' : '#336699';
    case 'date':
      return field.min && field.min > '2026-05-01' ? field.min : field.max && field.max < '2026-05-01' ? field.max : '2026-05-01';
    case 'datetime':
      return '2026-05-01T09:30:00.000Z';
    case 'time':
      return '09:30:00';
    case 'media':
    case 'file':
      return refs.media?.[0] ?? null;
    case 'mediaMany':
      return (refs.media ?? []).slice(0, field.max ?? 3);
    case 'fk':
      return refs[field.target]?.[n % (refs[field.target]?.length || 1)] ?? null;
    case 'm2m':
      return (refs[field.target] ?? []).slice(0, Math.min(2, field.max ?? 2));
    case 'repeater': {
      const row: Record<string, unknown> = {};
      for (const [k, sub] of Object.entries(field.fields)) row[k] = sampleValue(sub, n, refs, k);
      return [row];
    }
    case 'seo':
      return { title: `${label} ${n}`, description: `About ${label} ${n}.`, slug: '' };
    case 'map':
      return { lat: 45.4642, lng: 9.19 };
    case 'richtext':
      return `<h2>${label} ${n}</h2><p>Some <strong>bold</strong> text.</p>`;
    case 'list': {
      if (field.options) return field.default ? [...field.default] : field.options.slice(0, 2).map((o) => o.value);
      const re = new RegExp(`^(?:${field.pattern})$`, 'u');
      const candidates = [`s${n}.example.com`, `sample${n}@example.com`, `S${n}`, `s${n}`, `${n}`];
      return candidates.filter((c) => re.test(c)).slice(0, 1);
    }
    case 'menuTree': {
      const leaf = { label: 'News', url: '/news', children: [] };
      return field.maxDepth >= 2 ? [{ label: 'Home', page: 'home', children: [leaf] }] : [{ label: 'Home', page: 'home', children: [] }];
    }
  }
}

/**
 * A complete create body: every field with a sample value, translated ones in every
 * given language (the first being the site's default).
 */
export function sampleBody(entity: EntityDef, n: number, refs: SampleRefs = {}, languages: readonly string[] = ['en']) {
  const body: Record<string, unknown> = {};
  const translations: Record<string, Record<string, unknown>> = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.readOnly) continue;
    if (field.translated) {
      for (const lang of languages) {
        translations[lang] ??= {};
        translations[lang][name] = sampleValue(field, n, refs, `${entity.name} ${name} ${lang}`);
      }
    } else {
      const v = sampleValue(field, n, refs, `${entity.name} ${name}`);
      if (v !== null) body[name] = v;
    }
  }
  if (Object.keys(translations).length) body.translations = translations;
  return body;
}

/** A value of the field's own type that validation must refuse, and the path (below the field) it must name. */
export interface InvalidSample {
  why: string;
  value: unknown;
  /** Appended to the field's path: '' for the field itself, `.0`, `.lat`, `.0.name` … */
  at: string;
}

export function invalidSamples(field: Field): InvalidSample[] {
  const out: InvalidSample[] = [];
  const add = (why: string, value: unknown, at = '') => out.push({ why, value, at });
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'email':
    case 'url':
    case 'slug':
    case 'richtext': {
      add('a number', 42);
      add('an object', { a: 1 });
      const max = field.maxLength ?? { text: 255, textarea: 5000, email: 254, url: 2000, slug: 200, richtext: 100_000 }[field.type];
      add('too long', 'a'.repeat(max + 1));
      if (field.type === 'email') add('not an e-mail', 'not-an-email');
      if (field.type === 'url') {
        add('a javascript: URL', 'javascript:alert(1)');
        add('an ftp URL', 'ftp://example.com/x');
      }
      if (field.type === 'slug') add('not a slug', 'Not A Slug!');
      if (field.type === 'text' && field.pattern) add('against the pattern', '!!');
      if (field.required) add('blank', field.type === 'richtext' ? '<p> </p>' : '   ');
      break;
    }
    case 'number':
    case 'integer':
      add('a word', 'abc');
      add('a boolean', true);
      add('too big', (field.max ?? (field.type === 'integer' ? MAX_ID : 1e15)) + 1);
      if (field.min !== undefined) add('too small', field.min - 1);
      if (field.type === 'integer') add('a fraction', 1.5);
      break;
    case 'boolean':
      add('a string', 'yes');
      add('a number', 1);
      break;
    case 'select':
      add('not an option', 'no-such-option');
      add('a number', 3);
      if (field.required) add('empty', '');
      break;
    case 'color':
      add('a colour name', 'red');
      add('short hex', '#abc');
      add('with alpha when none allowed', field.alpha ? '#12345' : '#11223344');
      break;
    case 'date':
      add('an impossible date', '2026-02-30');
      add('another format', '01/05/2026');
      break;
    case 'datetime':
      add('no time zone', '2026-05-01T09:30:00');
      add('not a date', 'tomorrow');
      break;
    case 'time':
      add('hour 25', '25:00');
      add('not a time', 'noon');
      break;
    case 'media':
    case 'file':
    case 'fk':
      add('zero', 0);
      add('negative', -1);
      add('a word', 'abc');
      add('beyond integer range', MAX_ID + 1);
      add('a row that does not exist', MAX_ID - 7);
      break;
    case 'mediaMany':
    case 'm2m':
      add('not a list', 5);
      add('a bad element', [MAX_ID - 7, 'x'], '.1');
      add('a missing row', [MAX_ID - 7], '.0');
      break;
    case 'repeater': {
      add('not a list', 'rows');
      add('a row that is not an object', ['row'], '.0');
      const [firstField] = Object.entries(field.fields);
      if (firstField) {
        const [first, sub] = firstField;
        const bad = invalidSamples(sub)[0];
        if (bad) add(`row 0: ${first} ${bad.why}`, [{ [first]: bad.value }], `.0.${first}${bad.at}`);
      }
      break;
    }
    case 'seo':
      add('not an object', 'seo');
      add('a title too long', { title: 'a'.repeat(201) }, '.title');
      add('a bad slug', { slug: 'Bad Slug' }, '.slug');
      break;
    case 'map':
      add('not a point', 'Milan');
      add('latitude out of range', { lat: 91, lng: 0 }, '.lat');
      add('longitude not a number', { lat: 45, lng: 'east' }, '.lng');
      break;
    case 'list':
      add('not a list', 'one');
      add('a bad element', [42], '.0');
      add('a blank element', ['  '], '.0');
      if (field.options) add('not an option', ['no-such-option'], '.0');
      else add('against the pattern', ['!! not valid !!'], '.0');
      if (field.required) add('empty', []);
      {
        const [one] = sampleValue(field, 1) as string[];
        if (one !== undefined) add('a duplicate', [one, one], '.1');
      }
      break;
    case 'menuTree': {
      add('not a list', 'menu');
      add('a node without label', [{ url: '/x' }], '.0.label');
      add('page and url together', [{ label: 'x', page: 'home', url: '/x' }], '.0.url');
      let deep: unknown[] = [];
      for (let i = 0; i <= field.maxDepth; i++) deep = [{ label: `l${i}`, children: deep }];
      add('too deep', deep, `${'.0.children'.repeat(field.maxDepth - 1)}.0.children`);
      break;
    }
  }
  return out;
}
