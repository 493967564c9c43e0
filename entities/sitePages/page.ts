import { defineEntity, type EntityDef, type FormGroup, type FormTab } from '../define.js';
import type { Field } from '../fields.js';
import { type SitePageKey, sitePageInfo } from './keys.js';

/** `used_product_list` → `UsedProductList`. */
const pascal = (key: string) =>
  key
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

export const sitePageEntityName = (key: SitePageKey) => `sitePage${pascal(key)}`;

interface PageShape {
  /** Fields besides the title and SEO every page has. */
  fields: Readonly<Record<string, Field>>;
  /** Groups shown under the title on the first tab. */
  general?: readonly FormGroup[];
  /** Tabs between the first one and SEO. */
  tabs?: readonly FormTab[];
  checks?: EntityDef['checks'];
}

/**
 * A site page as an entity: one row per site (singleton), permission model `page`, scope
 * both (the master edits the master site's pages, a dealer its own), public content at
 * the page's URL, and refused to non-superusers when docs/spec.md §6 hides it from them.
 */
export function sitePage(key: SitePageKey, shape: PageShape): EntityDef {
  const info = sitePageInfo(key);
  return defineEntity({
    name: sitePageEntityName(key),
    model: 'page',
    scope: 'both',
    path: `/sitePages/${key}`,
    table: `site_page_${key}`,
    label: { one: `pages.${key}`, many: `pages.${key}` },
    titleField: 'title',
    fields: {
      title: { type: 'text', label: 'fields.sitePage.title', translated: true, required: true, maxLength: 120 },
      ...shape.fields,
      seo: { type: 'seo', label: 'fields.sitePage.seo', translated: true },
    },
    // A page is never listed; the engine still wants a list declaration.
    list: { columns: ['title'], sort: 'id', sortable: [], search: [], filters: [] },
    form: {
      tabs: [
        { label: 'tabs.general', groups: [{ fields: ['title'] }, ...(shape.general ?? [])] },
        ...(shape.tabs ?? []),
        { label: 'tabs.seo', groups: [{ fields: ['seo'] }] },
      ],
    },
    // Everything a page holds is content for the website.
    public: { urlPattern: info.url, fields: ['title', ...Object.keys(shape.fields), 'seo'] },
    singleton: { initial: { title: info.label } },
    superuserOnly: info.superuserOnly,
    checks: shape.checks,
  });
}
