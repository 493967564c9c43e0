import type { Kysely } from 'kysely';
import { createEntityTable } from '../../entities/schema.js';
import type { Dialect } from '../database.js';

/**
 * Site pages (issue 6): a table per page kind, one row per site (unique tenant_id). Each
 * field list pins what this migration creates. No rows here: a site's pages are made with
 * the site, by the demo seed, or on first read (server/entities/singleton.ts), all through
 * the engine, so a replay never writes fields a later migration adds.
 */
const COMMON = ['title', 'seo'];
const PAGES: Record<string, string[]> = {
  sitePageHome: ['hero_title', 'hero_text', 'hero_image', 'hero_link_label', 'hero_link_url', 'featured_title', 'featured_limit', 'blocks'],
  sitePageAboutUs: ['intro', 'image', 'body', 'blocks'],
  sitePageSpareParts: ['intro', 'image', 'request_email', 'body', 'blocks'],
  sitePageContacts: ['intro', 'address', 'location', 'phone', 'email', 'opening_hours', 'blocks'],
  sitePageSettings: ['logo', 'primary_color', 'secondary_color', 'social_links', 'menu', 'footer_text'],
  sitePageCookiePolicy: ['last_updated', 'body'],
  sitePagePrivacyPolicy: ['last_updated', 'body'],
  sitePageDealerBrand: ['intro', 'items_per_page'],
  sitePageNewsList: ['intro', 'items_per_page'],
  sitePageProductList: ['intro', 'items_per_page'],
  sitePageUsedProductList: ['intro', 'items_per_page'],
  sitePagePromotionList: ['intro', 'items_per_page'],
};

export function pagesMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      for (const [name, fields] of Object.entries(PAGES)) await createEntityTable(db, dialect, name, [...COMMON, ...fields]);
    },
  };
}
