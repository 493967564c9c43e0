/**
 * The draft routes of an entity with drafts (entities/drafts.ts), beside its CRUD routes —
 * at `/api<path>/:id/…` for a collection, `/api<path>/…` for a site page (its site's row):
 *
 *   GET    …/draft/     view    the pending draft as the form loads it, or 404
 *   POST   …/draft/     change  the body (the form's full record) saved as the pending draft;
 *                               `version` (body or If-Match) the row's, `draft` the draft it was made from
 *   DELETE …/draft/     change  the pending draft discarded; 204
 *   POST   …/publish/   change  the pending draft written over the live row; `version` as an update
 *   POST   …/preview/   change  `{url, token, expires_at}`: a link to the row's page on the site showing the draft
 *
 * A row is reached as by its other routes (another site's: 404).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { EntityDef } from '../../../entities/define.js';
import { publicPath } from '../../../entities/publicPaths.js';
import { signedIn } from '../../guards.js';
import { pathIn } from '../../public/present.js';
import { entityAccess, versionOf } from '../../routes/crud.js';
import { entityBody, idParams, nothing, objectOf, type ZodProvider } from '../../schemas.js';
import { signPreview } from '../../services/previewTokens.js';
import type { EngineContext } from '../context.js';
import { loadRecord } from '../read.js';
import { reachesRow } from '../revisions/read.js';
import { ensureSingleton } from '../singleton.js';
import { discardDraft, draftBase, pendingDraft, publishDraft, readDraft, saveDraft } from './store.js';
import { notFound } from '../../errors.js';

export interface DraftRouteHelpers {
  context: (req: FastifyRequest) => Promise<EngineContext>;
  languageOf: (req: FastifyRequest, ctx: EngineContext) => string | undefined;
}

const languageQuery = z.object({ language_code: z.string().optional() });
/** A publish writes the draft's values, not the body's: the body (an object, or none) carries the row's `version` and the draft's id. */
const publishBody = objectOf({ version: z.unknown().optional(), draft: z.unknown().optional() });

/**
 * The row's page in `lang` (its declared path, else the site's home in that language): on the
 * site's own front-end when it has one (`preview_url`, a website hosted elsewhere), else on
 * its own domain, where the reference website answers.
 */
async function previewUrl(ctx: EngineContext, entity: EntityDef, id: number, req: FastifyRequest, lang: string) {
  const live = await loadRecord(ctx, entity, id);
  if (!live) throw notFound();
  const record = (await pendingDraft(ctx, entity, id))?.record ?? live.record;
  const path = pathIn(entity, record, id, lang) ?? publicPath('/{lang}/', lang);
  const site = await ctx.db.selectFrom('tenants').select('preview_url').where('id', '=', ctx.site.id).executeTakeFirst();
  if (site?.preview_url) return `${String(site.preview_url).replace(/\/+$/, '')}${path}`;
  // The back office on the site's own domain names it with its port (a development server's); else the primary domain.
  const { domain } = signedIn(req).site;
  return `${req.protocol}://${req.hostname === domain ? req.host : domain}${path}`;
}

export function registerDraftRoutes(fastify: FastifyInstance, entity: EntityDef, h: DraftRouteHelpers) {
  const app = fastify.withTypeProvider<ZodProvider>();
  const singleton = entity.singleton !== undefined;
  const row = singleton ? `/api${entity.path}` : `/api${entity.path}/:id`;
  const params = singleton ? {} : { params: idParams };
  /** The context and the row the request names (a site page: its site's, made on first use); 404 when not reached. */
  const open = async (req: FastifyRequest) => {
    const ctx = await h.context(req);
    const lang = h.languageOf(req, ctx) ?? ctx.site.default_language;
    if (singleton) return { ctx, lang, id: await ensureSingleton(ctx, entity) };
    const { id } = req.params as { id: number };
    if (!(await reachesRow(ctx, entity, id))) throw notFound();
    return { ctx, lang, id };
  };
  const etagged = (reply: FastifyReply, body: Record<string, unknown>) => reply.header('etag', `"${String(body.version)}"`).send(body);

  app.get(`${row}/draft/`, { ...entityAccess(entity, 'view'), schema: { ...params, querystring: languageQuery } }, async (req, reply) => {
    const { ctx, lang, id } = await open(req);
    return etagged(reply, await readDraft(ctx, entity, id, lang));
  });

  app.post(`${row}/draft/`, { ...entityAccess(entity, 'change'), schema: { ...params, querystring: languageQuery, body: entityBody } }, async (req, reply) => {
    const { ctx, lang, id } = await open(req);
    return etagged(reply, await saveDraft(ctx, entity, id, req.body, draftBase(req.body, versionOf(req)), lang));
  });

  app.delete(`${row}/draft/`, { ...entityAccess(entity, 'change'), schema: { ...params, querystring: languageQuery, body: nothing } }, async (req, reply) => {
    const { ctx, id } = await open(req);
    await discardDraft(ctx, entity, id);
    return reply.code(204).send();
  });

  app.post(
    `${row}/publish/`,
    { ...entityAccess(entity, 'change'), schema: { ...params, querystring: languageQuery, body: publishBody } },
    async (req, reply) => {
      const { ctx, lang, id } = await open(req);
      return etagged(reply, await publishDraft(ctx, entity, id, draftBase(req.body, versionOf(req)), lang));
    },
  );

  app.post(`${row}/preview/`, { ...entityAccess(entity, 'change'), schema: { ...params, querystring: languageQuery, body: objectOf({}) } }, async (req) => {
    const { ctx, lang, id } = await open(req);
    const expires = Date.now() + req.server.config.previewTokenHours * 3_600_000;
    const token = await signPreview(ctx.db, { site: ctx.site.id, model: entity.name, id, expires });
    const url = new URL(await previewUrl(ctx, entity, id, req, lang));
    url.searchParams.set('preview', token);
    return { url: url.toString(), token, expires_at: new Date(expires).toISOString() };
  });
}
