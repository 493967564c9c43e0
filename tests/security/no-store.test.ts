/**
 * Issue 13 point 11: an API answer is one user's data, so no browser or proxy may keep it
 * (`Cache-Control: no-store`), on every read route, on errors, and on a list answer served
 * from the process's cache; files under /media/ and the SPA's hashed assets keep theirs.
 */
import { beforeAll, expect, it } from 'vitest';
import { image } from '../server/fixtures/media.js';
import { uploaded } from '../server/fixtures/mediaApi.js';
import { describeEachDialect, type Session } from '../server/harness.js';
import { loadWorld, type World } from './identities.js';
import { resources, type Resources, SITE_HOST, type SiteKey } from './resources.js';
import { apiRoutes } from './routeTable.js';
import { targetOf } from './targets.js';

describeEachDialect(
  'no API answer is stored',
  (h) => {
    let world: World;
    let r: Resources;
    const adminOn = async (site: SiteKey) => (await world.session('admin', SITE_HOST[site])) as Session;

    beforeAll(async () => {
      world = await loadWorld(h);
      r = resources(h, adminOn);
    });

    it('says no-store on every read route of the API, signed in or not', async () => {
      let tried = 0;
      // The delivery API's answers are nobody's in particular: made to be cached (tests/server/public-api-cache.test.ts).
      for (const route of apiRoutes(h).filter((a) => a.method === 'GET' && a.access?.kind !== 'delivery')) {
        const t = await targetOf(r, route, adminOn);
        for (const session of [t.session, undefined]) {
          const res = await h.get(t.url, { host: t.host, session });
          expect(res.headers['cache-control'], `${route.url} ${res.statusCode} ${session ? 'admin' : 'anonymous'}`).toBe('no-store');
          tried++;
        }
      }
      expect(tried).toBeGreaterThan(50);
    });

    it('says no-store on a list answered twice (the second from the cache) and on write answers and errors', async () => {
      const admin = await adminOn('dealer');
      for (let i = 0; i < 2; i++) {
        const res = await h.get('/api/brand/', { host: SITE_HOST.dealer, session: admin });
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control'], `list, time ${i + 1}`).toBe('no-store');
      }
      const answers = [
        await h.post('/api/auth/login', { body: { username: 'admin', password: 'wrong' } }),
        await h.post('/api/auth/login', { body: { username: 'admin' } }),
        await h.post('/api/auth/login', { origin: 'http://evil.example', body: {} }),
        await h.get('/api/nope'),
        await h.get('/backoffice/api/profiles/me'),
        await h.get('/media/00/00/00000000000000000000000000000000.png'),
      ];
      for (const res of answers) expect(res.headers['cache-control'], `${res.statusCode} ${res.body.slice(0, 80)}`).toBe('no-store');
    });

    it('leaves the cache headers of files, hashed assets and the SPA page as they were', async () => {
      const item = await uploaded(h, await adminOn('dealer'), await image('png'), { filename: 'a.png' });
      expect((await h.get(item.url)).headers['cache-control']).toBe('public, no-cache');
      expect((await h.get(item.thumbnail_url!)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await h.get('/backoffice/assets/app-abc123.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await h.get('/backoffice/favicon.svg')).headers['cache-control']).toBe('public, max-age=3600');
      expect((await h.get('/backoffice/')).headers['cache-control']).toBe('no-cache');
      expect((await h.get('/backoffice/products/12')).headers['cache-control']).toBe('no-cache');
    });
  },
  { resetBetweenTests: false },
);
