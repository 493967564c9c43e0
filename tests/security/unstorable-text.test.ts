/**
 * Issue 13 point 7: text neither database can keep (a lone UTF-16 surrogate, which made a
 * dealer's product list answer 500 on PostgreSQL once stored, and NUL) is refused with 400
 * on its field path by every write route, and nothing is written. The entity bodies are the
 * declarations' valid samples with each text in them spoiled in turn; the other routes are
 * the hand-written bodies of invalidPayloads.ts.
 */
import { beforeAll, expect, it } from 'vitest';
import type { EntityDef } from '../../entities/define.js';
import { image } from '../server/fixtures/media.js';
import { upload } from '../server/fixtures/mediaApi.js';
import { describeEachDialect, type Session } from '../server/harness.js';
import { changedTables, fingerprint } from './checksum.js';
import { loadWorld, type World } from './identities.js';
import { handWrittenFor } from './invalidPayloads.js';
import { entityOf, resources, type Resources, SITE_HOST, type SiteKey } from './resources.js';
import { apiRoutes, isMutating } from './routeTable.js';
import { type Target, targetOf } from './targets.js';

/** Each spoils a valid text its own way: high and low surrogates alone, reversed, and NUL. */
const SPOILERS: Array<[string, (text: string) => string]> = [
  ['a lone high surrogate', (t) => `${t}\ud800x`],
  ['a lone low surrogate', (t) => `\udc00${t}`],
  ['a reversed pair', (t) => `${t}\udfff\ud800`],
  ['NUL', (t) => `${t}\u0000`],
];

/** Declared field types whose value is free text. */
const TEXT_TYPES = new Set(['text', 'textarea', 'email', 'url', 'slug', 'richtext', 'password']);

/** Every string in a body, by its path as the API names fields (`translations.it.title`, `specs.2.value`). */
function textPaths(value: unknown, path: string[] = []): string[][] {
  if (typeof value === 'string') return [path];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => textPaths(v, [...path, k]));
}

function spoilAt(body: Record<string, unknown>, path: string[], spoil: (t: string) => string) {
  const copy = structuredClone(body) as Record<string, any>;
  let at = copy;
  const last = path.at(-1);
  if (last === undefined) throw new Error('spoilAt needs the path of a text');
  for (const k of path.slice(0, -1)) at = at[k];
  at[last] = spoil(at[last]);
  return copy;
}

/** Where a declared text field sits in a body: its name, or its name under a language. */
const fieldOf = (path: string[]) => (path[0] === 'translations' ? path[2] : path[0]);

