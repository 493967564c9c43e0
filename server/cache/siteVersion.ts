/**
 * The site's data version (dataVersions.ts) as a kept answer is checked against it on every
 * request: the delivery API's (public/cache.ts, public/replay.ts) and the media files kept in
 * memory (services/media/serve.ts). On PostgreSQL it is remembered until the change feed
 * hears of any change; elsewhere it is read once an event-loop turn.
 */
import type { FastifyInstance } from 'fastify';
import { dataVersionOf, dataVersionThisTurn } from './dataVersions.js';

const memo = new WeakMap<FastifyInstance, Map<number, { version: string | undefined; generation: number }>>();

export async function siteVersion(app: FastifyInstance, tenantId: number): Promise<string | undefined> {
  const cache = app.accessCache;
  const trusted = () => app.changeFeed?.trusted === true;
  if (!cache) return dataVersionThisTurn(app.db, tenantId);
  let versions = memo.get(app);
  if (!versions) {
    versions = new Map();
    memo.set(app, versions);
  }
  const generation = cache.generation;
  const hit = versions.get(tenantId);
  if (hit && hit.generation === generation && trusted()) return hit.version;
  const version = await dataVersionOf(app.db, tenantId);
  if (cache.generation === generation && trusted()) versions.set(tenantId, { version, generation });
  return version;
}
