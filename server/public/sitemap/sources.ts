/**
 * What a site's sitemaps list, from the declarations the delivery API and indexing read: the
 * site pages that `route` resolves, and every row of a public entity with a `urlPattern`
 * that is public at the moment of the request (visibility.ts), at its path in every site
 * language (publicPathsOf, the indexing URLs' own rule).
 *
 * A source splits into files of at most `rows` rows (routes.ts: within the URL and byte caps), each named by its first key (a row id,
 * or a page's place in ROUTED_PAGES), and reads a file in keyset pages: `id > last` in the
 * id index, never an OFFSET, never the whole set at once.
 */
import { sql } from 'kysely';
import type { PublicDef } from '../../../entities/define.js';
import { DEFAULT_MAX_LENGTH } from '../../../entities/fieldTypes/text.js';
import { MAX_ID } from '../../../entities/formats.js';
import { publicPath } from '../../../entities/publicPaths.js';
import { sitePageEntityName } from '../../../entities/sitePages/page.js';
import type { RecordValues } from '../../../entities/validateRecord.js';
import { type EngineContext, tenantKey } from '../../entities/context.js';
import { applyWhere } from '../../entities/list/where.js';
import { SLUGS_TABLE } from '../../entities/schema.js';
import { singletonStamp } from '../../entities/singleton.js';
import { publicPathsOf } from '../../services/indexing/publicUrls.js';
import type { PublicEntity } from '../collections.js';
import { ROUTED_PAGES } from '../route.js';
import { listBoundary, type Moment, visibilityFilters } from '../visibility.js';

/** One page of the website: its path per language and when it last changed. */
export interface SitemapEntry {
  paths: Array<[language: string, path: string]>;
  lastmod: string | undefined;
}

export interface SitemapSource {
  /** The files' name: `pages`, or the entity's collection. */
  name: string;
  /** The first key of each file of at most `rows` rows, in order. */
  fileKeys(ctx: EngineContext, at: Moment, rows: number): Promise<number[]>;
  /** The file that starts at `first`: at most `rows` rows, a keyset page at a time. */
  entries(ctx: EngineContext, at: Moment, first: number, rows: number): AsyncGenerator<SitemapEntry[]>;
  /** The next moment the listing changes without a write (a window boundary), if any. */
  until(ctx: EngineContext, at: Moment): Promise<number | undefined>;
  /** An entry as long as any of this source can be: its longest paths, the longest lastmod (files' byte cap). */
  widest(ctx: EngineContext): SitemapEntry;
}

/** Longer than any `updated_at` either dialect gives as text. */
const WIDEST_LASTMOD = '0'.repeat(40);

/**
 * Rows read per query: bounded memory whatever the file's size. PostgreSQL's rows of a page
 * live across its round trips; at 250 the sitemaps of 1,000,000 products grew the server by
 * 68–74 MB of garbage moved to the old generation, at 100 by 50–52 MB (110,000 URLs/s against
 * 129,000), at 50 by 50 MB more slowly still (docs/decisions.md §42). SQLite: 11–14 MB at either.
 */
export const KEYSET_PAGE = 100;

const pagesSource: SitemapSource = {
  name: 'pages',
  async fileKeys(ctx, _at, rows) {
    const places = await existingPages(ctx);
    return places.filter((_, i) => i % rows === 0).map((p) => p.place);
  },
  async *entries(ctx, _at, first, rows) {
    const pages = (await existingPages(ctx)).filter((p) => p.place >= first).slice(0, rows);
    yield pages.map((p) => ({ paths: ctx.site.languages.map((l) => [l, publicPath(p.url, l)]), lastmod: p.lastmod }));
  },
  until: async () => undefined,
  widest: (ctx) => ({
    paths: ctx.site.languages.map((l) => [l, ROUTED_PAGES.map((p) => publicPath(p.url, l)).reduce((a, b) => (b.length > a.length ? b : a))]),
    lastmod: WIDEST_LASTMOD,
  }),
};

