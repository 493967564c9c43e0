/**
 * Requests to the delivery API per client address and per site key, counted where every
 * instance counts: Redis when `REDIS_URL` is set, else the database (services/rateLimit.ts).
 * Over either limit: 429 with Retry-After. A key is counted by its id, never by the key
 * itself; an invalid key is not counted (the route answers 401), its address still is.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { HttpError } from '../errors.js';
import { databaseRateLimiter, type RateLimiter } from '../services/rateLimit.js';
import { redisRateLimiter } from '../services/rateLimitRedis.js';
import { keyOf } from './keySite.js';

const WINDOW_MS = 60_000;

/** The counters' keys: the address hashed, as the limiters want it; a site key by its row's id. */
const publicRateKey = (ip: string) => `public:${createHash('sha256').update(ip).digest('base64url')}`;
export const publicKeyRateKey = (keyId: number) => `public:key:${keyId}`;

/** Counts one request on `key`; past `limit` in the window, 429 with the seconds until it ends. */
async function count(limiter: RateLimiter, key: string, limit: number) {
  const window = await limiter.hit(key, WINDOW_MS, limit);
  if (window.count <= limit) return;
  const seconds = Math.max(1, Math.ceil((window.resetAt - Date.now()) / 1000));
  throw new HttpError(429, { detail: `Too many requests. Try again in ${seconds} seconds.` }, { 'retry-after': String(seconds) });
}

/** The hook that counts each request; none when both limits are off (0). */
export function publicRateLimit(app: FastifyInstance): onRequestAsyncHookHandler | undefined {
  const { perIpPerMinute, perKeyPerMinute } = app.config.publicApi;
  if (perIpPerMinute === 0 && perKeyPerMinute === 0) return undefined;
  const limiter = app.config.redisUrl ? redisRateLimiter(app.config.redisUrl) : databaseRateLimiter(app.db);
  app.addHook('onClose', () => limiter.close());
  return async (req) => {
    if (perIpPerMinute > 0) await count(limiter, publicRateKey(req.ip), perIpPerMinute);
    if (perKeyPerMinute === 0 || req.headers.authorization === undefined) return;
    const key = await keyOf(app, req);
    if (key) await count(limiter, publicKeyRateKey(key.keyId), perKeyPerMinute);
  };
}
