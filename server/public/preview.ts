/**
 * `?preview=<token>` on the delivery API (issue 16): a token signed for this site
 * (server/services/previewTokens.ts) makes the answer about its row show the row's pending
 * draft — or the row as it is, public or not, when it has none — instead of the live public
 * version. A token that does not verify (tampered, expired) answers 401, one of another site
 * 403; on any other row or collection it changes nothing. Every answer to a request
 * carrying a token is private and unstored: never in the response cache, nor in a browser's
 * or CDN's, so a preview cannot leak into what visitors get.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EntityDef, PublicDef } from '../../entities/define.js';
import type { EngineContext } from '../entities/context.js';
import { pendingDraft } from '../entities/drafts/store.js';
import { loadRecord, type Loaded } from '../entities/read.js';
import { forbidden, unauthorized } from '../errors.js';
import { type PreviewGrant, verifyPreview } from '../services/previewTokens.js';
import type { Answer } from './cache.js';

export async function previewGrant(req: FastifyRequest, siteId: number): Promise<PreviewGrant | undefined> {
  const token = (req.query as { preview?: string }).preview;
  if (token === undefined) return undefined;
  const grant = await verifyPreview(req.server.db, token, Date.now());
  if (!grant) throw unauthorized('This preview link is not valid or has expired.');
  if (grant.site !== siteId) throw forbidden('This preview link is for another site.');
  return grant;
}

/** The row the grant names, with its pending draft's values when it has one; undefined when the grant is about another entity or the row is gone. */
export async function previewed(ctx: EngineContext, entity: EntityDef & { public: PublicDef }, grant: PreviewGrant): Promise<Loaded | undefined> {
  if (grant.model !== entity.name) return undefined;
  const live = await loadRecord(ctx, entity, grant.id);
  if (!live) return undefined;
  const draft = await pendingDraft(ctx, entity, grant.id);
  return draft ? { row: live.row, record: draft.record } : live;
}

/** An answer made for a preview request: sent as is, never stored; it names its site as every answer does. */
export async function sendPreview(reply: FastifyReply, siteId: number, make: () => Promise<Answer>): Promise<FastifyReply> {
  const answer = await make();
  const tag = `site-${siteId}`;
  reply.header('cache-control', 'private, no-store').header('surrogate-key', tag).header('cache-tag', tag);
  if (answer.location !== undefined) return reply.code(301).header('location', answer.location).send(answer.body);
  return reply.send(answer.body);
}
