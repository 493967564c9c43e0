import { blocks, image, linkUrl } from './blocks.js';
import { sitePage } from './page.js';

/** The home page: a hero, the featured products strip, then content blocks. */
export const sitePageHome = sitePage('home', {
  fields: {
    hero_title: { type: 'text', label: 'fields.sitePage.hero_title', translated: true, maxLength: 120 },
    hero_text: { type: 'textarea', label: 'fields.sitePage.hero_text', translated: true, maxLength: 400 },
    hero_image: { ...image, label: 'fields.sitePage.hero_image' },
    hero_link_label: { type: 'text', label: 'fields.sitePage.hero_link_label', translated: true, maxLength: 60 },
    hero_link_url: { ...linkUrl, label: 'fields.sitePage.hero_link_url' },
    featured_title: { type: 'text', label: 'fields.sitePage.featured_title', translated: true, maxLength: 120 },
    featured_limit: { type: 'integer', label: 'fields.sitePage.featured_limit', help: 'help.sitePage.featured_limit', default: 6, min: 0, max: 24 },
    blocks,
  },
  general: [
    { label: 'groups.sitePage.hero', fields: ['hero_title', 'hero_text', 'hero_image', 'hero_link_label', 'hero_link_url'], columns: 2 },
    { label: 'groups.sitePage.featured', fields: ['featured_title', 'featured_limit'], columns: 2 },
  ],
  tabs: [{ label: 'tabs.content', groups: [{ fields: ['blocks'] }] }],
});
