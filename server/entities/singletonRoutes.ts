/**
 * The API of a singleton entity (one row per site, e.g. a site page):
 *
 *   GET    /api<path>/     read   (view)    the site's row, made on first read; + ETag
 *   PUT    /api<path>/     update (change)  full; version in body or If-Match, 409 when stale
 *   PATCH  /api<path>/     update (change)  partial
 *
 * No create, list or delete: the row exists as long as its site. Reads and writes are
 * the engine's (read.ts, write.ts), so validation, translations and write hooks are the
 * same as for any entity.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { EntityDef } from '../../entities/define.js';
import { notFound } from '../errors.js';
import { entityAccess, versionOf } from '../routes/crud.js';
import { entityBody, type ZodProvider } from '../schemas.js';
import type { EngineContext } from './context.js';
import { hasDrafts } from '../../entities/drafts.js';
import { pendingDraft } from './drafts/store.js';
import { loadRecord, presentDetail } from './read.js';
import { ensureSingleton } from './singleton.js';
import { updateRecord } from './write.js';

export interface SingletonRouteHelpers {
  context: (req: FastifyRequest) => Promise<EngineContext>;
  languageOf: (req: FastifyRequest, ctx: EngineContext) => string | undefined;
  /** The query string the routes declare. */
  query: z.ZodType;
}

export function registerSingletonRoutes(fastify: FastifyInstance, entity: EntityDef, h: SingletonRouteHelpers) {
  const app = fastify.withTypeProvider<ZodProvider>();
  const url = `/api${entity.path}/`;

  app.get(url, { ...entityAccess(entity, 'view'), schema: { querystring: h.query } }, async (req, reply) => {
    const ctx = await h.context(req);
    const language = h.languageOf(req, ctx) ?? ctx.site.default_language;
    const loaded = await loadRecord(ctx, entity, await ensureSingleton(ctx, entity));
    if (!loaded) throw notFound();
    const row = await presentDetail(ctx, entity, loaded, language);
    const drafted = hasDrafts(entity) && (await pendingDraft(ctx, entity, Number(loaded.row.id))) !== undefined;
    return reply.header('etag', `"${row.version}"`).send(hasDrafts(entity) ? { ...row, has_draft: drafted } : row);
  });

  const update = (partial: boolean) => async (req: FastifyRequest, reply: FastifyReply) => {
    const ctx = await h.context(req);
    const id = await ensureSingleton(ctx, entity);
    const row = await updateRecord(ctx, entity, id, req.body, { partial, version: versionOf(req), languageCode: h.languageOf(req, ctx) });
    // Just written: its write is the row's newest entry, so no draft is pending (drafts/store.ts).
    return reply.header('etag', `"${row.version}"`).send(hasDrafts(entity) ? { ...row, has_draft: false } : row);
  };
  const write = { ...entityAccess(entity, 'change'), schema: { querystring: h.query, body: entityBody } };
  app.put(url, write, update(false));
  app.patch(url, write, update(true));
}
