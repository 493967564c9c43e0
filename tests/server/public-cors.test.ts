/**
 * CORS of the delivery API (issue 15, server/public/cors.ts): a page may read
 * `/api/public/v1/…` only from an origin of the site it reads — https on the site's domains
 * and aliases, or an origin listed on the site — the site being the key's, or else the
 * host's. GET and HEAD, the Authorization header, never credentials; `Vary: Origin` always.
 */
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PUBLIC } from '../../server/access.js';
import context from '../../server/plugins/context.js';
import errors from '../../server/plugins/errors.js';
import security from '../../server/plugins/security.js';
import cors from '../../server/public/cors.js';
import { rawQuery } from '../../server/schemas.js';
import { describeEachDialect, expectFieldErrors, type Harness, type Session } from './harness.js';
import { HOSTS, json, siteId } from './users-fixtures.js';

const PROBE = '/api/public/v1/probe';

/**
 * The server's own plugins around one delivery read, standing in for the delivery routes
 * (another branch): what a read answers is theirs, the CORS headers are this plugin's.
 */
async function probeApp(h: Harness): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.decorate('db', h.db);
  app.decorate('dialect', h.dialect);
  app.decorate('config', h.config);
  app.decorate('accessCache', undefined);
  app.decorate('siteKeyCache', h.app.siteKeyCache);
  await app.register(errors);
  await app.register(context);
  await app.register(security);
  await app.register(cors);
  app.get(PROBE, { ...PUBLIC, schema: { querystring: rawQuery } }, async (_req, reply) => reply.header('vary', 'Accept-Language').send({ read: true }));
  await app.ready();
  return app;
}

const vary = (res: LightMyRequestResponse) =>
  String(res.headers.vary ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase());

function expectAllowed(res: LightMyRequestResponse, origin: string) {
  expect(res.headers['access-control-allow-origin'], res.body).toBe(origin);
  expect(vary(res)).toContain('origin');
  expect(res.headers['access-control-allow-credentials']).toBeUndefined();
}

function expectRefused(res: LightMyRequestResponse) {
  expect(res.headers['access-control-allow-origin'], res.body).toBeUndefined();
  expect(vary(res)).toContain('origin');
  expect(res.headers['access-control-allow-credentials']).toBeUndefined();
}