describeEachDialect(
  'text that cannot be stored',
  (h) => {
    let world: World;
    let r: Resources;
    const adminOn = async (site: SiteKey) => (await world.session('admin', SITE_HOST[site])) as Session;
    // One prefix is enough: /backoffice/api/ runs the same handlers.
    const writeRoutes = () => apiRoutes(h).filter((route) => route.url.startsWith('/api/') && isMutating(route.method) && route.method !== 'DELETE');

    beforeAll(async () => {
      world = await loadWorld(h);
      r = resources(h, adminOn);
    });

    async function expectRefused(t: Target, body: Record<string, unknown>, path: string, why: string) {
      const res = await h.call(t.route.method, t.url, { host: t.host, session: t.session, body });
      const label = `${t.route.method} ${t.route.url} ${path}: ${why}`;
      expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBe(400);
      expect(Object.keys(res.json()), `${label}: ${res.body.slice(0, 300)}`).toEqual([path]);
    }

    it('refuses every text of every entity body, naming its path, and writes nothing', async () => {
      const targets: Array<[Target, EntityDef]> = [];
      for (const route of writeRoutes()) {
        const entity = entityOf(route.url);
        // A bulk delete, a preview and a schedule read no field of the entity.
        if (entity && !/\/(bulk_delete|preview|schedule)\/$/.test(route.url)) targets.push([await targetOf(r, route, adminOn), entity]);
      }
      const before = await fingerprint(h);
      const uncovered: string[] = [];
      let tried = 0;
      for (const [t, entity] of targets) {
        const body = t.body ?? {};
        const paths = textPaths(body).filter((p) => p[0] !== 'version');
        // Every declared text field the route takes must have been reached.
        const reached = new Set(paths.map(fieldOf));
        for (const [name, field] of Object.entries(entity.fields)) {
          if (TEXT_TYPES.has(field.type) && !field.readOnly && !reached.has(name)) uncovered.push(`${t.route.method} ${t.route.url} ${name}`);
        }
        for (const [i, path] of paths.entries()) {
          const [why, spoil] = SPOILERS[i % SPOILERS.length]!;
          await expectRefused(t, spoilAt(body, path, spoil), path.join('.'), why);
          tried++;
        }
      }
      expect(uncovered).toEqual([]);
      expect(changedTables(before, await fingerprint(h))).toEqual([]);
      console.log(`unstorable entity texts [${h.dialect}]: ${tried} requests on ${targets.length} routes`);
      expect(targets.length).toBeGreaterThan(20);
    });

    it('refuses every text of the account, media, folder and login bodies with each spoiler, and writes nothing', async () => {
      const targets: Target[] = [];
      for (const route of writeRoutes()) if (handWrittenFor(route.url, route.method)) targets.push(await targetOf(r, route, adminOn));
      const before = await fingerprint(h);
      const routes = new Set<string>();
      for (const t of targets) {
        const schema = handWrittenFor(t.route.url, t.route.method)!;
        const version = t.id === undefined ? undefined : await r.versionOf(t.route, t.id);
        const base = schema.base(version);
        const texts = Object.keys(schema.fields).filter((f) =>
          ['username', 'password', 'first_name', 'last_name', 'email', 'title', 'alt_text', 'description'].includes(f),
        );
        const bodies: Array<[string, Record<string, unknown>]> = texts.map((f) => [f, { ...base, [f]: typeof base[f] === 'string' ? base[f] : 'text' }]);
        if ('translations' in schema.fields) bodies.push(['translations.it.title', { ...base, translations: { it: { title: 'Titolo' } } }]);
        for (const [path, body] of bodies) {
          for (const [why, spoil] of SPOILERS) await expectRefused(t, spoilAt(body, path.split('.'), spoil), path, why);
        }
        routes.add(`${t.route.method} ${t.route.url}`);
      }
      expect(changedTables(before, await fingerprint(h))).toEqual([]);
      expect([...routes]).toEqual(
        expect.arrayContaining([
          'POST /api/auth/login',
          'POST /api/users/',
          'PATCH /api/users/:id/',
          'POST /api/tenantUsers/',
          'PATCH /api/media/:id',
          'POST /api/media-folders',
          'PATCH /api/media-folders/:id',
        ]),
      );
    });

    it('refuses the same in the data part of an upload', async () => {
      const admin = await adminOn('dealer');
      const png = await image('png', 8, 8);
      const before = await fingerprint(h);
      for (const [why, spoil] of SPOILERS) {
        const res = await upload(h, admin, png, { filename: 'ok.png', data: { title: spoil('Trattore') } });
        expect(res.statusCode, `${why}: ${res.body}`).toBe(400);
        expect(Object.keys(res.json()), why).toEqual(['title']);
      }
      expect(changedTables(before, await fingerprint(h))).toEqual([]);
    });

    it("keeps a dealer's product list readable: the name of the report is refused, not stored", async () => {
      const admin = await adminOn('dealer');
      const route = writeRoutes().find((w) => w.method === 'POST' && entityOf(w.url)?.name === 'product')!;
      const t = await targetOf(r, route, adminOn);
      const created = await h.call('POST', t.url, { host: t.host, session: admin, body: { ...t.body, name: 'x\ud800y' } });
      expect(created.statusCode, created.body.slice(0, 300)).toBe(400);
      const list = await h.get(t.url, { host: t.host, session: admin });
      expect(list.statusCode, list.body.slice(0, 300)).toBe(200);
    });
  },
  { resetBetweenTests: false },
);
