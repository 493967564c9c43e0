/**
 * `POST /api<path>/:id/schedule/ {publish_at?, unpublish_at?, version}` (permission `change`):
 * a row's scheduled publish and unpublish set (a moment) or cleared (null), over the row's
 * version (body or If-Match; 409 when stale). A collection route of the CRUD route builder.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { EntityDef } from '../../../entities/define.js';
import { notFound } from '../../errors.js';
import { operation, versionOf } from '../../routes/crud.js';
import { objectOf } from '../../schemas.js';
import type { EngineContext } from '../context.js';
import { setSchedule } from './store.js';

const scheduleBody = objectOf({ publish_at: z.unknown().optional(), unpublish_at: z.unknown().optional(), version: z.unknown().optional() });

export function scheduleRoute(entity: EntityDef, languageOf: (req: FastifyRequest, ctx: EngineContext) => string | undefined) {
  return {
    methods: ['POST' as const],
    path: '/schedule',
    action: 'change' as const,
    row: true as const,
    op: operation(
      { querystring: z.object({ language_code: z.string().optional() }), body: scheduleBody },
      async (ctx: EngineContext, req, id: number, reply: FastifyReply) => {
        // A row is scheduled in its own site, as it is drafted (not from a master list across sites).
        if (ctx.span !== undefined) throw notFound();
        const row = await setSchedule(ctx, entity, id, req.body, versionOf(req), languageOf(req, ctx) ?? ctx.site.default_language);
        req.server.scheduler.nudge();
        return reply.header('etag', `"${String((row as { version?: unknown }).version)}"`).send(row);
      },
    ),
  };
}
