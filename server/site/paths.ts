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

export const rowPath = (kind: Kind, lang: string, slug: string | null | undefined) => (slug ? publicPath(PATTERNS[kind], lang, { slug }) : undefined);
