/**
 * `robots.txt`, `sitemap.xml` and its files on every dealer host (issue 15 point 5), beside
 * the delivery API and under its guard, cache and rate limit:
 *   GET /robots.txt               crawl rules: the back-office and the API are off limits; names the sitemap
 *   GET /sitemap.xml              the sitemap index: one file per `rows` rows of each source (within the URL and byte caps)
 *   GET /sitemap-<source>-<n>.xml the file of a source (pages, products, …) that starts at key n
 * The site is the host's (access `delivery`, `byHost`): these files speak of the host they
 * are on, so a site key, which answers for its site on any host, is not read. Every URL is on
 * the request's own origin, as the protocol wants of a sitemap's URLs.
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { withAccess } from '../../access.js';
import { notFound } from '../../errors.js';
import { guardedSite } from '../../guards.js';
import type { EngineContext } from '../../entities/context.js';
import { sharedRegistry } from '../../entities/registry.js';
import { siteOf } from '../../entities/routes.js';
import type { ZodProvider } from '../../schemas.js';
import { sendPublic, sendPublicStream } from '../cache.js';
import type { PublicEntity } from '../collections.js';
import { momentAt } from '../visibility.js';
import { type SitemapEntry, type SitemapSource, sitemapSources } from './sources.js';
import { sitemapIndex, URLSET_CLOSE, URLSET_OPEN, urlElements } from './xml.js';

const HOST_FILE = withAccess({ kind: 'delivery', byHost: true });
const noQuery = z.object({}).strict();
const FILE = /^([a-z][a-z-]*)-([1-9][0-9]{0,9})\.xml$/;
const fileParams = z.object({ file: z.string().max(80).regex(FILE) });
const XML = 'application/xml; charset=utf-8';

const earliest = (times: ReadonlyArray<number | undefined>) => {
  const known = times.filter((t): t is number => t !== undefined);
  return known.length ? Math.min(...known) : undefined;
};

const sitemaps: FastifyPluginAsync<{ entities: readonly PublicEntity[] }> = async (fastify, opts) => {
  const app = fastify.withTypeProvider<ZodProvider>();
  const registry = sharedRegistry();
  const sources = sitemapSources(opts.entities);

  function open(req: FastifyRequest) {
    const site = guardedSite(req);
    // Media are never read here: the context needs no media table.
    const ctx: EngineContext = { db: app.db, dialect: app.dialect, registry, site: siteOf(site), media: false };
    const origin = `${req.protocol}://${req.host}`;
    const { sitemapUrlsPerFile, sitemapBytesPerFile } = app.config.publicApi;
    /**
     * Rows a file of the source holds: at most the configured URLs (a row is one URL in each
     * site language) and the configured bytes, counted for the source's widest row — so no
     * file can pass either cap, whatever its rows hold. At least one row: a row wider than the
     * byte cap still has its file.
     */
    const rows = (source: SitemapSource) => {
      const room = sitemapBytesPerFile - URLSET_OPEN.length - URLSET_CLOSE.length;
      const widest = Buffer.byteLength(urlElements(origin, source.widest(ctx), ctx.site.default_language));
      return Math.max(1, Math.min(Math.floor(sitemapUrlsPerFile / ctx.site.languages.length), Math.floor(room / widest)));
    };
    return { site, ctx, rows, origin, at: momentAt(Date.now()) };
  }

  app.get('/robots.txt', { ...HOST_FILE, schema: { querystring: noQuery } }, async (req, reply) => {
    const { site, origin } = open(req);
    const body = ['User-agent: *', 'Disallow: /backoffice/', 'Disallow: /api/', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
    return sendPublic(req, reply, site.id, async () => ({ body }), { type: 'text/plain; charset=utf-8', byOrigin: true });
  });

  app.get('/sitemap.xml', { ...HOST_FILE, schema: { querystring: noQuery } }, async (req, reply) => {
    const { site, ctx, rows, origin, at } = open(req);
    return sendPublic(
      req,
      reply,
      site.id,
      async () => {
        const locations: string[] = [];
        for (const source of sources) {
          for (const key of await source.fileKeys(ctx, at, rows(source))) locations.push(`${origin}/sitemap-${source.name}-${key}.xml`);
        }
        // A site with nothing to list has no sitemap: an empty index is invalid by the schema.
        if (!locations.length) throw notFound();
        const until = earliest(await Promise.all(sources.map((s) => s.until(ctx, at))));
        return { body: sitemapIndex(locations), until };
      },
      { type: XML, byOrigin: true },
    );
  });

  app.get('/sitemap-:file', { ...HOST_FILE, schema: { params: fileParams, querystring: noQuery } }, async (req, reply) => {
    const { site, ctx, rows, origin, at } = open(req);
    const [, name, key] = FILE.exec(req.params.file)!;
    const source = sources.find((s) => s.name === name);
    if (!source) throw notFound();
    return sendPublicStream(
      req,
      reply,
      site.id,
      async () => {
        const pages = source.entries(ctx, at, Number(key), rows(source));
        // A file with nothing in it (its rows gone since the index was read) is no file: 404, not an empty urlset.
        const head = await pages.next();
        if (head.done || !head.value.length) throw notFound();
        return { stream: Readable.from(xmlOf(ctx, origin, head.value, pages)), until: await source.until(ctx, at) };
      },
      { type: XML, byOrigin: true },
    );
  });
};

/**
 * Entries a chunk of the stream holds: about 30 kB of XML. A chunk over V8's regular object
 * size (128 kB) would be allocated straight into the old generation, which only a full
 * collection frees: a file's worth of them grew the server by tens of MB before one ran.
 */
const CHUNK_ENTRIES = 50;

async function* xmlOf(ctx: EngineContext, origin: string, first: SitemapEntry[], rest: ReturnType<SitemapSource['entries']>) {
  const lang = ctx.site.default_language;
  yield URLSET_OPEN;
  for (let page: SitemapEntry[] | undefined = first; page;) {
    for (let i = 0; i < page.length; i += CHUNK_ENTRIES) {
      yield page
        .slice(i, i + CHUNK_ENTRIES)
        .map((e) => urlElements(origin, e, lang))
        .join('');
    }
    const next = await rest.next();
    page = next.done ? undefined : next.value;
  }
  yield URLSET_CLOSE;
}

export default sitemaps;
