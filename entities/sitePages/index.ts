import type { EntityDef } from '../define.js';
import { sitePageAboutUs } from './aboutUs.js';
import { sitePageContacts } from './contacts.js';
import { sitePageHome } from './home.js';
import { sitePageDealerBrand, sitePageNewsList, sitePageProductList, sitePagePromotionList, sitePageUsedProductList } from './lists.js';
import { sitePageCookiePolicy, sitePagePrivacyPolicy } from './policies.js';
import { sitePageSettings } from './settings.js';
import { sitePageSpareParts } from './spareParts.js';

/** The twelve page declarations, in the order of SITE_PAGES. */
export const SITE_PAGE_ENTITIES: readonly EntityDef[] = [
  sitePageHome,
  sitePageAboutUs,
  sitePageSpareParts,
  sitePageContacts,
  sitePageSettings,
  sitePageCookiePolicy,
  sitePagePrivacyPolicy,
  sitePageDealerBrand,
  sitePageNewsList,
  sitePageProductList,
  sitePageUsedProductList,
  sitePagePromotionList,
];
