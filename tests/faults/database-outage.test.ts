/**
 * PostgreSQL going away under a running server (played by cutting a TCP proxy between
 * them, never by stopping the shared PostgreSQL): requests answer 503 with Retry-After
 * at once instead of hanging or failing with 500, /api/health says so, and when the
 * database is back the same process serves again, with no acknowledged write lost.
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROOT } from '../../bench/lib/paths.js';
import { type Answer, SiteClient } from './lib/client.js';
import { type Instance, makeStore, startInstance, type Store, stopAll } from './lib/instances.js';
import { startTcpProxy, type TcpProxy } from './lib/tcpProxy.js';
import { createProduct, editProduct, firstBrandId, type ProductLedger, waitUntil } from './lib/workload.js';

const WRITERS = 4;
/** The pool gives up connecting after 5 s; anything slower is a hang. */
const MAX_ANSWER_MS = 8000;

describe('database unreachable', () => {
  const bundle = inject('serverBundle');

  it('stops a server at start with an error instead of hanging when PostgreSQL cannot be reached', async () => {
    const child = spawn(process.execPath, [bundle], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere', REDIS_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    // 'close', not 'exit': the output may still be in the pipes when the process has exited.
    const code = await new Promise<number | null>((resolve) => child.once('close', (c) => resolve(c)));
    clearTimeout(killer);
    expect(code, output).not.toBe(0);
    expect(code, 'killed: the server hung').not.toBe(null);
    expect(output).toMatch(/ECONNREFUSED/);
  });
});

if (process.env.TEST_DATABASE_URL) {
  describe('PostgreSQL cut and restored under a running server', () => {
    const bundle = inject('serverBundle');
    let store: Store;
    let proxy: TcpProxy;

    beforeAll(async () => {
      store = await makeStore('postgres');
      const direct = new URL(store.directUrl!);
      proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
      direct.hostname = '127.0.0.1';
      direct.port = String(proxy.port);
      store.databaseUrl = direct.toString();
    });
    afterAll(async () => {
      await stopAll();
      await proxy?.close();
      await store?.dispose();
    });

    it('answers 503 quickly while it is down and recovers without a restart, losing no acknowledged write', async () => {
      const server = await startInstance('outage', bundle, store);
      try {
        await outage(server);
      } catch (error) {
        throw new Error(`${(error as Error).message}\n--- server output ---\n${server.output()}`, { cause: error });
      }
    });

    async function outage(server: Instance) {
      const client = new SiteClient(server.url, 'rossi.localhost');
      await client.login('rossi');
      const brand = await firstBrandId(client);
      const answers: Array<{ what: string; res: Answer }> = [];
      const failures: string[] = [];
      let stop = false;

      const products: ProductLedger[] = [];
      const acks = new Array<number>(WRITERS).fill(0);
      const unavailable = new Array<number>(WRITERS).fill(0);
      const bump = (counts: number[], w: number) => (counts[w] = (counts[w] ?? 0) + 1);
      const writer = async (w: number) => {
        const product = await createProduct(client, brand, `outage-${w}-${Date.now()}`);
        products.push(product);
        let resync = false;
        for (let n = 1; !stop; n++) {
          try {
            if (resync) {
              // A change answered 503 may still have been committed: read the row again, as a client would.
              const res = await client.get(`/api/products/${product.id}/`);
              answers.push({ what: 'read', res });
              if (res.status !== 200) {
                if (res.status === 503) bump(unavailable, w);
                continue;
              }
              const row = res.json<{ sku: string; version: number }>();
              Object.assign(product, { sku: row.sku, version: row.version, pendingSku: undefined });
              resync = false;
            }
            const res = await editProduct(client, product, `o${w}-${n}`);
            answers.push({ what: 'edit', res });
            if (res.status === 200) bump(acks, w);
            else if (res.status === 503) {
              bump(unavailable, w);
              resync = true;
            }
          } catch (error) {
            failures.push(`writer ${w}: ${(error as Error).message}`);
            return;
          }
        }
      };
      const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
      await waitUntil(() => failures.length > 0 || acks.every((n) => n >= 3), 60_000, 'writes before the cut');

      await proxy.cut();
      await waitUntil(() => failures.length > 0 || unavailable.every((n) => n >= 3), 30_000, 'every writer to meet the outage');
      const during = await Promise.all([
        client.get('/api/products/'),
        client.get('/api/profiles/me/'),
        new SiteClient(server.url, 'verdi.localhost').request('POST', '/api/auth/login', { json: { username: 'verdi', password: 'demo1234' } }),
      ]);
      for (const res of during) answers.push({ what: 'during', res });
      for (const res of during) {
        expect(res.status, res.body.toString()).toBe(503);
        expect(typeof res.json().detail).toBe('string');
      }
      const health = await client.get('/api/health');
      expect(health.status).toBe(503);
      expect(health.ms).toBeLessThan(MAX_ANSWER_MS);

      await proxy.restore();
      const restored = performance.now();
      await waitUntil(async () => (await client.get('/api/health')).status === 200, 30_000, '/api/health to answer 200 again');
      const recoveredMs = performance.now() - restored;
      const acksAtRestore = [...acks];
      await waitUntil(() => failures.length > 0 || acks.every((n, w) => n >= (acksAtRestore[w] ?? 0) + 3), 60_000, 'writes after the restore');
      stop = true;
      await Promise.all(writers);

      expect(failures).toEqual([]);
      expect(recoveredMs).toBeLessThan(15_000);
      for (const { what, res } of answers) {
        expect([200, 503], `${what}: ${res.status} ${res.body}`).toContain(res.status);
        expect(res.ms, `${what} took ${Math.round(res.ms)} ms`).toBeLessThan(MAX_ANSWER_MS);
        if (res.status === 503) {
          expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
          expect(Object.keys(res.json())).toEqual(['detail']);
        }
      }
      for (const p of products) {
        const res = await client.get(`/api/products/${p.id}/`);
        expect(res.status).toBe(200);
        const row = res.json<{ sku: string; version: number }>();
        const asAcknowledged = row.sku === p.sku && row.version === p.version;
        const unansweredLanded = p.pendingSku !== undefined && row.sku === p.pendingSku && row.version === p.version + 1;
        expect(asAcknowledged || unansweredLanded, `${JSON.stringify(row)} vs ${JSON.stringify(p)}`).toBe(true);
      }
      // The session made before the outage still works: nothing was lost from the database.
      expect((await client.get('/api/profiles/me/')).status).toBe(200);
    }
  });
}
