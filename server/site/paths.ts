/**
 * Where a listed row's own page is. A list answer gives rows, not paths: the path comes from
 * the pattern each entity declares (entities/publicPaths.ts, the patterns the README lists
 * and `route` resolves), filled with the row's slug in the page's language.
 */
import { news } from '../../entities/news.js';
import { product } from '../../entities/product.js';
import { promotion } from '../../entities/promotion.js';
import { publicPath } from '../../entities/publicPaths.js';
import { usedProduct } from '../../entities/usedProduct.js';

export type Kind = 'product' | 'usedProduct' | 'news' | 'promotion';

const PATTERNS: Record<Kind, string> = {
  product: product.public!.urlPattern!,
  usedProduct: usedProduct.public!.urlPattern!,
  news: news.public!.urlPattern!,
  promotion: promotion.public!.urlPattern!,
};

/**
 * A row's page in the page's language; a row whose slug is the default language's (it has
 * none in this one: the answer names `slug` in `fallback`) has its page in that language
 * only, where `route` finds it.
 */
export function rowPath(kind: Kind, lang: string, row: { slug?: string | null; fallback?: string[] } | undefined, defaultLang: string) {
  if (!row?.slug) return undefined;
  return publicPath(PATTERNS[kind], row.fallback?.includes('slug') ? defaultLang : lang, { slug: row.slug });
}
