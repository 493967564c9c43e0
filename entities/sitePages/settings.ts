import { SITE_PAGE_KEYS } from './keys.js';
import { sitePage } from './page.js';

/** Site-wide settings: logo, colours, social links and the site menu (linking pages and URLs). */
export const sitePageSettings = sitePage('settings', {
  fields: {
    logo: { type: 'media', label: 'fields.sitePage.logo', accept: 'image/*' },
    primary_color: { type: 'color', label: 'fields.sitePage.primary_color', default: '#367c2b' },
    secondary_color: { type: 'color', label: 'fields.sitePage.secondary_color', default: '#1f2933' },
    social_links: {
      type: 'repeater',
      label: 'fields.sitePage.social_links',
      max: 12,
      rowLabel: 'label',
      fields: {
        url: { type: 'url', label: 'fields.sitePage.social_url', help: 'help.sitePage.social_url', required: true },
        label: { type: 'text', label: 'fields.sitePage.social_label', maxLength: 60 },
      },
    },
    menu: { type: 'menuTree', label: 'fields.sitePage.menu', help: 'help.sitePage.menu', translated: true, maxDepth: 2, maxItems: 60, pages: SITE_PAGE_KEYS },
    footer_text: { type: 'textarea', label: 'fields.sitePage.footer_text', translated: true, maxLength: 1000 },
  },
  general: [{ label: 'groups.sitePage.brand', fields: ['logo', 'primary_color', 'secondary_color'], columns: 2 }],
  tabs: [
    { label: 'tabs.sitePage.menu', groups: [{ fields: ['menu'] }] },
    { label: 'tabs.sitePage.social', groups: [{ fields: ['social_links', 'footer_text'] }] },
  ],
});
