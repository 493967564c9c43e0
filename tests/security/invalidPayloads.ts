/**
 * Generators of bodies a write endpoint must refuse, each with the field path the refusal
 * must name: from the entity declarations (entities/fieldTypes/ `invalidSamples`),
 * from the body schemas of the hand-written routes, and, for any route at all, bodies that
 * are not JSON objects.
 */
import fc from 'fast-check';
import type { EntityDef } from '../../entities/define.js';
import { isLanguage } from '../../locales/languages.js';
import { invalidSamples } from '../../entities/fieldTypes/index.js';
import type { Method } from './routeTable.js';

/** One invalid value put into a body, and where the server must say so. */
export interface Fault {
  path: string;
  why: string;
  put(body: Record<string, any>): void;
}

/** Every invalid sample of every writable field of an entity, placed as a client would send it. */
export function entityFaults(entity: EntityDef, language: string): Fault[] {
  const out: Fault[] = [];
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.readOnly) continue;
    for (const s of invalidSamples(field)) {
      const path = (field.translated ? `translations.${language}.${name}` : name) + s.at;
      out.push({
        path,
        why: `${name} ${s.why}`,
        put(body) {
          if (!field.translated) body[name] = structuredClone(s.value);
          else {
            body.translations = { ...(body.translations ?? {}) };
            body.translations[language] = { ...(body.translations[language] ?? {}), [name]: structuredClone(s.value) };
          }
        },
      });
    }
  }
  return out;
}

const junkObject = fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.integer(), fc.string({ maxLength: 6 })), { maxKeys: 3 });
const notAString = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }),
  junkObject,
);
const tooLong = (max: number) => fc.integer({ min: max + 1, max: max + 40 }).map((n) => 'x'.repeat(n));
const blank = fc.constantFrom('', ' ', '   ', '\t', '\n \n');

/** A required text of at most `max` characters, not blank. */
const badRequiredText = (max: number) => fc.oneof(notAString, tooLong(max), blank);
const badOptionalText = (max: number) => fc.oneof(notAString, tooLong(max));
/** A primary key: a positive integer, or its digits; '' and null mean none. */
const badPk = fc.oneof(
  fc.integer({ max: 0 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Number.isInteger(d)),
  fc.constant(2 ** 31),
  fc.boolean(),
  fc.string({ maxLength: 8 }).filter((s) => s !== '' && !/^\d{1,10}$/.test(s)),
  fc.constantFrom('0', '-1', '1.5', '1e3'),
  fc.array(fc.integer(), { maxLength: 2 }),
  junkObject,
);
const badVersion = fc.oneof(
  fc.integer({ max: 0 }),
  fc.double({ noNaN: true }).filter((d) => !Number.isInteger(d)),
  fc.string({ maxLength: 5 }),
  fc.boolean(),
  fc.constant(null),
);
const badLanguage = fc.oneof(
  fc.string({ maxLength: 6 }).filter((s) => !isLanguage(s)),
  fc.integer(),
  fc.constant(null),
);
const badTranslations = fc.oneof(
  fc.string({ maxLength: 5 }),
  fc.integer(),
  fc.array(fc.string(), { maxLength: 2 }),
  fc
    .string({ minLength: 1, maxLength: 6 })
    .filter((s) => !isLanguage(s) && s !== '__proto__')
    .map((k) => ({ [k]: {} })),
  notAString.map((title) => ({ it: { title } })),
);

/** An optional field of a declaration: null means empty there, as for every entity field. */
const badAccountText = (max: number) => badOptionalText(max).filter((v) => v !== null);

/** Ids for a bulk delete that name nothing valid. */
export const badIds = fc.oneof(
  notAString.filter((v) => !Array.isArray(v)),
  fc.constant([]),
  fc.array(
    fc.oneof(
      fc.integer({ max: 0 }),
      fc.string({ maxLength: 4 }),
      fc.boolean(),
      fc.constant(null),
      fc.double({ noNaN: true }).filter((d) => !Number.isInteger(d)),
    ),
    {
      minLength: 1,
      maxLength: 4,
    },
  ),
);

export interface HandWritten {
  match: RegExp;
  methods: Method[];
  /** A body the route would accept, into which one field is spoiled. */
  base(version: number | undefined): Record<string, unknown>;
  fields: Record<string, fc.Arbitrary<unknown>>;
}

/** The body schemas of the hand-written routes (server/routes/*.ts), as bad values per field. */
export const HAND_WRITTEN: HandWritten[] = [
  {
    match: /^\/api\/auth\/login$/,
    methods: ['POST'],
    base: () => ({ username: 'admin', password: 'not the password' }),
    fields: { username: badRequiredText(150), password: badRequiredText(1024) },
  },
  {
    match: /^\/api\/media-folders$/,
    methods: ['POST'],
    base: () => ({ title: 'A folder' }),
    fields: { title: badRequiredText(255), parent: badPk },
  },
  {
    match: /^\/api\/media-folders\/:id$/,
    methods: ['PUT', 'PATCH'],
    base: (version) => ({ version }),
    fields: { title: badRequiredText(255), parent: badPk, version: badVersion },
  },
  {
    match: /^\/api\/media\/:id$/,
    methods: ['PUT', 'PATCH'],
    base: (version) => ({ version }),
    fields: {
      title: badOptionalText(255),
      alt_text: badOptionalText(1000),
      description: badOptionalText(10_000),
      folder: badPk,
      language_code: badLanguage,
      translations: badTranslations,
      version: badVersion,
    },
  },
  {
    match: /^\/api\/media\/move$/,
    methods: ['POST'],
    base: () => ({ ids: [1], folder: null }),
    fields: { ids: badIds, folder: badPk },
  },
  {
    // Site API keys (server/routes/siteKeys.ts): without a site, every refusal names `tenant` too.
    match: /^\/api\/siteKeys\/$/,
    methods: ['POST'],
    base: () => ({ name: 'Suite key' }),
    fields: { name: badRequiredText(100), tenant: badPk },
  },
  {
    // Accounts (server/routes/users.ts): a dealer user on /tenantUsers/ also needs its site, named alongside.
    match: /^\/api\/(users|tenantUsers)\/$/,
    methods: ['POST'],
    base: () => ({ username: 'suite.newcomer', password: 'Trattore-Rosso-2026' }),
    fields: { username: badRequiredText(150), first_name: badAccountText(150), last_name: badAccountText(150), email: badAccountText(254) },
  },
  {
    match: /^\/api\/(users|tenantUsers)\/:id\/$/,
    methods: ['PUT', 'PATCH'],
    base: (version) => ({ version }),
    fields: {
      username: badRequiredText(150),
      first_name: badAccountText(150),
      last_name: badAccountText(150),
      email: badAccountText(254),
      version: badVersion,
    },
  },
];

export const handWrittenFor = (url: string, method: Method) => {
  const u = url.replace(/^\/backoffice\/api\//, '/api/');
  return HAND_WRITTEN.find((h) => h.match.test(u) && h.methods.includes(method));
};

/** A JSON body that is no object at all: every write endpoint must refuse it. */
export const notAnObject = fc.oneof(fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }), fc.integer(), fc.string({ maxLength: 20 }), fc.boolean());
