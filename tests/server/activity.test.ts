/**
 * The activity log (issue 16): logins, failed logins, entity writes, account and
 * permission changes and site keys, read newest first in keyset pages through
 * GET /api/activity/, scoped like the rest of the API — a dealer its own site, a market
 * administrator its market, staff every site — and never written through the API.
 */
import { beforeAll, expect, it } from 'vitest';
import { api, entity, fixtures, HOSTS, json, tenantId } from './entity-fixtures.js';
import { describeEachDialect, type Session } from './harness.js';

const news = entity('news');
type Entry = {
  id: number;
  action: string;
  model: string;
  object_id: number | null;
  site: number | null;
  user: { username: string } | null;
  ip: string | null;
  changes: any;
};

describeEachDialect(
  'activity log',
  (h) => {
    let rossi: Session;
    let verdi: Session;
    let admin: Session;
    let italy: Session;
    let spain: Session;
    const fx = fixtures(h);
    // Signed in once for the block: sessions are kept between its tests.
    beforeAll(async () => {
      rossi = await h.login('rossi', HOSTS.rossi);
      verdi = await h.login('verdi', HOSTS.verdi);
      admin = await h.login('admin', HOSTS.master);
      italy = await h.login('market', HOSTS.master);
      spain = await h.login('spain', HOSTS.master);
    });
    const log = async (s: Session, query = '') => {
      const res = await h.get(`/api/activity/${query}`, { host: s.host, session: s });
      expect(res.statusCode, res.body).toBe(200);
      return json(res) as { items: Entry[]; next: number | null };
    };
    const made = async (s: Session) => {
      const res = await h.post(api(news), { host: s.host, session: s, body: await fx.body('news', s === rossi ? 'rossi' : 'verdi') });
      expect(res.statusCode, res.body).toBe(201);
      return json(res).id as number;
    };
    const has = (items: Entry[], id: number) => items.some((e) => e.model === 'news' && e.object_id === id);

    it('lists a write on its site, newest first, and never on another dealer site', async () => {
      const mine = await made(rossi);
      const theirs = await made(verdi);
      const page = await log(rossi, '?model=news&items=100');
      expect(has(page.items, mine)).toBe(true);
      expect(has(page.items, theirs)).toBe(false);
      expect(page.items[0]).toMatchObject({ action: 'create', model: 'news', object_id: mine, site: await tenantId(h, 'rossi'), user: { username: 'rossi' } });
      const ids = page.items.map((e) => e.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));

      // Another site's entry is no cursor here: its time would show through the page it cuts.
      const theirEntry = (await log(verdi, '?model=news&items=1')).items[0]!.id;
      expect(await log(rossi, `?before=${theirEntry}`)).toEqual({ items: [], next: null });
    });

    it('shows a market administrator its market only, and staff every site', async () => {
      const mine = await made(rossi);
      expect(has((await log(italy, '?model=news&items=100')).items, mine)).toBe(true);
      expect(has((await log(spain, '?model=news&items=100')).items, mine)).toBe(false);
      expect(has((await log(admin, '?model=news&items=100')).items, mine)).toBe(true);
    });

    it('filters by user, model, action and time, and pages by its cursor', async () => {
      const id = await made(rossi);
      await h.call('PATCH', api(news, id), { host: HOSTS.rossi, session: rossi, body: { status: 'draft', version: 1 } });
      const updates = await log(rossi, `?model=news&action=update&items=100`);
      expect(updates.items.every((e) => e.action === 'update' && e.model === 'news')).toBe(true);
      expect(has(updates.items, id)).toBe(true);
      const rossiId = (await h.db.selectFrom('users').select('id').where('username', '=', 'rossi').executeTakeFirstOrThrow()).id;
      expect((await log(rossi, `?user=${rossiId}&items=100`)).items.every((e) => e.user?.username === 'rossi')).toBe(true);
      expect((await log(rossi, '?to=2000-01-01')).items).toEqual([]);
      expect(has((await log(rossi, `?from=${new Date(Date.now() - 60_000).toISOString()}&model=news&items=100`)).items, id)).toBe(true);

      const first = await log(rossi, '?items=1');
      expect(first.items).toHaveLength(1);
      const second = await log(rossi, `?items=1&before=${first.next}`);
      expect(second.items[0]!.id).toBeLessThan(first.items[0]!.id);
      // A cursor that names no entry is an empty last page.
      expect(await log(rossi, '?before=2000000000')).toEqual({ items: [], next: null });

      for (const bad of ['?from=yesterday', '?items=0', '?items=101', '?user=x', '?model=a%20b']) {
        expect((await h.get(`/api/activity/${bad}`, { host: HOSTS.rossi, session: rossi })).statusCode, bad).toBe(400);
      }
    });

    it('records logins and failed logins with the name given and the address', async () => {
      await h.login('verdi', HOSTS.verdi);
      const failed = await h.post('/api/auth/login', { host: HOSTS.verdi, body: { username: 'verdi', password: 'wrong' }, remoteAddress: '203.0.113.9' });
      expect(failed.statusCode).toBe(400);
      const page = await log(verdi, '?model=auth&items=10');
      expect(page.items[0]).toMatchObject({ action: 'login_failed', user: { username: 'verdi' } });
      expect(page.items.some((e) => e.action === 'login')).toBe(true);
      // The address is the platform's to read: the superuser sees it, the site's own users do not.
      expect(page.items[0]!.ip).toBeNull();
      const seen = (await log(admin, `?model=auth&action=login_failed&items=10`)).items.find((e) => e.id === page.items[0]!.id);
      expect(seen?.ip).toBe('203.0.113.9');
    });

    it("keeps addresses from a site's users and market administrators in the log, a row's history and the bin", async () => {
      const id = await made(rossi);
      const ipsOf = (items: Pick<Entry, 'ip'>[]) => [...new Set(items.map((e) => e.ip))];
      expect(ipsOf((await log(rossi, '?items=100')).items)).toEqual([null]);
      expect(ipsOf((await log(italy, '?items=100')).items)).toEqual([null]);
      expect(ipsOf((await log(admin, '?items=100')).items)).not.toContain(null);
      const history = json(await h.get(`${api(news)}${id}/revisions/`, { host: HOSTS.rossi, session: rossi }));
      expect(ipsOf(history.items)).toEqual([null]);
      const detail = json(await h.get(`${api(news)}${id}/revisions/${history.items[0].id}/`, { host: HOSTS.rossi, session: rossi }));
      expect(detail.ip).toBeNull();
      expect((await h.call('DELETE', `${api(news)}${id}/`, { host: HOSTS.rossi, session: rossi })).statusCode).toBe(204);
      const bin = json(await h.get(`${api(news)}bin/`, { host: HOSTS.rossi, session: rossi }));
      expect(ipsOf(bin.items)).toEqual([null]);
    });

    it('records permission changes and site keys without any secret', async () => {
      const res = await h.get('/api/users/?search=rossi.viewer', { host: HOSTS.rossi, session: rossi });
      const viewer = json(res).items.find((u: { username: string }) => u.username === 'rossi.viewer');
      const detail = json(await h.get(`/api/users/${viewer.id}/`, { host: HOSTS.rossi, session: rossi }));
      const granted = detail.permissions.includes('view_news')
        ? detail.permissions.filter((p: string) => p !== 'view_news')
        : [...detail.permissions, 'view_news'];
      const put = await h.call('PATCH', `/api/users/${viewer.id}/`, {
        host: HOSTS.rossi,
        session: rossi,
        body: { permissions: granted, version: detail.version },
      });
      expect(put.statusCode, put.body).toBe(200);
      const [entry] = (await log(rossi, '?action=permissions&items=1')).items;
      expect(entry).toMatchObject({ model: 'user', object_id: viewer.id, user: { username: 'rossi' } });
      expect([...entry!.changes.granted, ...entry!.changes.revoked]).toEqual(['view_news']);

      const key = await h.post('/api/siteKeys/', { host: HOSTS.master, session: admin, body: { tenant: await tenantId(h, 'rossi'), name: 'Front end' } });
      expect(key.statusCode, key.body).toBe(201);
      const [made] = (await log(rossi, '?model=siteKey&items=1')).items;
      expect(made).toMatchObject({ action: 'create', object_id: json(key).id, changes: { name: 'Front end' }, user: { username: 'admin' } });
      expect(JSON.stringify(made)).not.toContain(json(key).key);
    });

    it('has no route that writes or deletes an entry', async () => {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        expect((await h.call(method, '/api/activity/', { host: HOSTS.rossi, session: rossi, body: {} })).statusCode, method).toBe(404);
        expect((await h.call(method, '/api/activity/1/', { host: HOSTS.rossi, session: rossi, body: {} })).statusCode, method).toBe(404);
      }
    });
  },
  { resetBetweenTests: false },
);
