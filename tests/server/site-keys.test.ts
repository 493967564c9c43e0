/**
 * Site API keys (issue 15): made, listed and revoked from the master back-office by whoever
 * may change the site (a market administrator within its market), shown once and stored
 * hashed; `siteIdForKey` answers the site of a valid key, and refuses a revoked one at once
 * on every instance.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearerKey, LAST_USED_EVERY_MS, siteIdForKey } from '../../server/services/siteKeys.js';
import { hashToken } from '../../server/services/tokens.js';
import { describeEachDialect, expectFieldErrors, type Harness, type Session } from './harness.js';
import { HOSTS, json, siteId, uniqueName } from './users-fixtures.js';

const KEYS = '/api/siteKeys/';

async function makeKey(h: Harness, session: Session, tenant: number, name = 'Website') {
  const res = await h.post(KEYS, { host: HOSTS.master, session, body: { tenant, name } });
  expect(res.statusCode, res.body).toBe(201);
  return json(res) as { id: number; key: string; prefix: string; name: string; created_by: string };
}

/** A dealer site in another market than the Italian market administrator's. */
async function spanishSite(h: Harness, admin: Session): Promise<number> {
  const spain = await h.db.selectFrom('markets').select('id').where('code', '=', 'ES').executeTakeFirstOrThrow();
  const name = uniqueName('espana');
  const res = await h.post('/api/tenants/', {
    host: HOSTS.master,
    session: admin,
    body: { name, domain: `${name}.localhost`, market: spain.id, brand_list: ['DF'], languages: ['es'], default_language: 'es' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return json(res).id as number;
}

describeEachDialect('site API keys', (h) => {
  let admin: Session;
  let rossi: number;
  beforeAll(async () => {
    rossi = await siteId(h, HOSTS.rossi);
  });
  const signIn = async () => (admin = await h.login('admin', HOSTS.master));

  it('shows a new key once, keeps only its hash, and lists it by name and prefix', async () => {
    await signIn();
    const made = await makeKey(h, admin, rossi, '  Nuxt front-end  ');
    expect(made.key).toMatch(/^dbk_[A-Za-z0-9_-]{43}$/);
    expect(made.prefix).toBe(made.key.slice(0, 12));
    expect(made.name).toBe('Nuxt front-end');
    expect(made.created_by).toBe('admin');
    const stored = await h.db.selectFrom('site_api_keys').selectAll().where('id', '=', made.id).executeTakeFirstOrThrow();
    expect(stored.key_hash).toBe(hashToken(made.key));
    expect(JSON.stringify(stored)).not.toContain(made.key);

    const list = await h.get(`${KEYS}?tenant=${rossi}`, { host: HOSTS.master, session: admin });
    expect(list.statusCode, list.body).toBe(200);
    const item = (json(list).items as Record<string, unknown>[]).find((k) => k.id === made.id);
    expect(item).toEqual({
      id: made.id,
      name: 'Nuxt front-end',
      prefix: made.prefix,
      created_at: stored.created_at,
      created_by: 'admin',
      last_used_at: null,
      revoked_at: null,
    });
    expect(list.body).not.toContain(made.key);
    expect(list.body).not.toContain(stored.key_hash);
  });

  it("answers a valid key's site, and refuses a revoked key at once while keeping it listed", async () => {
    await signIn();
    const made = await makeKey(h, admin, rossi);
    expect(await siteIdForKey(h.db, made.key, h.app.siteKeyCache)).toBe(rossi);
    const res = await h.call('DELETE', `${KEYS}${made.id}/`, { host: HOSTS.master, session: admin });
    expect(res.statusCode, res.body).toBe(204);
    expect(await siteIdForKey(h.db, made.key, h.app.siteKeyCache)).toBeUndefined();
    const again = await h.call('DELETE', `${KEYS}${made.id}/`, { host: HOSTS.master, session: admin });
    expect(again.statusCode).toBe(204);
    const listed = (
      json(await h.get(`${KEYS}?tenant=${rossi}`, { host: HOSTS.master, session: admin })).items as { id: number; revoked_at: string | null }[]
    ).find((k) => k.id === made.id);
    expect(listed?.revoked_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('refuses keys that are malformed, unknown, or of a deactivated site', async () => {
    await signIn();
    const made = await makeKey(h, admin, rossi);
    expect(await siteIdForKey(h.db, made.key.slice(0, -1))).toBeUndefined();
    expect(await siteIdForKey(h.db, `${made.key.slice(0, -1)}${made.key.endsWith('A') ? 'B' : 'A'}`)).toBeUndefined();
    expect(await siteIdForKey(h.db, "dbk_' or 1=1 --")).toBeUndefined();
    await h.db.updateTable('tenants').set({ is_active: 0 }).where('id', '=', rossi).execute();
    try {
      await h.settled();
      expect(await siteIdForKey(h.db, made.key, h.app.siteKeyCache)).toBeUndefined();
    } finally {
      await h.db.updateTable('tenants').set({ is_active: 1 }).where('id', '=', rossi).execute();
      await h.settled();
    }
    expect(await siteIdForKey(h.db, made.key)).toBe(rossi);
  });

  it('writes a key’s last use at most once a minute', async () => {
    await signIn();
    const made = await makeKey(h, admin, rossi);
    const lastUsed = async () =>
      (await h.db.selectFrom('site_api_keys').select('last_used_at').where('id', '=', made.id).executeTakeFirstOrThrow()).last_used_at;
    await siteIdForKey(h.db, made.key);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await siteIdForKey(h.db, made.key);
    expect(await lastUsed()).toBe(first);
    const longAgo = new Date(Date.now() - LAST_USED_EVERY_MS - 1000).toISOString();
    await h.db.updateTable('site_api_keys').set({ last_used_at: longAgo }).where('id', '=', made.id).execute();
    await siteIdForKey(h.db, made.key);
    expect((await lastUsed())! > longAgo).toBe(true);
  });

  it('names the problems of a bad key request, and 404s a site that is not a dealer site', async () => {
    await signIn();
    expectFieldErrors(await h.post(KEYS, { host: HOSTS.master, session: admin, body: { tenant: rossi, name: '   ' } }), ['name']);
    expectFieldErrors(await h.post(KEYS, { host: HOSTS.master, session: admin, body: { tenant: 'x', name: 'a'.repeat(101) } }), ['tenant', 'name']);
    expectFieldErrors(await h.get(`${KEYS}?tenant=0`, { host: HOSTS.master, session: admin }), ['tenant']);
    const master = await siteId(h, HOSTS.master);
    expect((await h.post(KEYS, { host: HOSTS.master, session: admin, body: { tenant: master, name: 'Master' } })).statusCode).toBe(404);
    expect((await h.get(`${KEYS}?tenant=2147483000`, { host: HOSTS.master, session: admin })).statusCode).toBe(404);
    expect((await h.call('DELETE', `${KEYS}2147483000/`, { host: HOSTS.master, session: admin })).statusCode).toBe(404);
  });

  it('lets a market administrator manage keys of its market only, and nobody on a dealer host', async () => {
    await signIn();
    const market = await h.login('market', HOSTS.master);
    const own = await makeKey(h, market, rossi);
    const spanish = await spanishSite(h, admin);
    const foreign = await makeKey(h, admin, spanish);
    expect((await h.get(`${KEYS}?tenant=${spanish}`, { host: HOSTS.master, session: market })).statusCode).toBe(404);
    expect((await h.post(KEYS, { host: HOSTS.master, session: market, body: { tenant: spanish, name: 'x' } })).statusCode).toBe(404);
    expect((await h.call('DELETE', `${KEYS}${foreign.id}/`, { host: HOSTS.master, session: market })).statusCode).toBe(404);
    expect(await siteIdForKey(h.db, foreign.key)).toBe(spanish);
    expect((await h.call('DELETE', `${KEYS}${own.id}/`, { host: HOSTS.master, session: market })).statusCode).toBe(204);
    const staff = await h.login('staff', HOSTS.master);
    expect((await h.get(`${KEYS}?tenant=${rossi}`, { host: HOSTS.master, session: staff })).statusCode).toBe(403);
    const dealer = await h.login('rossi', HOSTS.rossi);
    expect((await h.get(`${KEYS}?tenant=${rossi}`, { host: HOSTS.rossi, session: dealer })).statusCode).toBe(404);
  });
});

describeEachDialect('site API keys on two instances', (h) => {
  let other: FastifyInstance;
  beforeAll(async () => {
    other = await h.appWith({});
  });

  it('refuses a key revoked on one instance on another once it has heard, though that one remembered it', async () => {
    const admin = await h.login('admin', HOSTS.master);
    const rossi = await siteId(h, HOSTS.rossi);
    const made = await makeKey(h, admin, rossi);
    // PostgreSQL remembers keys found valid (SQLite reads every time: nothing to forget there).
    expect(other.siteKeyCache !== undefined).toBe(h.dialect === 'postgres');
    expect(await siteIdForKey(h.db, made.key, other.siteKeyCache)).toBe(rossi);
    expect(await siteIdForKey(h.db, made.key, other.siteKeyCache)).toBe(rossi);
    expect((await h.call('DELETE', `${KEYS}${made.id}/`, { host: HOSTS.master, session: admin })).statusCode).toBe(204);
    await h.settled();
    expect(await siteIdForKey(h.db, made.key, other.siteKeyCache)).toBeUndefined();
  });
});

describe('bearerKey', () => {
  it('reads the key of `Authorization: Bearer`, and nothing else', () => {
    expect(bearerKey('Bearer dbk_abc')).toBe('dbk_abc');
    expect(bearerKey('bearer   dbk_abc ')).toBe('dbk_abc');
    expect(bearerKey('Token dbk_abc')).toBeUndefined();
    expect(bearerKey('Bearer a b')).toBeUndefined();
    expect(bearerKey(undefined)).toBeUndefined();
  });
});
