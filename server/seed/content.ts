/**
 * Writes the demo content of the two dealer sites (server/seed/contentData.ts) through the
 * entity engine, and files the pictures it shows in each site's media library when the
 * seed has a media storage (demoImages.ts).
 */
import type { Kysely } from 'kysely';
import type { EngineContext } from '../entities/context.js';
import { insertRecord } from '../entities/write.js';
import type { DatabaseSchema } from '../db/schema.js';
import type { MediaStorage } from '../storage/index.js';
import { type DemoImage, fileDemoImages, renderDemoImages } from './demoImages.js';
import { catalogPictures } from './catalog.js';
import {
  at,
  BRAND_NAMES,
  type Brand,
  CONTENT_IMAGES,
  dayOffset,
  newsFor,
  promosFor,
  ROSSI_USED,
  type Used,
  USED_CATEGORIES,
  type UsedCategoryKey,
  usedBody,
  VERDI_USED,
} from './contentData.js';
import { siteContext } from './siteContext.js';

interface Site {
  key: 'rossi' | 'verdi';
  id: number;
  dealer: string;
  town: string;
  used: Used[];
  main: Brand;
}

async function seedSiteContent(ctx: EngineContext, site: Site, images: Map<string, number>) {
  const e = (name: string) => ctx.registry.get(name);
  const img = (key: string | null) => (key ? (images.get(key) ?? null) : null);
  const brands = new Map(
    (await ctx.db.selectFrom('brands').select(['id', 'code']).where('tenant_id', '=', site.id).execute()).map((b) => [b.code as string, Number(b.id)]),
  );
  const categories = new Map<UsedCategoryKey, number>();
  for (const [i, key] of (Object.keys(USED_CATEGORIES) as UsedCategoryKey[]).entries()) {
    const c = USED_CATEGORIES[key];
    categories.set(key, await insertRecord(ctx, e('usedCategory'), { order: i, translations: { en: { title: c.en }, it: { title: c.it } } }));
  }
  for (const [n, m] of site.used.entries()) {
    const gallery = m.images.map(img).filter((id): id is number => id !== null);
    await insertRecord(ctx, e('usedProduct'), usedBody(m, { brand: brands.get(m.brand)!, category: categories.get(m.category)!, gallery }, n + 1));
  }
  for (const [order, p] of promosFor(site.main, BRAND_NAMES[site.main]).entries()) {
    await insertRecord(ctx, e('promotion'), {
      brand: p.brand ? brands.get(p.brand)! : null,
      valid_from: dayOffset(p.from),
      valid_to: p.to === null ? null : dayOffset(p.to),
      status: p.status,
      image: img(p.image),
      order,
      translations: {
        en: { title: p.en[0], summary: p.en[1], body: p.en[2] },
        it: { title: p.it[0], summary: p.it[1], body: p.it[2] },
      },
    });
  }
  for (const item of newsFor(site.dealer, site.town)) {
    const seo = (t: [string, string, string]) => ({ title: `${t[0]} | ${site.dealer}`, description: t[1], slug: '' });
    await insertRecord(ctx, e('news'), {
      publish_at: at(item.days, 8),
      status: item.status,
      image: img(item.image),
      translations: {
        en: { title: item.en[0], summary: item.en[1], body: item.en[2], seo: seo(item.en) },
        it: { title: item.it[0], summary: item.it[1], body: item.it[2], seo: seo(item.it) },
      },
    });
  }
  // Addresses of the dealer's former website, kept alive by hand.
  for (const [from_path, to_path, language] of [
    ['/index.php', '/it/', 'it'],
    ['/english/home.html', '/en/', 'en'],
  ] as const) {
    await insertRecord(ctx, e('redirect'), { from_path, to_path, language });
  }
}

/** The pictures a site's content and catalog show, so each library holds only its own. */
function imagesOf(site: Site): DemoImage[] {
  const used = new Set<string | null>([
    ...catalogPictures(site.key),
    ...site.used.flatMap((m) => m.images),
    ...promosFor(site.main, BRAND_NAMES[site.main]).map((p) => p.image),
    ...newsFor(site.dealer, site.town).map((n) => n.image),
  ]);
  return CONTENT_IMAGES.filter((i) => used.has(i.key));
}

/** The pictures the content shows, as an upload would leave them; start it early, it runs beside the database work. */
export const renderContentImages = () => renderDemoImages(CONTENT_IMAGES);

export interface ContentMedia {
  storage: MediaStorage;
  rendered: Awaited<ReturnType<typeof renderContentImages>>;
}

const demoSites = (sites: { rossi: number; verdi: number }): Site[] => [
  { key: 'rossi', id: sites.rossi, dealer: 'Rossi Trattori', town: 'Cremona', used: ROSSI_USED, main: 'DF' },
  { key: 'verdi', id: sites.verdi, dealer: 'Verdi Macchine Agricole', town: 'Busseto', used: VERDI_USED, main: 'SA' },
];

/** Each site's media ids by picture key. */
export type SiteImages = Map<number, Map<string, number>>;

/**
 * Files the pictures of each dealer site (its catalog's and its content's) in its media
 * library, first in the demo seed's transaction so both can show them; none without media.
 */
export async function fileSiteImages(db: Kysely<DatabaseSchema>, sites: { rossi: number; verdi: number }, media?: ContentMedia): Promise<SiteImages> {
  const images: SiteImages = new Map();
  if (!media) return images;
  for (const site of demoSites(sites)) images.set(site.id, await fileDemoImages(db, media.storage, site.id, imagesOf(site), media.rendered));
  return images;
}

/**
 * Fills the dealer sites' content; `db` is the demo seed's transaction, after the catalog
 * (used machines reference its brands).
 */
export async function seedContent(db: Kysely<DatabaseSchema>, sites: { rossi: number; verdi: number }, images: SiteImages) {
  for (const site of demoSites(sites)) {
    await seedSiteContent(await siteContext(db, site.id, { media: images.size > 0 }), site, images.get(site.id) ?? new Map<string, number>());
  }
}
