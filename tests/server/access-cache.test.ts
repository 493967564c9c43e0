/**
 * What a guarded request reads with its session (who, their permissions on the model, the
 * site's data version) is remembered on PostgreSQL while the change feed is heard
 * (server/cache/): a session ended or access changed is refused at once by the instance
 * that made the change, by another instance as soon as it has heard of it, and nothing is
 * remembered while the feed is cut. On SQLite nothing is remembered; the same rules hold.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, expect, it, vi } from 'vitest';
import { describeEachDialect, type Session } from './harness.js';
import { pgPoolOf } from '../../server/db/database.js';
import { fixtures } from './entity-fixtures.js';
import { createVia, GOOD_PASSWORD, HOSTS, siteId, uniqueName } from './users-fixtures.js';

describeEachDialect('remembered access', (h) => {
  let other: FastifyInstance;
  const fx = fixtures(h);
  beforeAll(async () => {
    other = await h.appWith({});
  });

  const brands = (session: Session, app?: FastifyInstance) => h.get('/api/brand/', { host: HOSTS.rossi, session, app });
  /** Answered twice with 200 on both instances: by then each has what it remembers. */
  const servedOnBoth = async (session: Session) => {
    for (const app of [undefined, other, undefined, other]) expect((await brands(session, app)).statusCode).toBe(200);
  };
  const newBrandViewer = async () => {
    const admin = await h.login('admin', HOSTS.master);
    const user = await createVia(h, admin, '/api/tenantUsers/', {
      username: uniqueName('brandviewer'),
      tenant: await siteId(h, HOSTS.rossi),
      permissions: ['view_brand'],
    });
    return { admin, user, session: await h.login(user.username as string, HOSTS.rossi, { password: GOOD_PASSWORD }) };
  };

  it('remembers on PostgreSQL whether or not list answers are kept (LIST_CACHE_MB=0)', async () => {
    const uncached = await h.appWith({ LIST_CACHE_MB: '0' });
    expect(uncached.responseCache.enabled).toBe(false);
    expect(uncached.accessCache !== undefined).toBe(h.dialect === 'postgres');
  });

  it('refuses a session ended on one instance there at once, and on another once it has heard', async () => {
    const rossi = await h.login('rossi', HOSTS.rossi);
    await servedOnBoth(rossi);
    expect((await h.get('/api/auth/logout', { host: HOSTS.rossi, session: rossi })).statusCode).toBe(200);
    expect((await brands(rossi)).statusCode).toBe(401);
    await h.settled();
    expect((await brands(rossi, other)).statusCode).toBe(401);
  });

  it('refuses a user whose access was taken at once on the instance that took it, and on another once it has heard', async () => {
    const { admin, user, session } = await newBrandViewer();
    await servedOnBoth(session);
    const res = await h.call('PATCH', `/api/tenantUsers/${user.id}/`, { host: HOSTS.master, session: admin, body: { permissions: [], version: user.version } });
    expect(res.statusCode, res.body).toBe(200);
    expect([401, 403]).toContain((await brands(session)).statusCode);
    await h.settled();
    expect([401, 403]).toContain((await brands(session, other)).statusCode);
  });

  it('sees a change made around the server once the instance has heard of it', async () => {
    const { user, session } = await newBrandViewer();
    await servedOnBoth(session);
    await h.db
      .updateTable('users')
      .set({ is_active: 0 })
      .where('id', '=', user.id as number)
      .execute();
    await h.settled();
    for (const app of [undefined, other]) expect((await brands(session, app)).statusCode).toBe(401);
  });

  if (h.dialect === 'postgres') {
    it("keeps a session remembered across a write of the site's content, and shows the write at once", async () => {
      const rossi = await h.login('rossi', HOSTS.rossi);
      await servedOnBoth(rossi);
      const pool = pgPoolOf(h.app.db)!;
      const made = await h.call('POST', '/api/brand/', { host: HOSTS.rossi, session: rossi, body: await fx.body('brand', 'rossi') });
      expect(made.statusCode, made.body).toBe(201);
      const query = vi.spyOn(pool, 'query');
      try {
        const after = await brands(rossi);
        expect(after.statusCode).toBe(200);
        expect(JSON.parse(after.body).items.map((b: { id: number }) => b.id)).toContain(JSON.parse(made.body).id);
        const texts = query.mock.calls.map(([q]) => String(typeof q === 'string' ? q : (q as { text: string }).text));
        expect(texts.filter((t) => t.includes('from sessions'))).toEqual([]);
        expect(texts.filter((t) => t.includes('from data_versions'))).toHaveLength(1);
      } finally {
        query.mockRestore();
      }
      // Told by the feed: the other instance shows it once it has heard, and reads no session either.
      await h.settled();
      const there = await brands(rossi, other);
      expect(JSON.parse(there.body).items.map((b: { id: number }) => b.id)).toContain(JSON.parse(made.body).id);
    });

    it('remembers nothing while the feed is cut, and hears again once it is back', async () => {
      const { user, session } = await newBrandViewer();
      await servedOnBoth(session);
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen %'`.execute(h.db);
      await vi.waitFor(() => expect(h.app.changeFeed!.trusted).toBe(false));
      // Not heard by anyone: only a read from the database can see it.
      await h.db
        .updateTable('users')
        .set({ is_active: 0 })
        .where('id', '=', user.id as number)
        .execute();
      expect((await brands(session)).statusCode).toBe(401);
      await vi.waitFor(async () => expect(await h.app.changeFeed!.settled()).toBe(true), { timeout: 10_000, interval: 100 });
      expect(h.app.changeFeed!.trusted).toBe(true);
    });
  }
});
