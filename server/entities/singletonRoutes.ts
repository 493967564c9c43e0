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
import type { EntityDef } from '../../entities/define.js';
import type { Action } from '../../entities/permissions.js';
import type { Access } from '../access.js';
import { notFound } from '../errors.js';
import type { EngineContext } from './context.js';
import { loadRecord, presentDetail } from './read.js';
import { ensureSingleton } from './singleton.js';
import { updateRecord } from './write.js';

export interface SingletonRouteHelpers {
  context: (req: FastifyRequest, entity: EntityDef, action: Action) => Promise<EngineContext>;
  languageOf: (req: FastifyRequest, ctx: EngineContext) => string | undefined;
  versionOf: (req: FastifyRequest) => number | undefined;
}

/** Who may call: the permission, or for a superuser-only entity a rule the security suite cannot derive. */
function accessOf(entity: EntityDef, action: Action): { config: { access: Access } } {
  const access: Access = entity.superuserOnly
    ? { kind: 'custom', rule: `superusers only; anyone else signed in on the site gets 404 (${action}_${entity.model})` }
    : { kind: 'permission', model: entity.model, action, scope: entity.scope };
  return { config: { access } };
}

export function registerSingletonRoutes(app: FastifyInstance, entity: EntityDef, h: SingletonRouteHelpers) {
  const url = `/api${entity.path}/`;

  app.get(url, accessOf(entity, 'view'), async (req, reply) => {
    const ctx = await h.context(req, entity, 'view');
    const language = h.languageOf(req, ctx) ?? ctx.site.default_language;
    const loaded = await loadRecord(ctx, entity, await ensureSingleton(ctx, entity));
    if (!loaded) throw notFound();
    const row = await presentDetail(ctx, entity, loaded, language);
    return reply.header('etag', `"${row.version}"`).send(row);
  });

  const update = (partial: boolean) => async (req: FastifyRequest, reply: FastifyReply) => {
    const ctx = await h.context(req, entity, 'change');
    const id = await ensureSingleton(ctx, entity);
    const row = await updateRecord(ctx, entity, id, req.body, { partial, version: h.versionOf(req), languageCode: h.languageOf(req, ctx) });
    return reply.header('etag', `"${row.version}"`).send(row);
  };
  app.put(url, accessOf(entity, 'change'), update(false));
  app.patch(url, accessOf(entity, 'change'), update(true));
}
