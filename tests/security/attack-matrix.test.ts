/**
 * Issue #7, attack suite: generated from the live route table, so a new endpoint is
 * covered without an edit here. Every route must declare its access; every route × method
 * × identity × host must answer by the rules; an id of another site never gets through.
 */
import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect, type Session } from '../server/harness.js';
import { loadWorld, type World } from './identities.js';
import { answerProblem, runMatrix, table } from './matrix.js';
import { binOf, entityOf, resources, type Resources, SITE_HOST, type SiteKey } from './resources.js';
import { apiRoutes, hasId, isApi, routeCases, undeclared, undeclaredInput } from './routeTable.js';

describeEachDialect(
  'attack suite: the route table',
  (h) => {
    let world: World;
    let r: Resources;
    const adminOn = async (site: SiteKey) => (await world.session('admin', SITE_HOST[site])) as Session;

    beforeAll(async () => {
      world = await loadWorld(h);
      r = resources(h, adminOn);
    });

    it('finds the API in the route table, and every route of it declares who may call it', () => {
      const api = apiRoutes(h);
      expect(api.length).toBeGreaterThan(40);
      expect(undeclared(api), 'routes without config.access').toEqual([]);
      // The SPA's own pages and files too, even where a plugin adds them.
      expect(undeclared(routeCases(h.routes)), 'non-API routes without config.access').toEqual([]);
    });

    it('finds every route declaring what comes in: its query string, params and body as schemas', () => {
      expect(undeclaredInput(h.routes.filter((r) => isApi(r.url)))).toEqual([]);
      expect(undeclaredInput(h.routes), 'non-API routes').toEqual([]);
    });

    it('answers every route × method × identity × host as its declaration says', async () => {
      const outcomes = await runMatrix(h, world, r, apiRoutes(h));
      console.log(`\nattack matrix [${h.dialect}]\n${table(outcomes)}`);
      const violations = outcomes.filter((o) => o.violation).map((o) => `${o.route.method} ${o.route.url} as ${o.who} on ${o.host}: ${o.violation}`);
      expect(violations).toEqual([]);
    });

    it('answers 404 to an id of another site, for every verb, and leaves that row alone', async () => {
      const tried: string[] = [];
      const problems: string[] = [];
      const probe = async (site: SiteKey, other: SiteKey, who: 'admin' | 'rossi' | 'market') => {
        for (const route of apiRoutes(h)) {
          const access = route.access;
          if (!hasId(route.url) || access?.kind !== 'permission') continue;
          const serves = (key: SiteKey) => (key === 'master' ? access.scope !== 'dealer' : access.scope !== 'master');
          if (!serves(site) || !serves(other)) continue;
          // An entity the master serves across sites has no master rows, and the master reaches dealer
          // rows by design; which ones, per market, is tests/security/redirects-markets.test.ts's to prove.
          if ((site === 'master' || other === 'master') && (entityOf(route.url) ?? binOf(route.url))?.acrossSites) continue;
          const id = await r.existingId(route, other);
          if (id === undefined) continue;
          const res = await h.call(route.method, await r.urlOf(route, id), {
            host: SITE_HOST[site],
            session: await world.session(who, SITE_HOST[site]),
            body: route.method === 'DELETE' ? undefined : await r.validBody(route, site, id),
          });
          tried.push(`${route.method} ${route.url}`);
          const problem = answerProblem(res) ?? (res.statusCode === 404 ? undefined : `answered ${res.statusCode}`);
          if (problem) problems.push(`${route.method} ${route.url} as ${who} on ${site} with an id of ${other}: ${problem}`);
          if ((await r.stillThere(route, id)) === false) problems.push(`${route.method} ${route.url} as ${who} on ${site} deleted row ${id} of ${other}`);
        }
      };
      await probe('dealer', 'verdi', 'rossi');
      await probe('dealer', 'verdi', 'admin');
      await probe('dealer', 'master', 'market');
      await probe('master', 'dealer', 'admin');
      await probe('master', 'dealer', 'market');
      console.log(`cross-site ids [${h.dialect}]: ${tried.length} requests over ${new Set(tried).size} route×method`);
      expect(tried.length).toBeGreaterThan(20);
      expect(problems).toEqual([]);
    });
  },
  { resetBetweenTests: false },
);
