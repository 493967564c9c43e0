/**
 * The schemas of the delivery API's answers, generated from the declarations: each public
 * collection's row (`id`, its public fields, `fallback`), list and detail; each site page;
 * the site; what `route` resolves. They mirror what collections.ts, site.ts and route.ts
 * build, with no property beyond it (`additionalProperties: false`), so an answer that grows
 * a field its declaration does not list fails the check (tests/server/publicAnswers.ts).
 */
import { type EntityDef, fieldOf, type PublicDef } from '../../../entities/define.js';
import { tenant as tenantEntity } from '../../../entities/index.js';
import { SITE_PAGE_KEYS, type SitePageKey } from '../../../entities/sitePages/keys.js';
import { sitePageEntityName } from '../../../entities/sitePages/page.js';
import type { Registry } from '../../entities/registry.js';
import type { PublicEntity } from '../collections.js';
import { TENANT_PUBLIC } from '../site.js';
import { closed, type JsonSchema, nullable, publicValueSchema, ref } from './values.js';

const LANGUAGE = { type: 'string', description: 'The language the answer is in' };
const ALTERNATES = { type: 'object', additionalProperties: { type: 'string' }, description: 'Path on the site in each site language' };
const PATH = {
  type: ['string', 'null'],
  description: 'The row’s page on the site: in the asked language, else in the default language (its slug being only there)',
};
const pascal = (s: string) => s.replace(/(^|_)([a-z])/g, (_m, _u, c: string) => c.toUpperCase());

/** Public fields of a declaration with their schemas, and which of them may fall back to the default language. */
function publicFields(entity: Pick<EntityDef, 'name' | 'fields'>, def: PublicDef) {
  const fields = Object.fromEntries(def.fields.map((name) => [name, publicValueSchema(fieldOf(entity, name))]));
  const translated = def.fields.filter((name) => fieldOf(entity, name).translated);
  const fallback: JsonSchema = translated.length
    ? { type: 'array', items: { enum: translated }, description: 'Fields shown in the site’s default language, the asked one having none' }
    : { type: 'array', maxItems: 0 };
  return { fields, fallback };
}

/** A row as present.ts shows it: `id`, the public fields, `fallback`. */
function rowProperties(entity: Pick<EntityDef, 'name' | 'fields'>, def: PublicDef): Record<string, JsonSchema> {
  const { fields, fallback } = publicFields(entity, def);
  const path: Record<string, JsonSchema> = def.urlPattern ? { path: PATH } : {};
  return { id: { type: 'integer' }, ...fields, fallback, ...path };
}

export const itemName = (e: PublicEntity) => pascal(e.name);
export const pageName = (key: SitePageKey) => `Page${pascal(key)}`;

const pageEntity = (registry: Registry, key: SitePageKey) => registry.get(sitePageEntityName(key)) as EntityDef & { public: PublicDef };

/** A site page as publicPage() gives it, without its alternates (route's `object`). */
const pageProperties = (registry: Registry, key: SitePageKey): Record<string, JsonSchema> => ({
  key: { const: key },
  ...rowProperties(pageEntity(registry, key), pageEntity(registry, key).public),
  path: { type: 'string', description: 'The page’s path in the asked language' },
});

const PAGINATOR = {
  type: 'object',
  properties: {
    count: { type: 'integer' },
    page: { type: 'integer' },
    pages: { type: 'integer' },
    page_size: { type: 'integer' },
    has_next: { type: 'boolean' },
    has_previous: { type: 'boolean' },
    count_exact: { type: 'boolean', description: 'false when the count stopped at a cap: there are at least `count` rows' },
  },
  required: ['count', 'page', 'pages', 'page_size', 'has_next', 'has_previous'],
  additionalProperties: false,
};

/** components.schemas: every row, list, detail, page, the site and route's answer. */
export function answerSchemas(registry: Registry, entities: readonly PublicEntity[]): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = { Paginator: PAGINATOR };
  for (const e of entities) {
    const name = itemName(e);
    out[name] = closed(rowProperties(e, e.public));
    out[`${name}List`] = closed({ language: LANGUAGE, items: { type: 'array', items: ref(name) }, paginator: ref('Paginator') });
    out[`${name}Detail`] = closed({ language: LANGUAGE, item: ref(name), alternates: ALTERNATES });
  }
  for (const key of SITE_PAGE_KEYS) out[pageName(key)] = closed(pageProperties(registry, key));
  out.SitePage = {
    anyOf: SITE_PAGE_KEYS.map((key) => closed({ language: LANGUAGE, ...pageProperties(registry, key), alternates: ALTERNATES })),
  };
  out.Site = siteSchema(registry);
  out.Route = {
    anyOf: [
      closed({
        type: { const: 'page' },
        language: LANGUAGE,
        object: { anyOf: SITE_PAGE_KEYS.map((k) => ref(pageName(k))) },
        alternates: ALTERNATES,
        seo: nullable(ref('Seo')),
      }),
      ...entities
        .filter((e) => e.public.urlPattern)
        .map((e) => closed({ type: { const: e.name }, language: LANGUAGE, object: ref(itemName(e)), alternates: ALTERNATES, seo: nullable(ref('Seo')) })),
    ],
  };
  return out;
}

/** The `site` answer, as publicSite() builds it from the site, its settings and contacts pages. */
function siteSchema(registry: Registry): JsonSchema {
  const settings = pageEntity(registry, 'settings');
  const contacts = pageEntity(registry, 'contacts');
  const own = publicFields(tenantEntity, TENANT_PUBLIC).fields;
  const value = (e: EntityDef, name: string) => publicValueSchema(fieldOf(e, name));
  const texts = { type: ['string', 'null'] };
  return closed({
    language: LANGUAGE,
    name: { type: 'string' },
    domain: { type: 'string' },
    languages: { type: 'array', items: { type: 'string' } },
    default_language: { type: 'string' },
    brand_list: { type: 'array', items: { type: 'string' } },
    contacts: closed({ email: texts, phone: texts, address: texts }),
    location: own.location!,
    logo: own.logo!,
    colours: closed({ primary: value(settings, 'primary_color'), secondary: value(settings, 'secondary_color') }),
    social_links: value(settings, 'social_links'),
    menu: { type: 'array', items: ref('MenuNode') },
    footer_text: value(settings, 'footer_text'),
    opening_hours: value(contacts, 'opening_hours'),
    fallback: { type: 'array', items: { type: 'string' } },
  });
}
