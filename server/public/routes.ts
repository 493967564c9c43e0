/**
 * The delivery API (`/api/public/v1/`): read-only JSON of one dealer site for its website,
 * every answer in a stated language and cacheable (cache.ts). The route's guard resolves the
 * site (access `delivery`, siteOfRequest.ts); nothing here reads a session or sets a cookie.
 *   GET site                      the site: name, languages, contacts, logo, colours, menu …
 *   GET pages/<key>               one of the twelve site pages
 *   GET <collection>/             a public list (lang, page, items, sort, search, fltr)
 *   GET <collection>/<slug>       one public row (slug-less entities: its id)
 *   GET route?path=               what a path of the website shows, with its alternates
 *   GET openapi.json              the OpenAPI 3.1 document of all of the above (openapi/)
 * Each but the document takes `preview=<token>`: a draft's preview link (preview.ts), never cached.
 * and, at the host's root, robots.txt and the sitemaps (sitemap/routes.ts).
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { EntityDef } from '../../entities/define.js';
import { withAccess } from '../access.js';
import { fieldError, notFound } from '../errors.js';
import { guardedSite } from '../guards.js';
import { type EngineContext, hasTable } from '../entities/context.js';
import { MEDIA_TABLE } from '../entities/references.js';
import { sharedRegistry } from '../entities/registry.js';
import { siteOf } from '../entities/routes.js';
import type { ZodProvider } from '../schemas.js';
import type { PreviewGrant } from '../services/previewTokens.js';
import { type Answer, sendFixed, sendPublic } from './cache.js';
import { publicList, type PublicEntity, rowBySlug } from './collections.js';
import { OPENAPI_PATH, openApiDocument } from './openapi/document.js';
import { emptyQuery, langQuery, listQuery, pageParams, routeQuery, slugParams } from './params.js';
import { previewGrant, sendPreview } from './preview.js';
import { publicRateLimit } from './rateLimit.js';
import { resolvePath } from './route.js';
import { publicPage, publicSite } from './site.js';
import sitemaps from './sitemap/routes.js';
import { momentAt } from './visibility.js';

export const PUBLIC_API = '/api/public/v1';

export interface DeliveryOptions {
  /** Where a redirected path of the site leads (issue 15 point 4), if anywhere. */
  findRedirect?: (ctx: EngineContext, path: string) => Promise<string | undefined>;
}

const DELIVERY = withAccess({ kind: 'delivery' });

export const publicEntities = (entities: readonly EntityDef[]): PublicEntity[] =>
  entities.filter((e): e is PublicEntity => e.public?.collection !== undefined && !e.singleton);

const delivery: FastifyPluginAsync<DeliveryOptions> = async (fastify, opts) => {
  const app = fastify.withTypeProvider<ZodProvider>();
  const registry = sharedRegistry();
  const entities = publicEntities(registry.entities);
  let media: boolean | undefined;
  const limit = publicRateLimit(app);
  if (limit) app.addHook('onRequest', limit);
  // Inside this plugin, so under the same rate limit.
  await app.register(sitemaps, { entities });

  /** The request's engine context, language (a site language; default the site's) and moment. */
  async function open(req: FastifyRequest) {
    const site = guardedSite(req);
    media ??= await hasTable(app.db, app.dialect, MEDIA_TABLE);
    const ctx: EngineContext = { db: app.db, dialect: app.dialect, registry, site: siteOf(site), media, renditions: app.config.renditions };
    const asked = (req.query as { lang?: string }).lang;
    if (asked !== undefined && asked !== '' && !ctx.site.languages.includes(asked)) throw fieldError('lang', 'language', { value: asked.slice(0, 20) });
    return { site, ctx, lang: asked || ctx.site.default_language, at: momentAt(Date.now()), grant: await previewGrant(req, site.id) };
  }

  /** The answer through the public cache, or — for a preview — made afresh and never stored (preview.ts). */
  const send = (req: FastifyRequest, reply: FastifyReply, siteId: number, grant: PreviewGrant | undefined, make: () => Promise<Answer>) =>
    grant ? sendPreview(reply, siteId, make) : sendPublic(req, reply, siteId, make);

  let document: string | undefined;
  app.get(`${PUBLIC_API}${OPENAPI_PATH}`, { ...DELIVERY, schema: { querystring: emptyQuery } }, async (req, reply) => {
    document ??= JSON.stringify(openApiDocument(registry, entities));
    return sendFixed(req, reply, guardedSite(req).id, document);
  });

  app.get(`${PUBLIC_API}/site`, { ...DELIVERY, schema: { querystring: langQuery } }, async (req, reply) => {
    const { site, ctx, lang, at, grant } = await open(req);
    return send(req, reply, site.id, grant, async () => ({ body: await publicSite(ctx, site, lang, at, grant) }));
  });

  app.get(`${PUBLIC_API}/pages/:key`, { ...DELIVERY, schema: { params: pageParams, querystring: langQuery } }, async (req, reply) => {
    const { site, ctx, lang, at, grant } = await open(req);
    return send(req, reply, site.id, grant, async () => {
      const page = await publicPage(ctx, req.params.key, lang, at, grant);
      if (!page) throw notFound();
      return { body: { language: lang, ...page } };
    });
  });

  app.get(`${PUBLIC_API}/route`, { ...DELIVERY, schema: { querystring: routeQuery } }, async (req, reply) => {
    const { site, ctx, at, grant } = await open(req);
    const path = req.query.path;
    return send(req, reply, site.id, grant, async () => {
      // Side by side: a moved path is rare, and the path's own answer then waits for no lookup.
      const [location, found] = await Promise.all([opts.findRedirect?.(ctx, path), resolvePath(ctx, entities, path, at, grant)]);
      if (location !== undefined) return { body: { location }, location };
      if (!found) throw notFound();
      const { until, ...body } = found;
      return { body, until };
    });
  });

  for (const entity of entities) {
    const base = `${PUBLIC_API}/${entity.public.collection}`;
    app.get(`${base}/`, { ...DELIVERY, schema: { querystring: listQuery } }, async (req, reply) => {
      const { site, ctx, lang, at, grant } = await open(req);
      // A list shows live rows only; with a preview it is still never stored.
      return send(req, reply, site.id, grant, () => publicList(ctx, entity, req.query, lang, at));
    });
    app.get(`${base}/:slug`, { ...DELIVERY, schema: { params: slugParams, querystring: langQuery } }, async (req, reply) => {
      const { site, ctx, lang, at, grant } = await open(req);
      return send(req, reply, site.id, grant, async () => {
        const row = await rowBySlug(ctx, entity, req.params.slug, lang, at, grant);
        if (!row) throw notFound();
        return { body: { language: lang, item: row.item, alternates: row.alternates }, until: row.until };
      });
    });
  }
};

export default delivery;
