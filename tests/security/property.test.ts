/**
 * Issue #7, property-based bad input: for every write endpoint of the live route table,
 * generated invalid payloads never answer 5xx, are refused with an error body that names
 * the bad field, and leave every table of the database as it was. Fixed seed and a bounded
 * number of runs per endpoint, so the run is repeatable and its time bounded.
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect, type Session } from '../server/harness.js';
import { changedTables, fingerprint } from './checksum.js';
import { HOSTS, loadWorld, type World } from './identities.js';
import { answerProblem } from './matrix.js';
import { badIds, entityFaults, type Fault, handWrittenFor, notAnObject } from './invalidPayloads.js';
import { entityOf, resources, type Resources, SITE_HOST, type SiteKey } from './resources.js';
import { targetOf, targetsOf } from './targets.js';
import { apiRoutes, isMutating, type RouteCase } from './routeTable.js';

const SEED = 20_260_507;
const RUNS = 20;
const RUNS_NOT_AN_OBJECT = 8;

/** A refusal in the DRF shape: `{ detail }` or `{ "<path>": ["…"] }`. */
function refusal(res: LightMyRequestResponse): Record<string, unknown> {
  const problem = answerProblem(res);
  if (problem) throw new Error(problem);
  if (res.statusCode < 400) throw new Error(`accepted with ${res.statusCode}: ${res.body.slice(0, 200)}`);
  const body = res.json() as Record<string, unknown>;
  const drf = typeof body.detail === 'string' || Object.values(body).every((v) => Array.isArray(v) && v.every((m) => typeof m === 'string'));
  if (!drf || Object.keys(body).length === 0) throw new Error(`not a DRF error body: ${res.body.slice(0, 200)}`);
  return body;
}

const names = (body: Record<string, unknown>, path: string) => Object.keys(body).some((k) => k === path || k.startsWith(`${path}.`));

