import type { FastifyReply, FastifyRequest } from 'fastify';
import { dataVersionOf } from './dataVersions.js';

/**
 * Sends the JSON of `make()` for this site and key: from the process's cache while the
 * site's data version is the one it was made at, else made, stored and sent. The version
 * is read before `make` runs, so an answer made during a write is stored under the older
 * version and is never served once the write has committed.
 */
export async function sendCachedJson(reply: FastifyReply, tenantId: number, key: string, make: () => Promise<unknown>): Promise<FastifyReply> {
  const { responseCache } = reply.server;
  const version = responseCache.enabled ? await versionFor(reply.request, tenantId) : undefined;
  const fullKey = `${tenantId}|${key}`;
  let body = version === undefined ? undefined : responseCache.get(fullKey, version);
  if (body === undefined) {
    body = JSON.stringify(await make());
    if (version !== undefined) responseCache.set(fullKey, version, body);
  }
  return reply.type('application/json; charset=utf-8').send(body);
}

/**
 * The version the route's permission guard read with the session (server/guards.ts; its
 * codenames mark it; undefined when nothing of the site was written yet) when it was this
 * site's; else read now.
 */
function versionFor(req: FastifyRequest, tenantId: number): Promise<string | undefined> {
  const g = req.guarded;
  return g?.codenames && g.site.id === tenantId ? Promise.resolve(g.dataVersion) : dataVersionOf(req.server.db, tenantId);
}
