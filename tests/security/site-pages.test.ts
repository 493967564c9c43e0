/**
 * The reference website's routes (server/site/, issue 15 point 7) in the route table: public
 * pages, declared as such, that answer every identity on every host without a 401, 403 or
 * 500; the master and unknown hosts as if the website did not exist; and a page that is the
 * same for everyone — no session read, no cookie set — so a CDN may share it.
 */
import { expect, it } from 'vitest';
import { describeEachDialect, type Session } from '../server/harness.js';
import { NO_SUCH_ID, SITE_HOST } from './resources.js';
import { fill, routeCases } from './routeTable.js';

const isSiteRoute = (url: string) => url === '/*' || url.startsWith('/_site/');
const UNKNOWN = 'nobody.example';

describeEachDialect('attack suite: the website pages', (h) => {
  const siteRoutes = () => routeCases(h.routes).filter((r) => isSiteRoute(r.url));

  it('finds the website in the route table, every route of it a public GET', () => {
    const routes = siteRoutes();
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual(['GET /*', 'GET /_site/:file']);
    for (const r of routes) expect(r.access?.kind, r.url).toBe('public');
  });

  it('answers every identity on every host without 401, 403 or 500; the master and unknown hosts as before', async () => {
    const sessions: Record<string, Session | undefined> = {
      anonymous: undefined,
      admin: await h.login('admin', SITE_HOST.dealer),
      rossi: await h.login('rossi', SITE_HOST.dealer),
      verdi: await h.login('verdi', SITE_HOST.verdi),
    };
    const urls = [...siteRoutes().map((r) => fill(r.url, NO_SUCH_ID)), '/', '/it/', '/it/prodotti', '/en/contacts'];
    const problems: string[] = [];
    for (const host of [SITE_HOST.master, SITE_HOST.dealer, SITE_HOST.verdi, UNKNOWN]) {
      for (const [who, session] of Object.entries(sessions)) {
        for (const url of urls) {
          const res = await h.get(url, { host, session });
          const at = `${url} as ${who} on ${host}: ${res.statusCode}`;
          if (res.statusCode >= 500 || res.statusCode === 401 || res.statusCode === 403) problems.push(at);
          if (res.headers['set-cookie'] !== undefined) problems.push(`${at} set a cookie`);
          const dealer = host === SITE_HOST.dealer || host === SITE_HOST.verdi;
          if (!dealer && (res.statusCode !== 404 || !String(res.headers['content-type']).startsWith('application/json')))
            problems.push(`${at} is not the API's 404`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('shows a signed-in dealer the very page an anonymous visitor gets', async () => {
    const rossi = await h.login('rossi', SITE_HOST.dealer);
    for (const url of ['/it/', '/it/prodotti', '/it/no-such-page']) {
      const anonymous = await h.get(url, { host: SITE_HOST.dealer });
      const signedIn = await h.get(url, { host: SITE_HOST.dealer, session: rossi });
      expect(signedIn.statusCode, url).toBe(anonymous.statusCode);
      expect(signedIn.body, url).toBe(anonymous.body);
      expect(signedIn.headers.etag, url).toBe(anonymous.headers.etag);
    }
  });
});
