import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerKey, validKey, type ValidKey } from '../services/siteKeys.js';

const memo = new WeakMap<FastifyRequest, Promise<ValidKey | undefined>>();

/**
 * The valid key the request bears (`Authorization: Bearer <key>`): its site and its id,
 * looked up once per request whoever asks (the rate limit, CORS, the delivery routes);
 * undefined without a valid key.
 */
export function keyOf(app: FastifyInstance, req: FastifyRequest): Promise<ValidKey | undefined> {
  let found = memo.get(req);
  if (!found) {
    const key = bearerKey(req.headers.authorization);
    found = key === undefined ? Promise.resolve(undefined) : validKey(app.db, key, app.siteKeyCache);
    memo.set(req, found);
  }
  return found;
}

/** The dealer site whose valid key the request bears; undefined without one. */
export const keySiteOf = async (app: FastifyInstance, req: FastifyRequest): Promise<number | undefined> => (await keyOf(app, req))?.siteId;
