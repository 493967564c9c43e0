/**
 * What a path of the website shows, read from the delivery API only: `route?path=` says what
 * the path is (or where it moved), `site` gives the frame of every page in that language, and
 * a list page or the home page read one more collection. Nothing here touches the database.
 */
import type { Answer, DeliveryReader } from './api.js';
import type { Kind, ListAnswer, Resolved, Row, SiteInfo } from './types.js';

type RowKind = 'product' | 'usedProduct' | 'article' | 'contacts' | 'content';

export type View =
  | { kind: 'home'; resolved: Resolved; featured: Row[] }
  | { kind: 'list'; resolved: Resolved; of: Kind; list: ListAnswer }
  | { kind: RowKind; resolved: Resolved }
  | { kind: 'notFound' };

export type Loaded =
  /** Not a dealer site (the master or an unknown host): the server answers as it does without the website. */
  | { outcome: 'pass' }
  | { outcome: 'redirect'; status: 301 | 302; location: string }
  /** The API refused (too many requests, unavailable): its status, with no page to frame it in. */
  | { outcome: 'failed'; answer: Answer<unknown> }
  | { outcome: 'page'; site: SiteInfo; lang: string; path: string; view: View };

/** List pages: the collection each lists, and its order. */
const LISTS: Record<string, { collection: string; of: Kind; sort?: string }> = {
  product_list: { collection: 'products', of: 'product' },
  used_product_list: { collection: 'used-products', of: 'usedProduct' },
  news_list: { collection: 'news', of: 'news', sort: '-publish_at' },
  promotion_list: { collection: 'promotions', of: 'promotion', sort: 'order' },
  dealer_brand: { collection: 'brands', of: 'brand', sort: 'order' },
};

const ROWS: Record<string, RowKind> = { product: 'product', usedProduct: 'usedProduct', news: 'article', promotion: 'article' };

/** The site in a language; when that is no site language, in its default one. */
async function siteIn(reader: DeliveryReader, lang: string | undefined) {
  const asked = lang ? await reader.get<SiteInfo>('site', { lang }) : undefined;
  return asked && asked.status !== 400 ? asked : reader.get<SiteInfo>('site');
}

export async function loadPath(reader: DeliveryReader, path: string, page: number): Promise<Loaded> {
  if (path === '/') {
    const site = await reader.get<SiteInfo>('site');
    if (site.status === 404) return { outcome: 'pass' };
    if (site.status !== 200) return { outcome: 'failed', answer: site };
    return { outcome: 'redirect', status: 302, location: `/${site.body.default_language}/` };
  }
  const route = await reader.get<Resolved>('route', { path });
  if (route.status === 301 && route.headers.location) return { outcome: 'redirect', status: 301, location: route.headers.location };
  const found = route.status === 200;
  const site = await siteIn(reader, found ? route.body.language : /^\/([a-z]{2})(?:\/|$)/.exec(path)?.[1]);
  if (site.status === 404) return { outcome: 'pass' };
  if (site.status !== 200) return { outcome: 'failed', answer: site };
  if (!found && route.status !== 404 && route.status !== 400) return { outcome: 'failed', answer: route };
  const frame = { site: site.body, lang: site.body.language, path };
  if (!found) return { outcome: 'page', ...frame, view: { kind: 'notFound' } };
  const view = await viewOf(reader, route.body, page);
  return view ? { outcome: 'page', ...frame, view } : { outcome: 'page', ...frame, view: { kind: 'notFound' } };
}

async function viewOf(reader: DeliveryReader, resolved: Resolved, page: number): Promise<View | undefined> {
  const lang = resolved.language;
  if (resolved.type !== 'page') return { kind: ROWS[resolved.type] ?? 'content', resolved };
  const key = resolved.object.key ?? '';
  if (key === 'home') {
    const limit = resolved.object.featured_limit ?? 0;
    if (!limit) return { kind: 'home', resolved, featured: [] };
    const featured = await reader.get<ListAnswer>('featured-products/', { lang, items: limit, sort: 'order' });
    return { kind: 'home', resolved, featured: featured.status === 200 ? featured.body.items : [] };
  }
  if (key === 'contacts') return { kind: 'contacts', resolved };
  const list = LISTS[key];
  if (!list) return { kind: 'content', resolved };
  const answer = await reader.get<ListAnswer>(`${list.collection}/`, { lang, page, items: resolved.object.items_per_page ?? 12, sort: list.sort });
  // A page past the last one is no page of the site.
  if (answer.status !== 200 || (page > 1 && page > answer.body.paginator.pages)) return undefined;
  return { kind: 'list', resolved, of: list.of, list: answer.body };
}
