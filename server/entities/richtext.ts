/**
 * Rich text is stored only after sanitising against an allow-list: structure (headings,
 * paragraphs, lists, quotes, tables), inline emphasis, links with http(s)/mailto/tel or
 * site-relative targets, and images served from our own /media/. Everything else — scripts,
 * styles, event handlers, iframes, foreign images — is removed, never escaped into text.
 */
import sanitizeHtml from 'sanitize-html';
import type { EntityDef } from '../../entities/define.js';
import type { Field } from '../../entities/fields.js';
import type { RecordValues } from '../../entities/validateRecord.js';

const OWN_MEDIA = /^\/media\/[A-Za-z0-9/_.-]+$/;

const isOwnMedia = (src: string | undefined) => !!src && OWN_MEDIA.test(src) && !src.includes('..') && !src.includes('//');

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'code',
    'pre',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'data-media-id'],
    ol: ['start'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  transformTags: {
    a: (tagName, attribs) => {
      const out: Record<string, string> = { ...attribs };
      if (out.target !== undefined && out.target !== '_blank') delete out.target;
      if (out.target === '_blank') out.rel = 'noopener noreferrer';
      else delete out.rel;
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const out: Record<string, string> = {};
      for (const [k, v] of Object.entries(attribs)) {
        if ((k === 'width' || k === 'height') && !/^\d{1,4}$/.test(v)) continue;
        if (k === 'data-media-id' && !/^\d{1,10}$/.test(v)) continue;
        out[k] = v;
      }
      return { tagName, attribs: out };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !isOwnMedia(frame.attribs.src),
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

function sanitizeValue(field: Field, value: unknown): unknown {
  if (field.type === 'richtext' && typeof value === 'string') return sanitizeRichText(value);
  if (field.type === 'repeater' && Array.isArray(value)) {
    return value.map((row: Record<string, unknown>) => {
      const out = { ...row };
      for (const [k, sub] of Object.entries(field.fields)) out[k] = sanitizeValue(sub, out[k]);
      return out;
    });
  }
  return value;
}

/** Sanitises every rich text of a record in place (plain, translated, inside repeaters). */
export function sanitizeRecord(entity: EntityDef, record: RecordValues) {
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.type !== 'richtext' && field.type !== 'repeater') continue;
    if (field.translated) {
      for (const vals of Object.values(record.translations)) if (name in vals) vals[name] = sanitizeValue(field, vals[name]);
    } else if (name in record.values) {
      record.values[name] = sanitizeValue(field, record.values[name]);
    }
  }
}
