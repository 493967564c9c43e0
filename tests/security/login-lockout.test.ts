/**
 * Issue 13.5, 13.6 and 13.9: failed logins slow the guesser, never lock the owner out; the
 * database's counters stay bounded; the current password asked by a password change is
 * guessed no faster than at the login.
 */
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REDIS_KEY_PREFIX } from '../../server/services/rateLimitRedis.js';
import { hashToken } from '../../server/services/tokens.js';
import { describeEachDialect, expectDetail, expectFieldErrors, type Session } from '../server/harness.js';
import { createVia, GOOD_PASSWORD, HOSTS, uniqueName } from '../server/users-fixtures.js';

const MAX_PER_USERNAME = 3;
const MAX_PER_IP = 5;
/** The first step of the growing delay (server/services/loginThrottle.ts). */
const FIRST_DELAY_MS = 250;

const REDIS_URL = process.env.REDIS_URL;

for (const limiter of REDIS_URL ? (['database', 'redis'] as const) : (['database'] as const)) {
  describeEachDialect(
    `attack suite: login lockout and guessing (counters in the ${limiter})`,
    (h) => {
      // Redis outlives the test database: accounts and addresses are fresh per block.
      const run = randomBytes(3);
      const at = (n: number) => `10.${run[0]}.${run[1]}.${n}`;
      const attempt = (username: string, password: string, n: number, host: string = HOSTS.master) =>
        h.post('/api/auth/login', { host, remoteAddress: at(n), body: { username, password } });
      /** Accounts of this block, by the demo account whose site and rank they take. */
      const accounts: Record<'master' | 'dealer' | 'other', string> = { master: '', dealer: '', other: '' };
      let redis: Redis | undefined;
      beforeAll(async () => {
        // From an address of this block: Redis's counter of the default address is shared with other files.
        const admin = await h.login('admin', HOSTS.master, { remoteAddress: at(0) });
        for (const kind of ['master', 'other'] as const) {
          accounts[kind] = (await createVia(h, admin, '/api/users/', { username: uniqueName(kind), permissions: ['view_user'] })).username;
        }
        const tenant = (await h.db.selectFrom('tenant_domains').select('tenant_id').where('domain', '=', HOSTS.rossi).executeTakeFirstOrThrow()).tenant_id;
        accounts.dealer = (await createVia(h, admin, '/api/tenantUsers/', { username: uniqueName('dealer'), tenant, permissions: ['view_user'] })).username;
        if (limiter === 'redis') redis = new Redis(REDIS_URL!, { keyPrefix: REDIS_KEY_PREFIX });
      });
      afterAll(() => redis?.disconnect());
      /** What the counters hold: the database's rows, or in Redis the keys of `names` at address `n`. */
      const counters = async (names: string[], n: number) => {
        if (!redis) return h.db.selectFrom('rate_limits').selectAll().orderBy('key').execute();
        const keys = [`login:ip:${hashToken(at(n))}`, ...names.flatMap((u) => [`login:user:${hashToken(u)}`, `login:pair:${hashToken(`${u}\n${at(n)}`)}`])];
        return redis.mget(...keys);
      };
      const timed = async (run: () => Promise<LightMyRequestResponse>) => {
        const started = performance.now();
        const res = await run();
        return { res, ms: performance.now() - started };
      };

      it('failures from other clients never keep the owner out: the right password from a fresh address signs in', async () => {
        for (let i = 0; i < MAX_PER_USERNAME + 2; i++) {
          expect((await attempt(accounts.master, 'wrong password', 100 + i)).statusCode).toBe(400);
        }
        const owner = await attempt(accounts.master, GOOD_PASSWORD, 1);
        expect(owner.statusCode, owner.body).toBe(200);
      });

      it('a client that failed too often on a username is refused on it, and only on it', async () => {
        for (let i = 0; i < MAX_PER_USERNAME; i++) expect((await attempt(accounts.other, 'wrong', 9)).statusCode).toBe(400);
        const refused = await attempt(accounts.other, GOOD_PASSWORD, 9);
        expectDetail(refused, 429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        expect((await attempt(accounts.master, GOOD_PASSWORD, 9)).statusCode).toBe(200);
      });

      it('guesses at one username from many addresses are slowed, more with every failure', async () => {
        const name = accounts.dealer;
        for (let i = 0; i < MAX_PER_USERNAME; i++) expect((await attempt(name, 'wrong', 120 + i, HOSTS.rossi)).statusCode).toBe(400);
        const first = await timed(() => attempt(name, 'wrong', 150, HOSTS.rossi));
        expect(first.res.statusCode).toBe(400);
        expect(first.ms).toBeGreaterThanOrEqual(FIRST_DELAY_MS * 0.95);
        const second = await timed(() => attempt(name, 'wrong', 151, HOSTS.rossi));
        expect(second.ms).toBeGreaterThanOrEqual(FIRST_DELAY_MS * 2 * 0.95);
        // The owner waits as long as a guesser (the answer's time tells nothing), then gets in.
        const owner = await timed(() => attempt(name, GOOD_PASSWORD, 2, HOSTS.rossi));
        expect(owner.res.statusCode, owner.res.body).toBe(200);
        expect(owner.ms).toBeGreaterThanOrEqual(FIRST_DELAY_MS * 4 * 0.95);
      });

      it('an attempt already over a limit writes nothing to the counters', async () => {
        const names = Array.from({ length: MAX_PER_IP + 3 }, (_, i) => `guess-${run.toString('hex')}-${i}`);
        for (const name of names.slice(0, MAX_PER_IP)) expect((await attempt(name, 'wrong', 70)).statusCode).toBe(400);
        const before = await counters(names, 70);
        for (const name of names.slice(MAX_PER_IP)) expectDetail(await attempt(name, 'wrong', 70), 429);
        expect(await counters(names, 70)).toEqual(before);
      });

      if (limiter === 'database')
        it('expired counters are swept away', async () => {
          const expired = new Date(Date.now() - 60_000).toISOString();
          const stale = Array.from({ length: 300 }, (_, i) => ({ key: `login:pair:stale${i}`, count: 1, reset_at: expired }));
          await h.db.insertInto('rate_limits').values(stale).execute();
          // A fresh instance sweeps on its first counted attempt.
          const other = await h.appWith({ LOGIN_MAX_FAILURES_PER_USERNAME: String(MAX_PER_USERNAME), LOGIN_MAX_FAILURES_PER_IP: String(MAX_PER_IP) });
          await h.post('/api/auth/login', { app: other, host: HOSTS.master, remoteAddress: '203.0.113.80', body: { username: 'nobody', password: 'wrong' } });
          const left = await h.db.selectFrom('rate_limits').selectAll().execute();
          expect(left.filter((r) => r.key.includes('stale'))).toEqual([]);
          expect(left.length).toBeGreaterThan(0);
        });

      if (limiter === 'database')
        it("guesses at one's own current password count as failed logins: 429 with Retry-After when over", async () => {
          const admin = await h.login('admin', HOSTS.master);
          const row = await createVia(h, admin, '/api/users/', { username: uniqueName('guesser'), permissions: ['view_user', 'change_user'] });
          const session: Session = await h.login(row.username, HOSTS.master, { password: GOOD_PASSWORD });
          const patch = async (current: string) => {
            const { version } = await h.db.selectFrom('users').select('version').where('id', '=', row.id).executeTakeFirstOrThrow();
            return h.call('PATCH', `/api/users/${row.id}/`, { session, body: { version, password: 'Nuova-Parola-Lunga-1', current_password: current } });
          };
          for (let i = 0; i < MAX_PER_USERNAME; i++) expectFieldErrors(await patch(`guess-${i}`), ['current_password']);
          const over = await patch('guess-again');
          expectDetail(over, 429);
          expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
          // They share the login's counters: the login from that client is refused too.
          expectDetail(await h.post('/api/auth/login', { host: HOSTS.master, body: { username: row.username, password: GOOD_PASSWORD } }), 429);
        });
    },
    {
      env: {
        LOGIN_MAX_FAILURES_PER_USERNAME: String(MAX_PER_USERNAME),
        LOGIN_MAX_FAILURES_PER_IP: String(MAX_PER_IP),
        LOGIN_MAX_DELAY_SECONDS: '2',
        ...(limiter === 'redis' ? { REDIS_URL: REDIS_URL! } : {}),
      },
    },
  );
}
