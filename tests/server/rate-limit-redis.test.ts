import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REDIS_KEY_PREFIX } from '../../server/services/rateLimitRedis.js';
import { hashToken } from '../../server/services/tokens.js';
import { DEMO_PASSWORD, describeEachDialect, expectDetail } from './harness.js';
import { createVia, GOOD_PASSWORD, HOSTS, uniqueName } from './users-fixtures.js';

const MAX_PER_USERNAME = 3;
const MAX_PER_IP = 5;
const WINDOW_MINUTES = 15;
const limits = {
  TRUST_PROXY: '1',
  LOGIN_MAX_FAILURES_PER_USERNAME: String(MAX_PER_USERNAME),
  LOGIN_MAX_FAILURES_PER_IP: String(MAX_PER_IP),
  LOGIN_WINDOW_MINUTES: String(WINDOW_MINUTES),
  LOGIN_MAX_DELAY_SECONDS: '0.5',
};
const REDIS_URL = process.env.REDIS_URL;

describeEachDialect('login rate limits in Redis (REDIS_URL)', (h) => {
  // Redis outlives the test database: names and addresses are fresh per block, so counters
  // left by another block, an earlier run (or another engineer's) never meet these.
  const run = randomBytes(4).toString('hex');
  const ipOf = (n: number) => `10.${parseInt(run.slice(0, 2), 16)}.${parseInt(run.slice(2, 4), 16)}.${n}`;
  function attempt(app: Awaited<ReturnType<typeof h.appWith>>, username: string, password: string, ip: string) {
    return h.post('/api/auth/login', { app, host: 'localhost', body: { username, password }, headers: { 'x-forwarded-for': ip } });
  }

  it('answers 503 with Retry-After, quickly, while Redis is unreachable, and counts nothing in the database', async () => {
    // Port 1 on the loopback: nothing listens there, the connection is refused at once.
    const app = await h.appWith({ ...limits, REDIS_URL: 'redis://127.0.0.1:1' });
    const started = Date.now();
    const res = await attempt(app, 'admin', DEMO_PASSWORD, ipOf(1));
    expect(Date.now() - started).toBeLessThan(10_000);
    expectDetail(res, 503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await h.db.selectFrom('rate_limits').selectAll().execute()).toEqual([]);
  });

  if (!REDIS_URL) return;

  let redis: Redis;
  // An account of this block: 'admin' signs in from other files beside this one, and each of
  // its successful sign-ins gives a slot back to the shared per-username counter.
  let owner = '';
  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { keyPrefix: REDIS_KEY_PREFIX });
    const admin = await h.login('admin', HOSTS.master, { remoteAddress: ipOf(0) });
    owner = (await createVia(h, admin, '/api/users/', { username: uniqueName('owner'), permissions: ['view_user'] })).username;
  });
  afterAll(async () => {
    await redis.del(`login:user:${hashToken(owner)}`);
    redis.disconnect();
  });

  it('shares the per-client username limit between two instances, with an expiry on the counter, counting nothing past it', async () => {
    const [a, b] = [await h.appWith({ ...limits, REDIS_URL }), await h.appWith({ ...limits, REDIS_URL })];
    const ghost = `ghost-${run}`;
    const ip = ipOf(10);
    for (let i = 0; i < MAX_PER_USERNAME; i++) {
      const res = await attempt(i % 2 ? b : a, ghost, 'wrong', ip);
      expect(res.statusCode, res.body).toBe(400);
    }
    for (const app of [a, b]) {
      const res = await attempt(app, ghost, 'wrong', ip);
      expectDetail(res, 429);
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(WINDOW_MINUTES * 60);
    }
    const key = `login:pair:${hashToken(`${ghost}\n${ip}`)}`;
    expect(Number(await redis.get(key))).toBe(MAX_PER_USERNAME);
    const ttl = await redis.pttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(WINDOW_MINUTES * 60_000);
    expect(await h.db.selectFrom('rate_limits').selectAll().execute()).toEqual([]);
  });

  it('shares the per-address limit between two instances', async () => {
    const [a, b] = [await h.appWith({ ...limits, REDIS_URL }), await h.appWith({ ...limits, REDIS_URL })];
    const ip = ipOf(100);
    for (let i = 0; i < MAX_PER_IP; i++) {
      expect((await attempt(i % 2 ? b : a, `guess-${run}-${i}`, 'wrong', ip)).statusCode).toBe(400);
    }
    expectDetail(await attempt(a, 'admin', DEMO_PASSWORD, ip), 429);
    expectDetail(await attempt(b, 'admin', DEMO_PASSWORD, ip), 429);
    expect((await attempt(b, 'admin', DEMO_PASSWORD, ipOf(101))).statusCode).toBe(200);
  });

  it("clears the client's username counter and gives back the other slots on a successful sign-in", async () => {
    const [a, b] = [await h.appWith({ ...limits, REDIS_URL }), await h.appWith({ ...limits, REDIS_URL })];
    const ip = ipOf(150);
    for (let i = 0; i < MAX_PER_USERNAME - 1; i++) expect((await attempt(a, owner, 'wrong', ip)).statusCode).toBe(400);
    expect((await attempt(b, owner, GOOD_PASSWORD, ip)).statusCode).toBe(200);
    expect(await redis.exists(`login:pair:${hashToken(`${owner}\n${ip}`)}`)).toBe(0);
    expect(Number(await redis.get(`login:user:${hashToken(owner)}`))).toBe(MAX_PER_USERNAME - 1);
    expect(Number(await redis.get(`login:ip:${hashToken(ip)}`))).toBe(MAX_PER_USERNAME - 1);
    for (let i = 0; i < MAX_PER_USERNAME - 1; i++) expect((await attempt(b, owner, 'wrong', ip)).statusCode).toBe(400);
    expect((await attempt(a, owner, GOOD_PASSWORD, ip)).statusCode).toBe(200);
  });

  it('lets no parallel burst of guesses through two instances past the limit', async () => {
    const [a, b] = [await h.appWith({ ...limits, REDIS_URL }), await h.appWith({ ...limits, REDIS_URL })];
    const name = `burst-${run}`;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(i % 2 ? a : b, name, 'wrong', ipOf(200))));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 400)).toHaveLength(MAX_PER_USERNAME);
    expect(codes.filter((c) => c === 429)).toHaveLength(20 - MAX_PER_USERNAME);
  });
});