describeEachDialect(
  'delivery API CORS',
  (h) => {
    let probe: FastifyInstance;
    let admin: Session;
    const keyOf = async (host: string) => {
      const res = await h.post('/api/siteKeys/', { host: HOSTS.master, session: admin, body: { tenant: await siteId(h, host), name: 'Front-end' } });
      expect(res.statusCode, res.body).toBe(201);
      return json(res) as { id: number; key: string };
    };
    const read = (host: string, origin: string, key?: string) =>
      probe.inject({ method: 'GET', url: PROBE, headers: { host, origin, ...(key ? { authorization: `Bearer ${key}` } : {}) } });
    const preflight = (host: string, origin: string) =>
      h.inject({
        method: 'OPTIONS',
        url: '/api/public/v1/products/?lang=it',
        headers: { host, origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });

    beforeAll(async () => {
      probe = await probeApp(h);
      admin = await h.login('admin', HOSTS.master);
    });
    afterAll(async () => {
      await probe.close();
    });

    it("answers a preflight from the site's own domains and aliases over https, for reads with a key", async () => {
      for (const origin of ['https://rossi.localhost', 'https://www.rossi.localhost']) {
        const res = await preflight(HOSTS.rossi, origin);
        expect(res.statusCode).toBe(204);
        expectAllowed(res, origin);
        expect(res.headers['access-control-allow-methods']).toBe('GET, HEAD');
        expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
        expect(Number(res.headers['access-control-max-age'])).toBeGreaterThan(0);
      }
    });

    it('refuses a preflight from another site, plain http, a port, or a stranger', async () => {
      for (const origin of ['https://verdi.localhost', 'http://rossi.localhost', 'https://rossi.localhost:8443', 'https://evil.example', 'null']) {
        const res = await preflight(HOSTS.rossi, origin);
        expect(res.statusCode).toBe(204);
        expectRefused(res);
        expect(res.headers['access-control-allow-methods']).toBeUndefined();
      }
    });

    it('on a host that names no dealer site, lets a preflight through for an origin some site allows', async () => {
      expectAllowed(await preflight(HOSTS.master, 'https://verdi-agricole.localhost'), 'https://verdi-agricole.localhost');
      for (const origin of ['https://evil.example', 'https://%', 'https://_', 'http://verdi.localhost']) expectRefused(await preflight(HOSTS.master, origin));
    });

    it('allows the origins listed on the site as soon as they are saved, and checks how they are written', async () => {
      const verdi = await siteId(h, HOSTS.verdi);
      const read = async () => json(await h.get(`/api/tenants/${verdi}/`, { host: HOSTS.master, session: admin }));
      const before = await read();
      const bad = await h.call('PATCH', `/api/tenants/${verdi}/`, {
        host: HOSTS.master,
        session: admin,
        body: { version: before.version, api_origins: ['ftp://shop.example', 'https://shop.example/path', 'http://shop.example', 'https://Shop.example'] },
      });
      expectFieldErrors(bad, ['api_origins.0', 'api_origins.1', 'api_origins.2', 'api_origins.3']);
      expectRefused(await preflight(HOSTS.verdi, 'http://localhost:3000'));
      const saved = await h.call('PATCH', `/api/tenants/${verdi}/`, {
        host: HOSTS.master,
        session: admin,
        body: { version: before.version, api_origins: ['http://localhost:3000', 'https://shop.verdi.example:8443'] },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(json(saved).api_origins).toEqual(['http://localhost:3000', 'https://shop.verdi.example:8443']);
      for (const origin of ['http://localhost:3000', 'https://shop.verdi.example:8443']) expectAllowed(await preflight(HOSTS.verdi, origin), origin);
      expectAllowed(await preflight(HOSTS.master, 'https://shop.verdi.example:8443'), 'https://shop.verdi.example:8443');
      expectRefused(await preflight(HOSTS.rossi, 'http://localhost:3000'));
    });

    it("judges a read by the host's site, or by the key's site when it bears one", async () => {
      const rossiKey = await keyOf(HOSTS.rossi);
      const verdiKey = await keyOf(HOSTS.verdi);
      expectAllowed(await read(HOSTS.rossi, 'https://rossi.localhost'), 'https://rossi.localhost');
      expectRefused(await read(HOSTS.rossi, 'https://verdi.localhost'));
      expectRefused(await read(HOSTS.master, 'https://rossi.localhost'));
      expectAllowed(await read(HOSTS.master, 'https://rossi.localhost', rossiKey.key), 'https://rossi.localhost');
      expectAllowed(await read(HOSTS.rossi, 'https://verdi.localhost', verdiKey.key), 'https://verdi.localhost');
      expectRefused(await read(HOSTS.rossi, 'https://rossi.localhost', verdiKey.key));
      expectRefused(await read(HOSTS.rossi, 'https://rossi.localhost', 'dbk_not-a-key'));
      const res = await read(HOSTS.master, 'https://rossi.localhost', rossiKey.key);
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-expose-headers']).toContain('ETag');
      // What the route varies on stays.
      expect(vary(res)).toEqual(['accept-language', 'origin']);
    });

    it('stops allowing a revoked key’s reads at once', async () => {
      const { id, key } = await keyOf(HOSTS.rossi);
      expectAllowed(await read(HOSTS.master, 'https://rossi.localhost', key), 'https://rossi.localhost');
      expect((await h.call('DELETE', `/api/siteKeys/${id}/`, { host: HOSTS.master, session: admin })).statusCode).toBe(204);
      expectRefused(await read(HOSTS.master, 'https://rossi.localhost', key));
    });

    it('declares its preflight route like any other: public, with schemas for every part', () => {
      const route = h.routes.find((r) => r.method === 'OPTIONS' && r.url === '/api/public/v1/*');
      expect(route?.config?.access).toEqual({ kind: 'public' });
      expect(Object.keys(route?.schema ?? {}).sort()).toEqual(['body', 'params', 'querystring']);
    });
  },
  { resetBetweenTests: false },
);
