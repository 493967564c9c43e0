import { Redis } from 'ioredis';
import type { RateLimiter } from './rateLimit.js';

/** Every key this server writes to Redis starts so, to share a Redis with other software. */
export const REDIS_KEY_PREFIX = 'backoffice:ratelimit:';

// INCR and PEXPIRE in one script, so a counter can never be left without its expiry
// (a crash between the two would lock a username for good); a full window (ARGV[2]
// counted) is not written. Returns [count, ms left].
const HIT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count < tonumber(ARGV[2]) then count = redis.call('INCR', KEYS[1]) else count = count + 1 end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }`;

// Decrements only an existing, positive counter: DECR alone would create one without expiry.
const RELEASE = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/**
 * Counters in Redis, shared by every instance pointed at it. While Redis is unreachable
 * a command fails within two seconds and the login answers 503 (db/unavailable.ts): no
 * attempt goes uncounted.
 */
export function redisRateLimiter(url: string): RateLimiter {
  const redis = new Redis(url, {
    keyPrefix: REDIS_KEY_PREFIX,
    connectTimeout: 2000,
    commandTimeout: 2000,
    maxRetriesPerRequest: 1,
    // Reconnects forever, at most every two seconds, so the limiter recovers by itself.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  // Failures reach the caller through the rejected command; the 'error' event only repeats them.
  redis.on('error', () => undefined);
  return {
    async hit(key, windowMs, limit) {
      const [count, ttl] = (await redis.eval(HIT, 1, key, String(windowMs), String(limit))) as [number, number];
      return { count, resetAt: Date.now() + ttl };
    },
    async release(key) {
      await redis.eval(RELEASE, 1, key);
    },
    async clear(key) {
      await redis.del(key);
    },
    async close() {
      redis.disconnect();
    },
  };
}
