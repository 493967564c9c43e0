import { blocks, body, image, intro } from './blocks.js';
import { sitePage } from './page.js';

/** "Chi Siamo": who the dealer is, its history, and blocks (team, workshop, values…). */
export const sitePageAboutUs = sitePage('about_us', {
  fields: { intro, image, body, blocks },
  general: [{ fields: ['intro', 'image'] }],
  tabs: [{ label: 'tabs.content', groups: [{ fields: ['body', 'blocks'] }] }],
});
