import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerKey, siteIdForKey } from '../services/siteKeys.js';

const memo = new WeakMap<FastifyRequest, Promise<number | undefined>>();

/**
 * The dealer site whose key the request bears (`Authorization: Bearer <key>`), looked up
 * once per request whoever asks (CORS, the delivery routes); undefined without a valid key.
 */
export function keySiteOf(app: FastifyInstance, req: FastifyRequest): Promise<number | undefined> {
  let site = memo.get(req);
  if (!site) {
    const key = bearerKey(req.headers.authorization);
    site = key === undefined ? Promise.resolve(undefined) : siteIdForKey(app.db, key, app.siteKeyCache);
    memo.set(req, site);
  }
  return site;
}