describeEachDialect(
  'property-based bad input',
  (h) => {
    let world: World;
    let r: Resources;
    const adminOn = async (site: SiteKey) => (await world.session('admin', SITE_HOST[site])) as Session;
    const writeRoutes = () => apiRoutes(h).filter((route) => isMutating(route.method) && route.method !== 'DELETE');

    /** Runs the property against the route and proves afterwards that no table changed. */
    async function unchanged(route: RouteCase, run: () => Promise<void>) {
      const before = await fingerprint(h);
      await run();
      expect(changedTables(before, await fingerprint(h)), `${route.method} ${route.url} wrote`).toEqual([]);
    }

    beforeAll(async () => {
      world = await loadWorld(h);
      r = resources(h, adminOn);
    });

    it('refuses invalid entity fields, alone or together, naming each, on create, replace and update', async () => {
      const tried: string[] = [];
      for (const route of writeRoutes()) {
        const entity = entityOf(route.url);
        // Only the routes whose body is the entity's own: a bulk action, a restore, a publish, a preview or a schedule takes another.
        if (!entity || /\/(bulk_delete|bulk_update|restore|publish|preview|schedule)\/$/.test(route.url)) continue;
        const t = await targetOf(r, route, adminOn);
        const tenant = await r.tenantOf(t.site);
        const language = (await h.db.selectFrom('tenants').select('default_language').where('id', '=', tenant).executeTakeFirstOrThrow()).default_language;
        const faults = entityFaults(entity, language);
        const full = t.body ?? {};
        const base = route.method === 'PATCH' ? (full.version === undefined ? {} : { version: full.version }) : full;
        tried.push(`${route.method} ${route.url} (${faults.length} faults)`);
        await unchanged(route, () =>
          fc.assert(
            fc.asyncProperty(fc.subarray(faults, { minLength: 1, maxLength: 3 }), async (picked: Fault[]) => {
              const body = structuredClone(base) as Record<string, any>;
              for (const f of picked) f.put(body);
              const res = await h.call(route.method, t.url, { host: t.host, session: t.session, body });
              const errors = refusal(res);
              expect(res.statusCode, res.body).toBe(400);
              const named = picked.filter((f) => names(errors, f.path));
              // Several faults may stop at the first check that fails; a lone one must be named.
              expect(named.length, `${picked.map((f) => f.why).join(', ')}: ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(1);
            }),
            { seed: SEED, numRuns: RUNS },
          ),
        );
      }
      console.log(`entity faults [${h.dialect}]: ${RUNS} runs each on ${tried.join('; ')}`);
      expect(tried.length).toBeGreaterThanOrEqual(3);
    });

    it('refuses bad id lists to every bulk delete, naming ids', async () => {
      const routes = writeRoutes().filter((route) => route.url.endsWith('/bulk_delete/'));
      for (const route of routes) {
        const t = await targetOf(r, route, adminOn);
        await unchanged(route, () =>
          fc.assert(
            fc.asyncProperty(badIds, async (ids) => {
              const res = await h.call(route.method, t.url, { host: t.host, session: t.session, body: { ids } });
              expect(names(refusal(res), 'ids'), res.body).toBe(true);
            }),
            { seed: SEED, numRuns: RUNS },
          ),
        );
      }
      expect(routes.length).toBeGreaterThan(0);
    });

    it('refuses bad fields to the hand-written routes, naming the field', async () => {
      const tried: string[] = [];
      for (const route of writeRoutes()) {
        const schema = handWrittenFor(route.url, route.method);
        if (!schema) continue;
        const t = await targetOf(r, route, adminOn);
        const version = t.id === undefined ? undefined : await r.versionOf(route, t.id);
        const fields = Object.entries(schema.fields);
        tried.push(`${route.method} ${route.url}`);
        await unchanged(route, () =>
          fc.assert(
            fc.asyncProperty(
              fc.constantFrom(...fields).chain(([field, arbitrary]) => fc.tuple(fc.constant(field), arbitrary)),
              async ([field, value]) => {
                const body = { ...schema.base(version), [field]: value };
                const res = await h.call(route.method, t.url, { host: t.host, session: t.session, body });
                expect(names(refusal(res), field), `${field} = ${JSON.stringify(value)?.slice(0, 60)}: ${res.body.slice(0, 300)}`).toBe(true);
              },
            ),
            { seed: SEED, numRuns: RUNS },
          ),
        );
      }
      console.log(`hand-written routes [${h.dialect}]: ${RUNS} runs each on ${tried.join(', ')}`);
      expect(tried.length).toBeGreaterThanOrEqual(5);
    });

    it('refuses a body that is not a JSON object on every write route, whatever route it is', async () => {
      const targets = await targetsOf(r, writeRoutes(), adminOn);
      const before = await fingerprint(h);
      for (const t of targets) {
        await fc.assert(
          fc.asyncProperty(notAnObject, async (value) => {
            const res = await h.call(t.route.method, t.url, {
              host: t.host,
              session: t.session,
              payload: JSON.stringify(value),
              headers: { 'content-type': 'application/json' },
            });
            refusal(res);
          }),
          { seed: SEED, numRuns: RUNS_NOT_AN_OBJECT },
        );
      }
      expect(changedTables(before, await fingerprint(h))).toEqual([]);
      console.log(`not-an-object bodies [${h.dialect}]: ${RUNS_NOT_AN_OBJECT} runs each on ${targets.length} write routes`);
      expect(targets.length).toBeGreaterThan(10);
    });

    it('signs nobody in and counts no attempt for a refused login body', async () => {
      const before = await h.db.selectFrom('rate_limits').selectAll().execute();
      const res = await h.post('/api/auth/login', { host: HOSTS.master, body: { username: ['admin'], password: 'x' } });
      expect(names(refusal(res), 'username')).toBe(true);
      expect(await h.db.selectFrom('rate_limits').selectAll().execute()).toEqual(before);
    });
  },
  { resetBetweenTests: false },
);
