/**
 * The twelve site pages (docs/spec.md §2) in sidebar order, shared by the SPA's route table and
 * the page declarations. `superuserOnly` pages are hidden from, and refused to, everyone
 * but superusers (docs/spec.md §6); the other five are exactly what market administrators see.
 * `url` is the page's path on the public site (a pattern of entities/publicPaths.ts), for indexing and the delivery API.
 */
export const SITE_PAGES = [
  { key: 'home', label: 'Homepage', superuserOnly: false, url: '/{lang}/' },
  { key: 'about_us', label: 'Chi Siamo', superuserOnly: false, url: '/{lang}/{aboutUs}' },
  { key: 'spare_parts', label: 'Ricambi e Lubrificanti', superuserOnly: false, url: '/{lang}/{spareParts}' },
  { key: 'contacts', label: 'Contatti', superuserOnly: false, url: '/{lang}/{contacts}' },
  // Logo, colours and menu show on every page: a change re-announces the home page.
  { key: 'settings', label: 'Settings', superuserOnly: false, url: '/{lang}/' },
  { key: 'cookie_policy', label: 'Cookie Policy', superuserOnly: true, url: '/{lang}/{cookiePolicy}' },
  { key: 'privacy_policy', label: 'Privacy Policy', superuserOnly: true, url: '/{lang}/{privacyPolicy}' },
  { key: 'dealer_brand', label: 'Page Dealer Brands', superuserOnly: true, url: '/{lang}/{brands}' },
  { key: 'news_list', label: 'Page News List', superuserOnly: true, url: '/{lang}/{news}' },
  { key: 'product_list', label: 'Page Product List', superuserOnly: true, url: '/{lang}/{products}' },
  { key: 'used_product_list', label: 'Page Used Product List', superuserOnly: true, url: '/{lang}/{used}' },
  { key: 'promotion_list', label: 'Page Promotion List', superuserOnly: true, url: '/{lang}/{promotions}' },
] as const;

export type SitePageKey = (typeof SITE_PAGES)[number]['key'];

export const SITE_PAGE_KEYS: readonly SitePageKey[] = SITE_PAGES.map((p) => p.key);

export const sitePageInfo = (key: SitePageKey) => SITE_PAGES.find((p) => p.key === key)!;
