/**
 * Requests to the delivery API per client address, counted where every instance counts:
 * Redis when `REDIS_URL` is set, else the database (services/rateLimit.ts). Over the limit: 429 with Retry-After.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { HttpError } from '../errors.js';
import { databaseRateLimiter } from '../services/rateLimit.js';
import { redisRateLimiter } from '../services/rateLimitRedis.js';

const WINDOW_MS = 60_000;

/** The counter's key: the address hashed, as the limiters want it. */
const publicRateKey = (ip: string) => `public:${createHash('sha256').update(ip).digest('base64url')}`;

/** The hook that counts each request; none when the limit is off (0). */
export function publicRateLimit(app: FastifyInstance): onRequestAsyncHookHandler | undefined {
  const limit = app.config.publicApi.perIpPerMinute;
  if (limit === 0) return undefined;
  const limiter = app.config.redisUrl ? redisRateLimiter(app.config.redisUrl) : databaseRateLimiter(app.db);
  app.addHook('onClose', () => limiter.close());
  return async (req) => {
    const window = await limiter.hit(publicRateKey(req.ip), WINDOW_MS, limit);
    if (window.count <= limit) return;
    const seconds = Math.max(1, Math.ceil((window.resetAt - Date.now()) / 1000));
    throw new HttpError(429, { detail: `Too many requests. Try again in ${seconds} seconds.` }, { 'retry-after': String(seconds) });
  };
}
