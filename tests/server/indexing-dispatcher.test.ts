/**
 * The indexing dispatcher (issue 6) against a real database, with its notifier and clock
 * given by the test: sends due actions once, retries with backoff, gives up, survives a
 * restart, and never lets two dispatchers send the same action.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Dispatcher } from '../../server/services/indexing/dispatcher.js';
import { indexNowNotifier } from '../../server/services/indexing/indexNowNotifier.js';
import type { Notifier, NotifyResult } from '../../server/services/indexing/notifier.js';
import { claimDue, insertActions } from '../../server/services/indexing/store.js';
import { api, entity, fixtures, HOSTS, json } from './entity-fixtures.js';
import { describeEachDialect } from './harness.js';

const T0 = Date.parse('2031-03-01T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

/** A notifier that answers what the test says and remembers every call. */
function scripted(answer: (host: string, urls: readonly string[]) => NotifyResult | Promise<NotifyResult>) {
  const calls: Array<{ host: string; urls: string[] }> = [];
  const notifier: Notifier = {
    name: 'test',
    async notify(host, urls) {
      calls.push({ host, urls: [...urls] });
      return answer(host, urls);
    },
  };
  return { notifier, calls };
}
const OK: NotifyResult = { ok: true, retry: false, response: 'HTTP 202' };

