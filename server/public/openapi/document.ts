/**
 * The OpenAPI 3.1 document of the delivery API (issue 15 point 6), generated: the answers'
 * schemas from the entity declarations (answers.ts, values.ts), the parameters from the zod
 * schemas the routes check requests with (params.ts, through zod's own `toJSONSchema`),
 * narrowed by each collection's public declaration (its sort keys, filters and search).
 * Served at `/api/public/v1/openapi.json` (routes.ts).
 */
import { z } from 'zod';
import { SITE_PAGE_KEYS } from '../../../entities/sitePages/keys.js';
import { MAX_PAGE_SIZE } from '../../entities/list/query.js';
import type { Registry } from '../../entities/registry.js';
import type { PublicEntity } from '../collections.js';
import { langQuery, listQuery, pageParams, routeQuery, slugParams } from '../params.js';
import { answerSchemas, itemName } from './answers.js';
import { type JsonSchema, ref, VALUE_SCHEMAS } from './values.js';

export const OPENAPI_PATH = '/openapi.json';

type Parameter = { name: string; in: 'query' | 'path'; required: boolean; schema: JsonSchema; description?: string };

const PARAMETER_TEXT: Record<string, string> = {
  lang: 'A language of the site; default the site’s default language (another one: 400)',
  page: 'Page number, from 1',
  items: `Rows per page, 1 to ${MAX_PAGE_SIZE} (default 10)`,
  path: 'A path of the public site, `/` and the language first, e.g. `/it/prodotti/deutz-fahr-5080`',
  key: 'A site page',
  slug: 'The row’s slug in the asked language (or the default one); for a collection without slugs, its id',
  preview:
    'A preview token from the back office: the row it names answers its pending draft (found by its live or draft slug or path); the answer is `private, no-store`. Expired or altered: 401; another site’s: 403',
};

/** A zod object schema as OpenAPI parameters, one per property. */
function parametersOf(schema: z.ZodObject, where: 'query' | 'path'): Parameter[] {
  const json = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' }) as { properties: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: s,
    ...(PARAMETER_TEXT[name] ? { description: PARAMETER_TEXT[name] } : {}),
  }));
}

