/**
 * The delivery API's rate limits (issue 15 point 8): per client address and per site key,
 * counted where every instance counts (the database, or Redis with REDIS_URL). A key is
 * counted by its row's id, never the key itself, from whatever address it comes.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { publicKeyRateKey } from '../../server/public/rateLimit.js';
import { PUBLIC_API } from '../../server/public/routes.js';
import { REDIS_KEY_PREFIX } from '../../server/services/rateLimitRedis.js';
import { describeEachDialect, expectDetail, type Harness, type Session } from './harness.js';
import { HOSTS, json, siteId } from './users-fixtures.js';

const SITE = `${PUBLIC_API}/site`;
const REDIS_URL = process.env.REDIS_URL;

async function makeKey(h: Harness, admin: Session, tenant: number) {
  const res = await h.post('/api/siteKeys/', { host: HOSTS.master, session: admin, body: { tenant, name: 'Website' } });
  expect(res.statusCode, res.body).toBe(201);
  return json(res) as { id: number; key: string };
}

describeEachDialect('delivery API rate limits per address and per key', (h) => {
  let admin: Session;
  let rossi: number;
  beforeAll(async () => {
    rossi = await siteId(h, HOSTS.rossi);
  });
  const keys = async (n: number) => {
    admin = await h.login('admin', HOSTS.master);
    return Promise.all(Array.from({ length: n }, () => makeKey(h, admin, rossi)));
  };
  const read = (app: Awaited<ReturnType<typeof h.appWith>>, remoteAddress: string, key?: string) =>
    h.get(SITE, { app, remoteAddress, ...(key ? { headers: { authorization: `Bearer ${key}` } } : { host: HOSTS.rossi }) });

  it('answers 429 with Retry-After past the limit of one key from any address, counts each key apart, and keys no counter on the key itself', async () => {
    const [a, b] = await keys(2);
    const app = await h.appWith({ PUBLIC_API_REQUESTS_PER_MINUTE: '0', PUBLIC_API_KEY_REQUESTS_PER_MINUTE: '3' });
    for (let i = 0; i < 3; i++) expect((await read(app, `198.51.100.${i + 1}`, a!.key)).statusCode).toBe(200);
    const refused = await read(app, '198.51.100.9', a!.key);
    expectDetail(refused, 429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await read(app, '198.51.100.9', b!.key)).statusCode).toBe(200);
    // The host's visitors are no key's: they are counted by address only.
    expect((await read(app, '198.51.100.9')).statusCode).toBe(200);
    const counters = await h.db.selectFrom('rate_limits').select(['key', 'count']).execute();
    expect(counters).toContainEqual({ key: publicKeyRateKey(a!.id), count: 3 });
    expect(JSON.stringify(counters)).not.toContain(a!.key);
  });

  it('holds both limits at once: an address past its own limit is refused whatever key it bears', async () => {
    const [a] = await keys(1);
    const app = await h.appWith({ PUBLIC_API_REQUESTS_PER_MINUTE: '2', PUBLIC_API_KEY_REQUESTS_PER_MINUTE: '100' });
    for (let i = 0; i < 2; i++) expect((await read(app, '203.0.113.50', a!.key)).statusCode).toBe(200);
    expectDetail(await read(app, '203.0.113.50', a!.key), 429);
    expect((await read(app, '203.0.113.51', a!.key)).statusCode).toBe(200);
  });

  it('counts no invalid key: a revoked one answers 401 every time, not 429', async () => {
    const [a] = await keys(1);
    const revoked = await h.call('DELETE', `/api/siteKeys/${a!.id}/`, { host: HOSTS.master, session: admin });
    expect(revoked.statusCode, revoked.body).toBe(204);
    const app = await h.appWith({ PUBLIC_API_REQUESTS_PER_MINUTE: '0', PUBLIC_API_KEY_REQUESTS_PER_MINUTE: '1' });
    for (let i = 0; i < 3; i++) expectDetail(await read(app, '192.0.2.1', a!.key), 401);
    expect(await h.db.selectFrom('rate_limits').selectAll().where('key', '=', publicKeyRateKey(a!.id)).execute()).toEqual([]);
  });

  // With REDIS_URL: two instances share one key's count in Redis, and the database counts nothing.
  if (!REDIS_URL) return;
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(REDIS_URL, { keyPrefix: REDIS_KEY_PREFIX });
  });
  afterAll(() => {
    redis.disconnect();
  });

  it('shares the per-key limit between two instances in Redis, with an expiry on the counter', async () => {
    const [a] = await keys(1);
    // Key ids restart with each test database while Redis outlives it: start the counter clean.
    await redis.del(publicKeyRateKey(a!.id));
    const env = { REDIS_URL, PUBLIC_API_REQUESTS_PER_MINUTE: '0', PUBLIC_API_KEY_REQUESTS_PER_MINUTE: '4' };
    const [one, two] = [await h.appWith(env), await h.appWith(env)];
    for (let i = 0; i < 4; i++) expect((await read(i % 2 ? two : one, `192.0.2.${i + 10}`, a!.key)).statusCode).toBe(200);
    for (const app of [one, two]) {
      const refused = await read(app, '192.0.2.99', a!.key);
      expectDetail(refused, 429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(Number(await redis.get(publicKeyRateKey(a!.id)))).toBe(4);
    const ttl = await redis.pttl(publicKeyRateKey(a!.id));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect(await h.db.selectFrom('rate_limits').selectAll().where('key', 'like', 'public:%').execute()).toEqual([]);
    await redis.del(publicKeyRateKey(a!.id));
  });
});
