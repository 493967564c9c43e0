/**
 * Issue 13.11: a session ends SESSION_MAX_DAYS after it was made, however continuously it
 * is used (the sliding SESSION_TTL_HOURS only ends idle ones), and nothing remembered of it
 * (server/cache/accessCache.ts, PostgreSQL) outlives that end.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { createSession } from '../../server/services/sessions.js';
import { describeEachDialect, expectDetail, type Session } from './harness.js';
import { HOSTS } from './users-fixtures.js';

const DAY = 86_400_000;

describeEachDialect('absolute session lifetime', (h) => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });
  const me = (session: Session, app = h.app) => h.get('/api/profiles/me/', { host: session.host, session, app });
  const brands = (session: Session, app = h.app) => h.get('/api/brand/', { host: HOSTS.rossi, session, app });
  const row = async () => h.db.selectFrom('sessions').select(['created_at', 'expires_at']).executeTakeFirstOrThrow();

  it('refuses a session older than SESSION_MAX_DAYS (30) even while it is in use', async () => {
    const rossi = await h.login('rossi', HOSTS.rossi);
    // Made 31 days ago, used a minute ago: the sliding expiry is far ahead.
    await h.db
      .updateTable('sessions')
      .set({ created_at: new Date(Date.now() - 31 * DAY).toISOString(), expires_at: new Date(Date.now() + 13 * DAY).toISOString() })
      .execute();
    await h.settled();
    expectDetail(await me(rossi), 401);
    expectDetail(await brands(rossi), 401);
  });

  it('never pushes the sliding expiry past the absolute end', async () => {
    const staff = await h.login('staff');
    const created = Date.now() - 29.5 * DAY;
    await h.db
      .updateTable('sessions')
      .set({ created_at: new Date(created).toISOString(), expires_at: new Date(Date.now() + 3600_000).toISOString() })
      .execute();
    await h.settled();
    expect((await me(staff)).statusCode).toBe(200);
    expect(Date.parse((await row()).expires_at)).toBeLessThanOrEqual(created + 30 * DAY);
  });

  it('a new session expires no later than SESSION_MAX_DAYS, when that is the shorter', async () => {
    const app = await h.appWith({ SESSION_MAX_DAYS: '0.5' });
    await h.login('staff', 'localhost', { app });
    const { created_at, expires_at } = await row();
    expect(Date.parse(expires_at) - Date.parse(created_at)).toBeLessThanOrEqual(DAY / 2);
  });

  it("counts a session's end from the instant it was made, however the clock moves while it is written", async () => {
    const { id } = await h.db.selectFrom('users').select('id').where('username', '=', 'staff').executeTakeFirstOrThrow();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    // Every reading of the clock finds it a millisecond later than the last one.
    const now = Date.now.bind(Date);
    vi.spyOn(Date, 'now').mockImplementation(() => {
      vi.advanceTimersByTime(1);
      return now();
    });
    await createSession(h.db, id, DAY / 2, { ip: '127.0.0.1', userAgent: 'test' });
    const { created_at, expires_at } = await row();
    expect(Date.parse(expires_at) - Date.parse(created_at)).toBe(DAY / 2);
  });

  it('forgets what it remembered of a session when the session reaches its absolute end', async () => {
    // About 86 seconds: shorter than anything is otherwise remembered (ten minutes).
    const app = await h.appWith({ SESSION_MAX_DAYS: '0.001' });
    const rossi = await h.login('rossi', HOSTS.rossi, { app });
    for (let i = 0; i < 2; i++) expect((await brands(rossi, app)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 100_000 });
    expectDetail(await brands(rossi, app), 401);
    expectDetail(await me(rossi, app), 401);
  });
});
