import type { SitePageKey } from './keys.js';
import { sitePage } from './page.js';

/** Cookie and privacy policy: legal text in rich text, with the date it last changed. */
const policyPage = (key: SitePageKey) =>
  sitePage(key, {
    fields: {
      last_updated: { type: 'date', label: 'fields.sitePage.last_updated' },
      body: { type: 'richtext', label: 'fields.sitePage.body', translated: true, maxLength: 200_000 },
    },
    general: [{ fields: ['last_updated', 'body'] }],
  });

export const sitePageCookiePolicy = policyPage('cookie_policy');
export const sitePagePrivacyPolicy = policyPage('privacy_policy');
