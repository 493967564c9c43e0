import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { DEMO_PASSWORD, describeEachDialect, expectDetail, SESSION_COOKIE, setCookieFor } from './harness.js';

const MAX_PER_USERNAME = 3;
const MAX_PER_IP = 5;
const WINDOW_MINUTES = 15;

describeEachDialect(
  'login rate limiting',
  (h) => {
    /** Dealers sign in on their own site; everyone else on the master site. */
    const homeOf = (username: string) => ({ rossi: 'rossi.localhost', verdi: 'verdi.localhost' })[username.trim().toLowerCase()] ?? 'localhost';

    /** A login attempt from a client address, given the way a trusted proxy reports it. */
    function attempt(username: string, password: string, ip: string, how: 'xff' | 'socket' = 'xff') {
      return h.post('/api/auth/login', {
        host: homeOf(username),
        body: { username, password },
        ...(how === 'xff' ? { headers: { 'x-forwarded-for': ip } } : { remoteAddress: ip }),
      });
    }
    async function fail(username: string, ip: string, times: number) {
      for (let i = 0; i < times; i++) {
        const res = await attempt(username, 'wrong password', ip);
        expect(res.statusCode, `failure ${i + 1}: ${res.body}`).toBe(400);
      }
    }
    function expectLimited(res: LightMyRequestResponse) {
      const body = expectDetail(res, 429);
      expect(Object.keys(body)).toEqual(['detail']);
      const retryAfter = Number(res.headers['retry-after']);
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(WINDOW_MINUTES * 60);
      expect(setCookieFor(res, SESSION_COOKIE)).toBeUndefined();
    }

    it(`locks a username after ${MAX_PER_USERNAME} failures, even for the right password`, async () => {
      await fail('rossi', '203.0.113.1', MAX_PER_USERNAME);
      expectLimited(await attempt('rossi', DEMO_PASSWORD, '203.0.113.1'));
    });

    it('locks a username for the client that failed, never for its owner at another address', async () => {
      await fail('admin', '203.0.113.1', MAX_PER_USERNAME);
      expectLimited(await attempt('admin', DEMO_PASSWORD, '203.0.113.1'));
      expect((await attempt('admin', DEMO_PASSWORD, '198.51.100.7')).statusCode).toBe(200);
      expect((await attempt('admin', DEMO_PASSWORD, '192.0.2.99', 'socket')).statusCode).toBe(200);
    });

    it('counts a username whatever its case and surrounding spaces', async () => {
      await attempt('ROSSI', 'wrong', '203.0.113.1');
      await attempt('  Rossi ', 'wrong', '203.0.113.1');
      await attempt('rossi', 'wrong', '203.0.113.1');
      expectLimited(await attempt('rossi', DEMO_PASSWORD, '203.0.113.1'));
    });

    it('allows the failures below the limit', async () => {
      await fail('staff', '203.0.113.1', MAX_PER_USERNAME - 1);
      const res = await attempt('staff', DEMO_PASSWORD, '203.0.113.1');
      expect(res.statusCode, res.body).toBe(200);
    });

    it('locks an unknown username exactly like a real one', async () => {
      await fail('ghost', '203.0.113.1', MAX_PER_USERNAME);
      const ghost = await attempt('ghost', 'whatever', '203.0.113.1');
      await fail('admin', '203.0.113.2', MAX_PER_USERNAME);
      const admin = await attempt('admin', 'whatever', '203.0.113.2');
      expectLimited(ghost);
      expectLimited(admin);
      expect(ghost.json()).toEqual(admin.json());
    });

    it('leaves other usernames alone when one is locked', async () => {
      await fail('rossi', '203.0.113.1', MAX_PER_USERNAME);
      const res = await h.post('/api/auth/login', {
        host: 'verdi.localhost',
        headers: { 'x-forwarded-for': '203.0.113.1' },
        body: { username: 'verdi', password: DEMO_PASSWORD },
      });
      expect(res.statusCode, res.body).toBe(200);
    });

    it('counts failures on every site of the platform together', async () => {
      for (const host of ['localhost', 'rossi.localhost', 'verdi.localhost']) {
        const res = await h.post('/api/auth/login', {
          host,
          headers: { 'x-forwarded-for': '203.0.113.1' },
          body: { username: 'market', password: 'wrong' },
        });
        expect(res.statusCode).toBe(400);
      }
      expectLimited(await attempt('market', DEMO_PASSWORD, '203.0.113.1'));
    });

    it(`locks an IP address after ${MAX_PER_IP} failures with rotating usernames`, async () => {
      for (let i = 0; i < MAX_PER_IP; i++) {
        const res = await attempt(`guess${i}`, 'wrong', '203.0.113.50');
        expect(res.statusCode).toBe(400);
      }
      expectLimited(await attempt('admin', DEMO_PASSWORD, '203.0.113.50'));
      expectLimited(await attempt('someone-new', 'wrong', '203.0.113.50'));
      const elsewhere = await attempt('admin', DEMO_PASSWORD, '203.0.113.51');
      expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    });

    it('takes the client address from the socket when there is no forwarding header', async () => {
      for (let i = 0; i < MAX_PER_IP; i++) await attempt(`guess${i}`, 'wrong', '192.0.2.10', 'socket');
      expectLimited(await attempt('admin', DEMO_PASSWORD, '192.0.2.10', 'socket'));
      const other = await attempt('admin', DEMO_PASSWORD, '192.0.2.11', 'socket');
      expect(other.statusCode).toBe(200);
    });

    it('clears the username counter after a successful sign-in', async () => {
      await fail('rossi', '203.0.113.1', MAX_PER_USERNAME - 1);
      expect((await attempt('rossi', DEMO_PASSWORD, '203.0.113.1')).statusCode).toBe(200);
      await fail('rossi', '203.0.113.2', MAX_PER_USERNAME - 1);
      const res = await attempt('rossi', DEMO_PASSWORD, '203.0.113.2');
      expect(res.statusCode, res.body).toBe(200);
    });

    it('lifts the lock when the window has passed', async () => {
      await fail('rossi', '203.0.113.1', MAX_PER_USERNAME);
      expectLimited(await attempt('rossi', DEMO_PASSWORD, '203.0.113.1'));
      await h.db
        .updateTable('rate_limits')
        .set({ reset_at: new Date(Date.now() - 1000).toISOString() })
        .execute();
      const res = await attempt('rossi', DEMO_PASSWORD, '203.0.113.1');
      expect(res.statusCode, res.body).toBe(200);
    });

    it('starts a fresh window after an expired one', async () => {
      await fail('rossi', '203.0.113.1', MAX_PER_USERNAME);
      await h.db
        .updateTable('rate_limits')
        .set({ reset_at: new Date(Date.now() - 1000).toISOString() })
        .execute();
      await fail('rossi', '203.0.113.1', MAX_PER_USERNAME - 1);
      expect((await attempt('rossi', DEMO_PASSWORD, '203.0.113.1')).statusCode).toBe(200);
    });

    it('does not count validation errors as failed attempts', async () => {
      for (let i = 0; i < MAX_PER_IP + 2; i++) {
        expect((await attempt('rossi', '', '203.0.113.1')).statusCode).toBe(400);
      }
      expect((await attempt('rossi', DEMO_PASSWORD, '203.0.113.1')).statusCode).toBe(200);
    });

    it('shares the counters between server instances on the same database', async () => {
      const other = await h.appWith({
        TRUST_PROXY: '1',
        LOGIN_MAX_FAILURES_PER_USERNAME: String(MAX_PER_USERNAME),
        LOGIN_MAX_FAILURES_PER_IP: String(MAX_PER_IP),
      });
      await fail('rossi', '203.0.113.1', MAX_PER_USERNAME);
      const res = await h.post('/api/auth/login', {
        app: other,
        host: 'rossi.localhost',
        headers: { 'x-forwarded-for': '203.0.113.1' },
        body: { username: 'rossi', password: DEMO_PASSWORD },
      });
      expectLimited(res);
    });

    it('ignores X-Forwarded-For when the proxy is not trusted', async () => {
      const direct = await h.appWith({
        TRUST_PROXY: '0',
        LOGIN_MAX_FAILURES_PER_USERNAME: '100',
        LOGIN_MAX_FAILURES_PER_IP: String(MAX_PER_IP),
      });
      // Rotating the claimed address does not escape the per-IP limit of the real peer.
      for (let i = 0; i < MAX_PER_IP; i++) {
        await h.post('/api/auth/login', {
          app: direct,
          remoteAddress: '192.0.2.77',
          headers: { 'x-forwarded-for': `10.0.0.${i}` },
          body: { username: `guess${i}`, password: 'wrong' },
        });
      }
      const res = await h.post('/api/auth/login', {
        app: direct,
        remoteAddress: '192.0.2.77',
        headers: { 'x-forwarded-for': '10.9.9.9' },
        body: { username: 'admin', password: DEMO_PASSWORD },
      });
      expectLimited(res);
    });

    it('lets no parallel burst of guesses past the limit', async () => {
      const answers = await Promise.all(Array.from({ length: 20 }, () => attempt('staff', 'wrong password', '10.7.7.7')));
      const codes = answers.map((r) => r.statusCode);
      // The IP and the username are counted side by side, so a guess may win a username
      // slot and lose an IP slot: what matters is that no more than the limit get checked.
      const checked = codes.filter((c) => c === 400).length;
      expect(checked).toBeGreaterThanOrEqual(1);
      expect(checked).toBeLessThanOrEqual(MAX_PER_USERNAME);
      expect(codes.filter((c) => c === 429)).toHaveLength(20 - checked);
    });

    it('answers a 4xx, never a 500, for very long usernames and forwarded addresses', async () => {
      const longName = await attempt('x'.repeat(500), 'wrong password', '10.6.6.6');
      expect(longName.statusCode).toBe(400);
      expect(JSON.parse(longName.body)).toHaveProperty('username');
      const longIp = await attempt('staff', 'wrong password', 'y'.repeat(400));
      expect(longIp.statusCode).toBe(400);
    });
  },
  {
    env: {
      TRUST_PROXY: '1',
      LOGIN_MAX_FAILURES_PER_USERNAME: String(MAX_PER_USERNAME),
      LOGIN_MAX_FAILURES_PER_IP: String(MAX_PER_IP),
      LOGIN_WINDOW_MINUTES: String(WINDOW_MINUTES),
      LOGIN_MAX_DELAY_SECONDS: '0.5',
    },
  },
);
