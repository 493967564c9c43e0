/**
 * The history and the bin of an entity (issue 16), beside its CRUD routes:
 *
 *   GET  /api<path>/:id/revisions/                 view    the row's revisions, newest first (keyset pages)
 *   GET  /api<path>/:id/revisions/:rev/            view    one, with its diff against the one before
 *   POST /api<path>/:id/revisions/:rev/restore/    change  its values written anew; `version` (body or If-Match) as an update
 *   GET  /api<path>/bin/                           view    deleted rows still restorable
 *   POST /api<path>/bin/:rev/restore/              add     a deleted row back, with its id
 *
 * A row's history is reached as the row is (another site's: 404); the bin holds the deletes
 * of the sites the context reaches. Reads and writes are the engine's.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { EntityDef } from '../../../entities/define.js';
import { keysetQuery } from '../../activity/paging.js';
import { forReader, pageForReader } from '../../activity/present.js';
import { notFound } from '../../errors.js';
import { signedIn } from '../../guards.js';
import { entityAccess, versionOf } from '../../routes/crud.js';
import { idParams, nothing, objectOf, type ZodProvider } from '../../schemas.js';
import type { EngineContext } from '../context.js';
import { listBin, listRevisions, reachesRow, readRevision } from './read.js';
import { restoreFromBin, restoreRevision } from './restore.js';

export interface RevisionRouteHelpers {
  context: (req: FastifyRequest) => Promise<EngineContext>;
  languageOf: (req: FastifyRequest, ctx: EngineContext) => string | undefined;
}

const language = { language_code: z.string().optional() };
const pageQuery = z.object({ ...keysetQuery });
const revParams = idParams.extend({ rev: idParams.shape.id });
const revOnly = z.object({ rev: idParams.shape.id });
/** A restore writes the revision's values, not the body's: the body (an object, or none) may carry only the row's `version`. */
const restoreBody = objectOf({ version: z.unknown().optional() });

export function registerRevisionRoutes(fastify: FastifyInstance, entity: EntityDef, h: RevisionRouteHelpers) {
  const app = fastify.withTypeProvider<ZodProvider>();
  const base = `/api${entity.path}`;
  const reached = async (req: FastifyRequest, id: number) => {
    const ctx = await h.context(req);
    if (!(await reachesRow(ctx, entity, id))) throw notFound();
    return ctx;
  };
  const lang = (req: FastifyRequest, ctx: EngineContext) => h.languageOf(req, ctx) ?? ctx.site.default_language;

  app.get(`${base}/:id/revisions/`, { ...entityAccess(entity, 'view'), schema: { params: idParams, querystring: pageQuery } }, async (req) =>
    pageForReader(signedIn(req).user, await listRevisions(await reached(req, req.params.id), entity, req.params.id, req.query)),
  );

  app.get(`${base}/:id/revisions/:rev/`, { ...entityAccess(entity, 'view'), schema: { params: revParams, querystring: nothing } }, async (req) => {
    const found = await readRevision(await reached(req, req.params.id), entity, req.params.id, req.params.rev);
    if (!found) throw notFound();
    return forReader(signedIn(req).user, found);
  });

  app.post(
    `${base}/:id/revisions/:rev/restore/`,
    { ...entityAccess(entity, 'change'), schema: { params: revParams, querystring: z.object(language), body: restoreBody } },
    async (req, reply) => {
      const ctx = await reached(req, req.params.id);
      const row = await restoreRevision(ctx, entity, req.params.id, req.params.rev, versionOf(req), lang(req, ctx));
      return reply.header('etag', `"${row.version}"`).send(row);
    },
  );

  app.get(`${base}/bin/`, { ...entityAccess(entity, 'view'), schema: { querystring: pageQuery } }, async (req) =>
    pageForReader(signedIn(req).user, await listBin(await h.context(req), entity, req.query)),
  );

  app.post(
    `${base}/bin/:rev/restore/`,
    { ...entityAccess(entity, 'add'), schema: { params: revOnly, querystring: z.object(language), body: objectOf({}) } },
    async (req, reply) => {
      const ctx = await h.context(req);
      const row = await restoreFromBin(ctx, entity, req.params.rev, lang(req, ctx));
      return reply.code(201).header('etag', `"${row.version}"`).send(row);
    },
  );
}