/** A collection's list parameters: the route's, with what its declaration allows spelled out. */
function listParameters(e: PublicEntity): Parameter[] {
  const def = e.public;
  const sortKeys = ['id', ...(def.sortable ?? [])];
  const text: Record<string, string> = {
    sort: `Up to 3 keys, comma-separated, \`-\` first for descending: ${sortKeys.map((k) => `\`${k}\``).join(', ')} (another: 400)`,
    search: 'Words the rows’ text starts with',
    fltr: def.filters?.length
      ? `\`<field>=<value>\`, repeatable (up to 10): ${def.filters.map((f) => `\`${f}\``).join(', ')}`
      : 'No filter is public on this collection (any: 400)',
  };
  return parametersOf(listQuery, 'query')
    .filter((p) => p.name !== 'search' || def.search)
    .map((p) => (text[p.name] ? { ...p, description: text[p.name] } : p));
}

const IF_NONE_MATCH = { $ref: '#/components/parameters/IfNoneMatch' };
const header = (description: string, required = false) => ({ description, required, schema: { type: 'string' } });
const HEADERS = {
  ETag: header('Changes with any change of the site’s content, and when a dated row enters or leaves its window'),
  CacheControl: header('`public, max-age=…, stale-while-revalidate=…`, never past the next moment a dated row appears or goes', true),
  SurrogateKey: header('`site-<id>`: purge one site from a CDN', true),
  CacheTag: header('`site-<id>`, as Surrogate-Key', true),
  RetryAfter: header('Seconds to wait', true),
  Location: header('Where the path now is', true),
};
const cached = {
  ETag: { $ref: '#/components/headers/ETag' },
  'Cache-Control': { $ref: '#/components/headers/CacheControl' },
  'Surrogate-Key': { $ref: '#/components/headers/SurrogateKey' },
  'Cache-Tag': { $ref: '#/components/headers/CacheTag' },
};
const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const problem = (description: string, headers?: Record<string, unknown>) => ({ description, ...(headers ? { headers } : {}), content: json(ref('Error')) });

const RESPONSES = {
  NotModified: { description: 'The answer named by If-None-Match is still true', headers: cached },
  BadRequest: { description: 'A parameter is not valid: its problems by name', content: json(ref('FieldErrors')) },
  Unauthorized: problem('The site key is unknown, revoked, or its site inactive; or the preview token is not valid or has expired'),
  Forbidden: problem('The preview token is for another site'),
  NotFound: problem('No such public page or row; or the host is not a dealer site'),
  TooManyRequests: problem('Too many requests from this address, or with this site key, this minute', {
    'Retry-After': { $ref: '#/components/headers/RetryAfter' },
  }),
  Unavailable: problem('A backing service is unavailable', { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } }),
};

/** An operation answering `schema`, cacheable, with the errors every delivery route may give. */
function operation(operationId: string, summary: string, parameters: unknown[], schema: JsonSchema, more: Record<string, unknown> = {}) {
  return {
    get: {
      operationId,
      summary,
      parameters: [...parameters, IF_NONE_MATCH],
      responses: {
        '200': { description: 'The answer', headers: cached, content: json(schema) },
        ...more,
        '304': { $ref: '#/components/responses/NotModified' },
        '400': { $ref: '#/components/responses/BadRequest' },
        '401': { $ref: '#/components/responses/Unauthorized' },
        '403': { $ref: '#/components/responses/Forbidden' },
        '404': { $ref: '#/components/responses/NotFound' },
        '429': { $ref: '#/components/responses/TooManyRequests' },
        '503': { $ref: '#/components/responses/Unavailable' },
      },
    },
  };
}

export function openApiDocument(registry: Registry, entities: readonly PublicEntity[]) {
  const lang = parametersOf(langQuery, 'query');
  const paths: Record<string, unknown> = {
    '/site': operation('site', 'The site: name, languages, contacts, location, logo, colours, social links, menu, opening hours', lang, ref('Site')),
    '/pages/{key}': operation('page', `A site page: ${SITE_PAGE_KEYS.join(', ')}`, [...parametersOf(pageParams, 'path'), ...lang], ref('SitePage')),
    '/route': operation('route', 'What a path of the public site shows, with its alternates', parametersOf(routeQuery, 'query'), ref('Route'), {
      '301': {
        description: 'The path was moved: where it is now',
        headers: { Location: { $ref: '#/components/headers/Location' } },
        content: json({ type: 'object', properties: { location: { type: 'string' } }, required: ['location'], additionalProperties: false }),
      },
    }),
  };
  for (const e of entities) {
    const name = itemName(e);
    paths[`/${e.public.collection}/`] = operation(`list${name}`, `Public ${e.public.collection}, a page at a time`, listParameters(e), ref(`${name}List`));
    paths[`/${e.public.collection}/{slug}`] = operation(
      `get${name}`,
      `One public row of ${e.public.collection}`,
      [...parametersOf(slugParams, 'path'), ...lang],
      ref(`${name}Detail`),
    );
  }
  paths[OPENAPI_PATH] = operation('openapi', 'This document', [], { type: 'object', required: ['openapi', 'info', 'paths'] });
  return {
    openapi: '3.1.0',
    info: {
      title: 'Dealer site delivery API',
      version: '1',
      description:
        'The published content of one dealer site, read-only, for its website. The site is the request’s host (a dealer domain or alias) or, with `Authorization: Bearer <site key>`, the key’s site whatever the host. Answers are cacheable: revalidate with If-None-Match.',
    },
    servers: [{ url: '/api/public/v1', description: 'On a dealer site’s own domain, or any host with a site key' }],
    security: [{}, { siteKey: [] }],
    paths,
    components: {
      securitySchemes: { siteKey: { type: 'http', scheme: 'bearer', description: 'A site API key (`dbk_…`), made in the master back-office' } },
      parameters: {
        IfNoneMatch: {
          name: 'If-None-Match',
          in: 'header',
          required: false,
          schema: { type: 'string' },
          description: 'The ETag of an earlier answer: 304 while it is still true',
        },
      },
      headers: HEADERS,
      responses: RESPONSES,
      schemas: {
        Error: { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'], additionalProperties: false },
        FieldErrors: { type: 'object', minProperties: 1, additionalProperties: { type: 'array', items: { type: 'string' } } },
        ...VALUE_SCHEMAS,
        ...answerSchemas(registry, entities),
      },
    },
  };
}
