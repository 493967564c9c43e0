import type { SitePageKey } from './keys.js';
import { sitePage } from './page.js';

/** The public list pages (brands, news, products, used products, promotions): an intro and how many items a page shows. */
const listPage = (key: SitePageKey) =>
  sitePage(key, {
    fields: {
      intro: { type: 'richtext', label: 'fields.sitePage.intro', translated: true, maxLength: 20_000 },
      items_per_page: {
        type: 'integer',
        label: 'fields.sitePage.items_per_page',
        help: 'help.sitePage.items_per_page',
        required: true,
        default: 12,
        min: 1,
        max: 100,
      },
    },
    general: [{ fields: ['intro', 'items_per_page'] }],
  });

export const sitePageDealerBrand = listPage('dealer_brand');
export const sitePageNewsList = listPage('news_list');
export const sitePageProductList = listPage('product_list');
export const sitePageUsedProductList = listPage('used_product_list');
export const sitePagePromotionList = listPage('promotion_list');
