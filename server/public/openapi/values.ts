/**
 * JSON Schema (2020-12, as OpenAPI 3.1 reads it) of every field type's value as the delivery
 * API shows it (present.ts): media and references as objects, a menu with its paths, an
 * empty value as null. A table over every field type, so a new type does not compile until
 * its public value is described here.
 */
import type { Field, FieldOf, FieldType } from '../../../entities/fields.js';

export type JsonSchema = { [key: string]: unknown } | boolean;

export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
export const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });
/** An object whose every property is always there, and nothing else. */
export const closed = (properties: Record<string, JsonSchema>, extra: Record<string, unknown> = {}): JsonSchema => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
  ...extra,
});

const text = () => ({ type: ['string', 'null'] });

/**
 * A value inside a repeater row (`nested`) is shown as stored, but for media: a reference
 * there stays its id, a menu keeps no paths.
 */
const SHOWN: { readonly [T in FieldType]: (field: FieldOf<T>, nested: boolean) => JsonSchema } = {
  text,
  textarea: text,
  slug: text,
  email: text,
  url: text,
  color: text,
  richtext: (f) => ({ type: ['string', 'null'], description: 'HTML, sanitised against an allow-list', ...(f.maxLength ? { maxLength: f.maxLength } : {}) }),
  number: () => ({ type: ['number', 'null'] }),
  integer: () => ({ type: ['integer', 'null'] }),
  boolean: () => ({ type: ['boolean', 'null'] }),
  select: (f) => ({ enum: [...f.options.map((o) => o.value), null] }),
  date: () => ({ type: ['string', 'null'], format: 'date' }),
  datetime: () => ({ type: ['string', 'null'], format: 'date-time' }),
  time: () => ({ type: ['string', 'null'], pattern: '^\\d{2}:\\d{2}(:\\d{2})?$' }),
  media: () => nullable(ref('Media')),
  file: () => nullable(ref('Media')),
  mediaMany: () => ({ type: 'array', items: ref('Media') }),
  fk: (_f, nested) => (nested ? { type: ['integer', 'null'] } : nullable(ref('Reference'))),
  m2m: (_f, nested) => ({ type: 'array', items: nested ? { type: 'integer' } : ref('Reference') }),
  repeater: (f) => ({
    type: 'array',
    items: closed(Object.fromEntries(Object.entries(f.fields).map(([name, sub]) => [name, publicValueSchema(sub, true)]))),
  }),
  seo: () => nullable(ref('Seo')),
  map: () => nullable(ref('Location')),
  menuTree: () => nullable({ type: 'array', items: ref('MenuNode') }),
  list: () => ({ type: ['array', 'null'], items: { type: 'string' } }),
  // Secrets never leave (declarationProblems.ts refuses them as public): no value is valid.
  password: () => false,
  permissions: () => false,
};

/** The schema of a field's value in an answer of the delivery API. */
export const publicValueSchema = (field: Field, nested = false): JsonSchema => (SHOWN[field.type] as (f: Field, nested: boolean) => JsonSchema)(field, nested);

/** The shapes the values above refer to (components.schemas). */
export const VALUE_SCHEMAS: Record<string, JsonSchema> = {
  Media: closed(
    {
      id: { type: 'integer' },
      url: { type: 'string', description: 'Path on the site’s own domain' },
      thumbnail_url: { type: ['string', 'null'] },
      web_url: { type: ['string', 'null'] },
      mime_type: { type: 'string' },
      width: { type: ['integer', 'null'] },
      height: { type: ['integer', 'null'] },
      srcset: {
        type: ['string', 'null'],
        description: 'For raster images: renditions by width (`<path> <width>w, …`) for an <img srcset>, cropped nowhere, in the configured presets',
      },
      title: { type: 'string', description: 'In the asked language, else the site’s default language' },
      alt: { type: 'string', description: 'In the asked language, else the site’s default language' },
    },
    { description: 'A media item of the site' },
  ),
  Reference: closed(
    {
      id: { type: 'integer' },
      title: { type: 'string' },
      slug: { type: ['string', 'null'] },
      path: { type: ['string', 'null'], description: 'Its page on the site, where its collection has pages' },
    },
    { description: 'A public row of another collection (a row that is not public shows as null, or not at all in a list)' },
  ),
  Seo: closed({ title: { type: 'string' }, description: { type: 'string' }, slug: { type: 'string' } }),
  Location: closed({ lat: { type: 'number' }, lng: { type: 'number' } }),
  MenuNode: {
    type: 'object',
    properties: {
      id: { type: 'string' },
      label: { type: 'string' },
      page: { type: 'string', description: 'A site page’s key' },
      path: { type: 'string', description: 'The site page’s path in the asked language' },
      url: { type: 'string' },
      new_tab: { type: 'boolean' },
      children: { type: 'array', items: ref('MenuNode') },
    },
    required: ['label', 'children'],
    additionalProperties: false,
  },
};
