import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE } from '../../locales/languages.js';
import { PUBLIC } from '../access.js';
import { nothing } from '../schemas.js';
import { publicTenant } from '../services/tenants.js';
import { SESSION_COOKIE } from './context.js';
import { readCookie } from './cookies.js';

export const BASE = '/backoffice/';

const escapeAttribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The built SPA under /backoffice/: hashed assets cached for a year, index.html for
 * every client route and never cached, and the root redirected to the language prefix
 * that the language cookie names (docs/spec.md §9: 302).
 */
export default fp(async (app) => {
  const dir = app.config.spaDir;
  const indexFile = path.join(dir, 'index.html');
  let cached: string | undefined;
  const indexHtml = () => {
    if (cached && app.config.production) return cached;
    cached = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;
    return cached;
  };

  if (fs.existsSync(dir)) {
    // @fastify/static takes no route config: its file routes are declared public, reading nothing from the query, here.
    app.addHook('onRoute', (route) => {
      if (!route.config || !('file' in route.config)) return;
      route.config.access ??= { kind: 'public' };
      route.schema = { querystring: nothing, ...route.schema };
    });
    await app.register(fastifyStatic, {
      root: dir,
      prefix: BASE,
      wildcard: false,
      index: false,
      cacheControl: false,
      serve: true,
      setHeaders(res, file) {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
      allowedPath: (p) => !p.endsWith('index.html') && !p.endsWith('.map'),
    });
  }

  app.get(BASE, { ...PUBLIC, schema: { querystring: nothing } }, (req, reply) => {
    const lang = readCookie(req, LANGUAGE_COOKIE);
    if (isLanguage(lang) && lang !== DEFAULT_LANGUAGE) return reply.redirect(`${BASE}${lang}/`, 302);
    return sendIndex(req, reply);
  });

  // What the SPA would otherwise ask for first (the site, whether a session cookie is
  // there) rides in a meta tag: no inline script under our CSP, and no round trips
  // before the first screen. The cookie itself stays HttpOnly.
  async function sendIndex(req: FastifyRequest, reply: FastifyReply) {
    const html = indexHtml();
    if (!html) return reply.code(503).type('text/plain').send('The back-office has not been built: run npm run build.');
    const tenant = await req.tenant().catch(() => undefined);
    const boot = { tenant: tenant ? publicTenant(tenant) : null, hasSession: Boolean(readCookie(req, SESSION_COOKIE)) };
    return reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(html.replace('%BOOT%', escapeAttribute(JSON.stringify(boot))));
  }
  app.decorate('sendSpaIndex', sendIndex);
});

declare module 'fastify' {
  interface FastifyInstance {
    sendSpaIndex(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  }
}
