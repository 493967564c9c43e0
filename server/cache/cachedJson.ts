import type { FastifyInstance } from 'fastify';
import { dataVersionOf } from './dataVersions.js';

/**
 * The JSON of `make()` for this site and key: from the process's cache while the site's
 * data version is the one it was made at, else made, stored and returned. The version is
 * read before `make` runs, so an answer made during a write is stored under the older
 * version and is never served once the write has committed.
 */
export async function cachedJson(app: FastifyInstance, tenantId: number, key: string, make: () => Promise<unknown>): Promise<string> {
  if (!app.responseCache.enabled) return JSON.stringify(await make());
  const fullKey = `${tenantId}|${key}`;
  const version = await dataVersionOf(app.db, tenantId);
  if (version !== undefined) {
    const hit = app.responseCache.get(fullKey, version);
    if (hit !== undefined) return hit;
  }
  const body = JSON.stringify(await make());
  if (version !== undefined) app.responseCache.set(fullKey, version, body);
  return body;
}
