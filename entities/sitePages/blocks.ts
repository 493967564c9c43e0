import type { Field, RepeaterField } from '../fields.js';

/** A site path (`/it/contatti`, `#form`) or an http(s) URL: where a button or block links. */
const link: Field = {
  type: 'text',
  label: 'fields.sitePage.link_url',
  help: 'help.sitePage.link_url',
  maxLength: 500,
  pattern: '(?:/(?!/)|#|https?://)[^\\s]*',
  patternCode: 'sitePath',
};

/**
 * Content blocks of a page, per language: a heading, rich text, an image and an optional
 * link. The public site renders them in order below the page's own content.
 */
export const blocks: RepeaterField = {
  type: 'repeater',
  label: 'fields.sitePage.blocks',
  help: 'help.sitePage.blocks',
  translated: true,
  max: 30,
  rowLabel: 'title',
  fields: {
    title: { type: 'text', label: 'fields.sitePage.block_title', required: true, maxLength: 150 },
    text: { type: 'richtext', label: 'fields.sitePage.block_text', maxLength: 20_000 },
    image: { type: 'media', label: 'fields.sitePage.image', accept: 'image/*' },
    link_label: { type: 'text', label: 'fields.sitePage.link_label', maxLength: 60 },
    link_url: link,
  },
};

export const linkUrl = link;

export const intro: Field = { type: 'textarea', label: 'fields.sitePage.intro', translated: true, maxLength: 1000 };
export const body: Field = { type: 'richtext', label: 'fields.sitePage.body', translated: true, maxLength: 100_000 };
export const image: Field = { type: 'media', label: 'fields.sitePage.image', accept: 'image/*' };