/** The site pages this site has a row of (`route` answers 404 for the others), by their place (1-based). */
async function existingPages(ctx: EngineContext) {
  const stamps = await Promise.all(ROUTED_PAGES.map((page) => singletonStamp(ctx, ctx.registry.get(sitePageEntityName(page.key)))));
  return ROUTED_PAGES.flatMap((page, i) => (stamps[i] ? [{ place: i + 1, url: page.url, lastmod: text(stamps[i].updated_at) }] : []));
}

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

type Paged = PublicEntity & { public: PublicDef & { urlPattern: string; collection: string } };

function entitySource(entity: Paged): SitemapSource {
  const t = entity.table;
  const id = `${t}.id`;
  const slugField = Object.entries(entity.fields).find(([, f]) => f.type === 'slug');
  /** The site's rows public at `at`: the list engine's conditions with the visibility filters. */
  const visible = (ctx: EngineContext, at: Moment) =>
    applyWhere(ctx, entity, ctx.db.selectFrom(t), { page: 1, size: 0, sort: [], tokens: [], filters: visibilityFilters(entity, entity.public, at) }, undefined);

  /** The rows' slugs, as the record values publicPathsOf reads them. */
  async function recordsOf(ctx: EngineContext, ids: number[]): Promise<Map<number, RecordValues>> {
    const out = new Map(ids.map((i) => [i, { values: {}, translations: {} } as RecordValues]));
    if (!slugField) return out;
    const [name, field] = slugField;
    const rows = await ctx.db
      .selectFrom(SLUGS_TABLE)
      .select(['entity_id', 'language', 'slug'])
      .where('entity', '=', entity.name)
      .where('tenant_id', '=', tenantKey(ctx, entity))
      .where('entity_id', 'in', ids)
      .execute();
    for (const r of rows) {
      const record = out.get(Number(r.entity_id));
      if (!record) continue;
      const slug = String(r.slug);
      if (field.translated) record.translations[String(r.language)] = { [name]: slug };
      else record.values[name] = slug;
    }
    return out;
  }

  return {
    name: entity.public.collection,
    async fileKeys(ctx, at, rows) {
      // Numbered in the database (one pass of the id index), so only the files' first ids come back.
      const numbered = visible(ctx, at).select([`${id} as id`, sql<number>`row_number() over (order by ${sql.ref(id)})`.as('n')]);
      const firsts = await ctx.db
        .selectFrom(numbered.as('s'))
        .select('s.id')
        .where(sql`(s.n - 1) % ${sql.lit(rows)}`, '=', 0)
        .orderBy('s.id')
        .execute();
      return firsts.map((r) => Number(r.id));
    },
    async *entries(ctx, at, first, rows) {
      let after = first - 1;
      for (let left = rows; left > 0;) {
        const size = Math.min(KEYSET_PAGE, left);
        const page = await visible(ctx, at)
          .select([`${id} as id`, `${t}.updated_at as updated_at`])
          .where(id, '>', after)
          .orderBy(id)
          .limit(size)
          .execute();
        if (!page.length) return;
        const ids = page.map((r) => Number(r.id));
        const records = await recordsOf(ctx, ids);
        yield page.map((r) => ({
          paths: publicPathsOf(entity, entity.public, Number(r.id), records.get(Number(r.id))!, ctx.site.languages),
          lastmod: text(r.updated_at),
        }));
        if (page.length < size) return;
        after = ids.at(-1)!;
        left -= page.length;
      }
    },
    until: (ctx, at) => listBoundary(ctx, entity, entity.public, at),
    widest(ctx) {
      // Slugs are ASCII (SLUG_PATTERN): their declared length is their length in the file.
      const field = slugField?.[1];
      const slug = 'a'.repeat(field?.type === 'slug' ? (field.maxLength ?? DEFAULT_MAX_LENGTH.slug) : 0);
      return { paths: ctx.site.languages.map((l) => [l, publicPath(entity.public.urlPattern, l, { slug, id: MAX_ID })]), lastmod: WIDEST_LASTMOD };
    },
  };
}

/** Every source of a site's sitemaps: the site pages, then each public entity that has pages of its own. */
export const sitemapSources = (entities: readonly PublicEntity[]): SitemapSource[] => [
  pagesSource,
  ...entities.filter((e): e is Paged => e.public.urlPattern !== undefined && e.public.collection !== undefined).map(entitySource),
];
