/**
 * Two server processes on one database and one DATA_DIR, as behind a load balancer: a
 * session made on one works on the other and, ended on one, is refused by both (by the
 * other as soon as PostgreSQL's change feed tells it); failed logins on both count
 * against one limit (in the database, or in Redis when REDIS_URL is set); and a file
 * uploaded through one is served by the other. On PostgreSQL when TEST_DATABASE_URL is set; on SQLite too
 * (two processes on one machine share its file).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SiteClient } from './lib/client.js';
import { backends, type Instance, makeStore, startInstance, type Store, stopAll } from './lib/instances.js';
import { pngFor, waitUntil } from './lib/workload.js';

const MAX_PER_USERNAME = 4;
// Redis is tried with PostgreSQL, the pair a deployment of several instances runs on.
const limitersFor = (backend: string) => (process.env.REDIS_URL && backend === 'postgres' ? (['database', 'redis'] as const) : (['database'] as const));

for (const backend of backends()) {
  for (const limiter of limitersFor(backend)) {
    describe(`two instances [${backend}, rate limits in the ${limiter}]`, () => {
      const bundle = inject('serverBundle');
      let store: Store;
      let a: Instance;
      let b: Instance;

      beforeAll(async () => {
        store = await makeStore(backend, 'bo_two');
        const env = {
          LOGIN_MAX_FAILURES_PER_USERNAME: String(MAX_PER_USERNAME),
          REDIS_URL: limiter === 'redis' ? process.env.REDIS_URL : undefined,
        };
        // One after the other: the first migrates and seeds, the second finds it done.
        a = await startInstance(`two-a-${backend}`, bundle, store, env);
        b = await startInstance(`two-b-${backend}`, bundle, store, env);
      });
      afterAll(async () => {
        await stopAll();
        await store?.dispose();
      });

      it('accepts on one instance a session made on the other, and ends it on both', async () => {
        const onA = new SiteClient(a.url, 'rossi.localhost');
        await onA.login('rossi');
        const onB = new SiteClient(b.url, 'rossi.localhost');
        onB.token = onA.token;
        const me = await onB.get('/api/profiles/me/');
        expect(me.status, me.body.toString()).toBe(200);
        expect(me.json().username).toBe('rossi');
        // On PostgreSQL A now remembers the session; B's logout reaches it through the change feed.
        expect((await onA.get('/api/profiles/me/')).status).toBe(200);
        expect((await onB.get('/api/auth/logout')).status).toBe(200);
        expect((await onB.get('/api/profiles/me/')).status).toBe(401);
        await waitUntil(async () => (await onA.get('/api/profiles/me/')).status === 401, 1000, 'the other instance to refuse the ended session');
      });

      it('adds up failed logins on both instances against one limit', async () => {
        // A name of this run only: with Redis, counters outlive the database.
        const username = `ghost-${randomBytes(4).toString('hex')}`;
        const clients = [new SiteClient(a.url, 'localhost'), new SiteClient(b.url, 'localhost')] as const;
        const attempt = (i: number) => clients[i % 2 === 0 ? 0 : 1].request('POST', '/api/auth/login', { json: { username, password: 'wrong' } });
        for (let i = 0; i < MAX_PER_USERNAME; i++) expect((await attempt(i)).status).toBe(400);
        for (let i = 0; i < 2; i++) {
          const res = await attempt(i);
          expect(res.status, res.body.toString()).toBe(429);
          expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        }
      });

      it('serves through one instance the media uploaded through the other', async () => {
        const onA = new SiteClient(a.url, 'verdi.localhost');
        await onA.login('verdi');
        const onB = new SiteClient(b.url, 'verdi.localhost');
        onB.token = onA.token;
        const png = await pngFor(4242, 200);
        const up = await onA.upload(png, 'shared.png', 'image/png', { title: 'Shared' });
        expect(up.status, up.body.toString()).toBe(201);
        const created = up.json<{ id: number; url: string }>();
        const detail = await onB.get(`/api/media/${created.id}/`);
        expect(detail.status).toBe(200);
        expect(detail.json().title).toBe('Shared');
        const file = await onB.get(created.url);
        expect(file.status).toBe(200);
        expect(file.body.equals(png)).toBe(true);
        // The variants are made by the job runner of whichever instance leases the job: B serves them once they exist.
        const ready = () => onB.get(`/api/media/${created.id}/`).then((r) => r.json<{ processing: boolean; thumbnail_url: string }>());
        await expect.poll(async () => (await ready()).processing, { timeout: 20_000 }).toBe(false);
        expect((await onB.get((await ready()).thumbnail_url)).status).toBe(200);
      });
    });
  }
}
