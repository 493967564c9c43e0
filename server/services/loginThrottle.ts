/**
 * Guesses at a password, at the login and where a password change asks for the current
 * one, counted before the password is checked (a parallel burst takes its slots one by
 * one, so none slips through while another is being verified):
 *
 *   per client address          more than `maxPerIp` failures in the window → 429
 *   per username and address    more than `maxPerUsername` → 429 for that client only
 *   per username                beyond `maxPerUsername`, every attempt at the name, from
 *                               anywhere, waits a delay doubling with each failure
 *                               (FIRST_DELAY_MS … `maxDelayMs`) before it is checked
 *
 * So failures from one client never refuse the right password from another: an attacker
 * spraying a username from many addresses is slowed, its owner only waits. An attempt
 * refused by a full counter writes nothing. A right password gives its slots back.
 */
import { HttpError } from '../errors.js';
import type { RateLimiter } from './rateLimit.js';
import { hashToken } from './tokens.js';

export const FIRST_DELAY_MS = 250;

export interface LoginLimits {
  maxPerIp: number;
  maxPerUsername: number;
  windowMs: number;
  maxDelayMs: number;
}

export interface LoginThrottle {
  /** Counts an attempt at `username`'s password from `ip` (429 when over), waits its delay; the result is called when the password was right. */
  attempt(username: string, ip: string): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function tooMany(resetAt: number) {
  const seconds = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
  return new HttpError(429, { detail: `Too many failed login attempts. Try again in ${seconds} seconds.` }, { 'retry-after': String(seconds) });
}

export function loginThrottle(limiter: RateLimiter, limits: LoginLimits): LoginThrottle {
  const { maxPerIp, maxPerUsername, windowMs, maxDelayMs } = limits;
  // Failures past which the delay stays at its cap: the per-username counter stops there.
  const steps = maxDelayMs > FIRST_DELAY_MS ? Math.ceil(Math.log2(maxDelayMs / FIRST_DELAY_MS)) + 1 : 1;
  const delayOf = (excess: number) => (excess <= 0 ? 0 : Math.min(maxDelayMs, FIRST_DELAY_MS * 2 ** (excess - 1)));

  return {
    async attempt(username, ip) {
      const name = username.toLowerCase();
      const ipKey = `login:ip:${hashToken(ip)}`;
      const pairKey = `login:pair:${hashToken(`${name}\n${ip}`)}`;
      const userKey = `login:user:${hashToken(name)}`;
      const byIp = await limiter.hit(ipKey, windowMs, maxPerIp);
      if (byIp.count > maxPerIp) throw tooMany(byIp.resetAt);
      const byPair = await limiter.hit(pairKey, windowMs, maxPerUsername);
      if (byPair.count > maxPerUsername) throw tooMany(byPair.resetAt);
      const byName = await limiter.hit(userKey, windowMs, maxPerUsername + steps);
      const delay = delayOf(byName.count - maxPerUsername);
      if (delay) await sleep(delay);
      return async () => {
        await Promise.all([limiter.release(ipKey), limiter.clear(pairKey), byName.count <= maxPerUsername + steps ? limiter.release(userKey) : undefined]);
      };
    },
    close: () => limiter.close(),
  };
}
