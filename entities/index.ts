/**
 * Every declared entity (entities/define.ts). Server and SPA read this list: the server
 * builds tables, validation and routes from it, the SPA its list screens and forms.
 */
import { brand } from './brand.js';
import { brandService } from './brandService.js';
import { category } from './category.js';
import type { EntityDef } from './define.js';
import { featuredProduct } from './featuredProduct.js';
import { indexingLog } from './indexingLog.js';
import { market } from './market.js';
import { news } from './news.js';
import { product } from './product.js';
import { promotion } from './promotion.js';
import { redirect } from './redirect.js';
import { SITE_PAGE_ENTITIES } from './sitePages/index.js';
import { tag } from './tag.js';
import { tenant } from './tenant.js';
import { usedCategory } from './usedCategory.js';
import { usedProduct } from './usedProduct.js';
import { tenantUser } from './tenantUser.js';
import { user } from './user.js';

export { brand, brandService, category, featuredProduct, indexingLog, market, news, product, promotion, redirect, tag, tenant, usedCategory, usedProduct };

export const ENTITIES: readonly EntityDef[] = [
  brand,
  brandService,
  category,
  tag,
  product,
  featuredProduct,
  usedCategory,
  usedProduct,
  promotion,
  news,
  redirect,
  market,
  tenant,
  ...SITE_PAGE_ENTITIES,
  indexingLog,
];

/**
 * Declared for the SPA's generic screens, served by routes of their own (server/routes/users.ts):
 * rows of the core `users` table, whose scope is not the engine's.
 */
export const ACCOUNT_ENTITIES: readonly EntityDef[] = [user, tenantUser];

/** Every declaration, whoever serves it. */
export const DECLARED: readonly EntityDef[] = [...ENTITIES, ...ACCOUNT_ENTITIES];

export function entityNamed(name: string): EntityDef | undefined {
  return DECLARED.find((e) => e.name === name);
}

/** The entity whose SPA route (and API resource) is this path, e.g. `/products/category`. */
export function entityAtPath(path: string): EntityDef | undefined {
  return DECLARED.find((e) => e.path === path);
}