describeEachDialect(
  'indexing dispatcher',
  (h) => {
    let clock = T0;
    const now = () => clock;
    const dispatcher = (notifier: Notifier, opts: Partial<ConstructorParameters<typeof Dispatcher>[0]> = {}) =>
      new Dispatcher({ db: h.db, dialect: h.dialect, notifier, now, random: () => 0, backoffMs: 1000, maxAttempts: 3, batchSize: 50, ...opts });

    const rows = async () =>
      (await h.db
        .selectFrom('indexing_actions' as never)
        .select(['id', 'url', 'status', 'attempts', 'next_attempt_at', 'response', 'claim'] as never)
        .orderBy('id' as never)
        .execute()) as Array<{
        id: number;
        url: string;
        status: string;
        attempts: number;
        next_attempt_at: string | null;
        response: string;
        claim: string | null;
      }>;

    async function queue(n: number, site: string = HOSTS.rossi) {
      const actions = Array.from({ length: n }, (_, i) => ({
        url: `https://${site}/en/products/p-${i}`,
        action: 'updated' as const,
        site,
        tenantId: 1,
        entity: 'product',
        entityId: i + 1,
      }));
      for (let i = 0; i < actions.length; i += 500) await insertActions(h.db, actions.slice(i, i + 500), iso(clock));
    }

    beforeEach(async () => {
      clock = T0;
      await h.db.deleteFrom('indexing_actions_search' as never).execute();
      await h.db.deleteFrom('indexing_actions' as never).execute();
      await h.db
        .deleteFrom('entity_counts' as never)
        .where('entity' as never, '=', 'indexingLog' as never)
        .execute();
    });

    it('sends every due action once, per host, and records the answer', async () => {
      await queue(3, HOSTS.rossi);
      await queue(2, HOSTS.verdi);
      const { notifier, calls } = scripted(() => OK);
      const result = await dispatcher(notifier).runUntilIdle();
      expect(result).toEqual({ claimed: 5, sent: 5, retried: 0, failed: 0 });
      expect(calls.map((c) => [c.host, c.urls.length]).sort()).toEqual([
        [HOSTS.rossi, 3],
        [HOSTS.verdi, 2],
      ]);
      for (const r of await rows()) expect(r).toMatchObject({ status: 'sent', attempts: 1, response: 'HTTP 202', claim: null });
      expect((await dispatcher(notifier).runUntilIdle()).claimed).toBe(0);
    });

    it('retries a failure that may pass after an exponential backoff, then gives up after max attempts', async () => {
      await queue(2);
      const { notifier, calls } = scripted(() => ({ ok: false, retry: true, response: 'HTTP 503' }));
      const d = dispatcher(notifier);
      expect((await d.runUntilIdle()).retried).toBe(2);
      // random() = 0: half the ceiling, 1000 ms × 2^(attempts-1).
      for (const r of await rows()) expect(r).toMatchObject({ status: 'pending', attempts: 1, response: 'HTTP 503', next_attempt_at: iso(T0 + 500) });
      expect((await d.runUntilIdle()).claimed).toBe(0);
      clock = T0 + 499;
      expect((await d.runUntilIdle()).claimed).toBe(0);
      clock = T0 + 500;
      expect((await d.runUntilIdle()).retried).toBe(2);
      for (const r of await rows()) expect(r).toMatchObject({ status: 'pending', attempts: 2, next_attempt_at: iso(clock + 1000) });
      clock += 1000;
      expect((await d.runUntilIdle()).failed).toBe(2);
      for (const r of await rows()) expect(r).toMatchObject({ status: 'failed', attempts: 3, next_attempt_at: null });
      clock += 3_600_000;
      expect((await d.runUntilIdle()).claimed).toBe(0);
      expect(calls).toHaveLength(3);
    });

    it('gives up at once on a permanent failure, and treats a throwing notifier as one that may pass', async () => {
      await queue(1);
      expect((await dispatcher(scripted(() => ({ ok: false, retry: false, response: 'HTTP 403 bad key' })).notifier).runUntilIdle()).failed).toBe(1);
      expect((await rows())[0]).toMatchObject({ status: 'failed', attempts: 1, response: 'HTTP 403 bad key' });
      await queue(1);
      const boom = scripted(() => {
        throw new Error('socket hang up');
      });
      expect((await dispatcher(boom.notifier).runUntilIdle()).retried).toBe(1);
      expect((await rows())[1]).toMatchObject({ status: 'pending', attempts: 1, response: 'notifier error: socket hang up' });
    });

    it('loses nothing when a dispatcher stops holding a claim: the lease runs out and a new one sends', async () => {
      await queue(4);
      // A dispatcher claims, then its process dies before recording anything.
      const crashed = await claimDue(h.db, h.dialect, 10, iso(clock), iso(clock + 60_000));
      expect(crashed.rows).toHaveLength(4);
      const { notifier, calls } = scripted(() => OK);
      const restarted = dispatcher(notifier, { leaseMs: 60_000 });
      clock = T0 + 59_999;
      expect((await restarted.runUntilIdle()).claimed).toBe(0);
      clock = T0 + 60_001;
      expect((await restarted.runUntilIdle()).sent).toBe(4);
      expect(calls.flatMap((c) => c.urls)).toHaveLength(4);
      for (const r of await rows()) expect(r.status).toBe('sent');
    });

    it('two dispatchers on one database never send the same action', async () => {
      await queue(400);
      const sent: string[] = [];
      const slow = () =>
        scripted(async (_host, urls) => {
          sent.push(...urls);
          await new Promise((r) => setImmediate(r));
          return OK;
        });
      const a = dispatcher(slow().notifier, { batchSize: 25 });
      const b = dispatcher(slow().notifier, { batchSize: 25 });
      const [ra, rb] = await Promise.all([a.runUntilIdle(), b.runUntilIdle()]);
      expect(ra.sent + rb.sent).toBe(400);
      expect(sent).toHaveLength(400);
      expect(new Set(sent).size).toBe(400);
      expect((await rows()).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    });

    it('keeps the list counters exact while it changes statuses', async () => {
      await queue(3);
      await dispatcher(scripted(() => ({ ok: false, retry: false, response: 'HTTP 422' })).notifier).runUntilIdle();
      const admin = await h.login('admin');
      const list = await h.get('/api/indexingLogs/?fltr=status=failed', { session: admin });
      expect(json(list).paginator.count).toBe(3);
      expect(json(await h.get('/api/indexingLogs/?fltr=status=pending', { session: admin })).paginator.count).toBe(0);
    });

    describe('in the server', () => {
      it('sends what a dealer publishes soon after, with the log notifier', async () => {
        const app = await h.appWith({ INDEXING_POLL_MS: '60000' });
        const fx = fixtures(h);
        const rossi = await h.login('rossi', HOSTS.rossi, { app });
        const body = await fx.body('product', 'rossi', { status: 'published', translations: { it: { name: 'Nuovo', slug: `nuovo-${fx.next()}` } } });
        const res = await h.post(api(entity('product')), { host: HOSTS.rossi, session: rossi, body, app });
        expect(res.statusCode, res.body).toBe(201);
        // The write nudged the running dispatcher: no poll interval to wait for.
        await expect.poll(async () => (await rows()).map((r) => r.status), { timeout: 10_000, interval: 50 }).toEqual(['sent']);
        expect((await rows())[0]?.response).toContain('logged');
      });
    });
  },
  { env: { INDEXING_POLL_MS: '0' } },
);

describe('IndexNow notifier', () => {
  let server: http.Server;
  let endpoint = '';
  let answer: { status: number; body?: string; hang?: boolean } = { status: 202 };
  const received: unknown[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => {
        received.push({ method: req.method, type: req.headers['content-type'], body: JSON.parse(data) });
        if (answer.hang) return;
        res.writeHead(answer.status).end(answer.body ?? '');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/indexnow`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
  const notifier = () => indexNowNotifier({ endpoint, key: 'abcdef0123456789', keyLocation: 'https://rossi.localhost/abcdef0123456789.txt', timeoutMs: 300 });

  it('posts host, key, key location and the URL list as JSON; 200 and 202 succeed', async () => {
    answer = { status: 202 };
    expect(await notifier().notify('rossi.localhost', ['https://rossi.localhost/it/a'])).toEqual({ ok: true, retry: false, response: 'HTTP 202' });
    expect(received.at(-1)).toEqual({
      method: 'POST',
      type: 'application/json; charset=utf-8',
      body: {
        host: 'rossi.localhost',
        key: 'abcdef0123456789',
        keyLocation: 'https://rossi.localhost/abcdef0123456789.txt',
        urlList: ['https://rossi.localhost/it/a'],
      },
    });
    answer = { status: 200 };
    expect((await notifier().notify('rossi.localhost', ['https://rossi.localhost/it/a'])).ok).toBe(true);
  });

  it('a 4xx is permanent; 429, a 5xx and a timeout are worth another try', async () => {
    answer = { status: 403, body: 'key not valid' };
    expect(await notifier().notify('h', ['https://h/a'])).toEqual({ ok: false, retry: false, response: 'HTTP 403 key not valid' });
    answer = { status: 429 };
    expect(await notifier().notify('h', ['https://h/a'])).toMatchObject({ ok: false, retry: true });
    answer = { status: 503 };
    expect(await notifier().notify('h', ['https://h/a'])).toMatchObject({ ok: false, retry: true, response: 'HTTP 503' });
    answer = { status: 200, hang: true };
    expect(await notifier().notify('h', ['https://h/a'])).toEqual({ ok: false, retry: true, response: 'timed out after 300 ms' });
  });
});
