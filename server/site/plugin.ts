/**
 * The reference website (issue 15 point 7): on a dealer host, every GET path that is not the
 * back-office's or the API's is a page of the dealer's site, rendered on the server from the
 * delivery API's answers (load.ts) with React's static renderer and no client script. The
 * master host and unknown hosts, `/api/` and `/backoffice/` answer exactly as without it.
 * `SITE_RENDERER=off` registers nothing.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PUBLIC } from '../access.js';
import { nothing, type ZodProvider } from '../schemas.js';
import { DeliveryReader } from './api.js';
import { matches, pageHeaders } from './headers.js';
import { loadPath } from './load.js';
import { renderView } from './render.js';
import { STYLESHEET, STYLESHEET_FILE, STYLESHEET_PREFIX } from './styles.js';
import { textOf } from './text.js';

/** First segments that are never the website's: the server keeps answering them itself. */
const NOT_SITE = /^\/(?:api|backoffice)(?:\/|$)/;

// Any query a link may carry (campaign tags …) is accepted; only `page` is read, and a bad one reads as the first page.
// `preview`, a draft's preview link (server/public/preview.ts), is handed to every read of the API.
const siteQuery = z.object({ page: z.union([z.string(), z.array(z.string())]).optional(), preview: z.string().max(1000).optional().catch(undefined) });
const fileParams = z.object({ file: z.string().max(100) });
const anyPath = z.object({ '*': z.string() });

const pageNumber = (raw: string | string[] | undefined) => {
  const n = Number(Array.isArray(raw) ? raw[0] : raw);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
};

const site: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodProvider>();
  app.get(`${STYLESHEET_PREFIX}:file`, { ...PUBLIC, schema: { params: fileParams, querystring: nothing } }, (req, reply) => {
    if (req.params.file !== STYLESHEET_FILE) return reply.callNotFound();
    return reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=31536000, immutable').send(STYLESHEET);
  });

  app.get('/*', { ...PUBLIC, schema: { params: anyPath, querystring: siteQuery } }, async (req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    if (NOT_SITE.test(path)) return reply.callNotFound();
    const reader = new DeliveryReader(fastify, req);
    const loaded = await loadPath(reader, path, pageNumber(req.query.page));
    switch (loaded.outcome) {
      case 'pass':
        return reply.callNotFound();
      case 'redirect':
        return send(req, reply.code(loaded.status).header('location', loaded.location), reader, undefined);
      case 'failed': {
        const retry = loaded.answer.headers['retry-after'];
        if (retry) reply.header('retry-after', retry);
        // No site answer to frame a page with: a line in the path's language, if it names one.
        const lang = /^\/([a-z]{2})(?:\/|$)/.exec(path)?.[1] ?? 'en';
        return reply.code(loaded.answer.status).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(textOf(lang).errorText);
      }
      case 'page': {
        const frame = {
          site: loaded.site,
          lang: loaded.lang,
          path: loaded.path,
          t: textOf(loaded.lang),
          alternates: 'resolved' in loaded.view ? loaded.view.resolved.alternates : {},
        };
        reply.code(loaded.view.kind === 'notFound' ? 404 : 200).type('text/html; charset=utf-8');
        return send(req, reply, reader, () => renderView(frame, loaded.view));
      }
    }
  });
};

/** Sends the page with the cache headers its API answers allow; 304 when the visitor has this version. */
function send(req: FastifyRequest, reply: FastifyReply, reader: DeliveryReader, html: (() => string) | undefined) {
  const headers = pageHeaders(reader.answers, STYLESHEET_FILE);
  reply.headers(headers);
  if (reply.statusCode === 200 && matches(req.headers['if-none-match'], headers.etag)) return reply.code(304).send();
  return reply.send(html?.() ?? '');
}

export default site;
