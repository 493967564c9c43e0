import { blocks, body, image, intro } from './blocks.js';
import { sitePage } from './page.js';

/** "Ricambi e Lubrificanti": the parts counter, with where parts requests go. */
export const sitePageSpareParts = sitePage('spare_parts', {
  fields: {
    intro,
    image,
    request_email: { type: 'email', label: 'fields.sitePage.request_email', help: 'help.sitePage.request_email' },
    body,
    blocks,
  },
  general: [{ fields: ['intro', 'image', 'request_email'] }],
  tabs: [{ label: 'tabs.content', groups: [{ fields: ['body', 'blocks'] }] }],
});
