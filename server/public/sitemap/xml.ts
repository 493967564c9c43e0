/**
 * Sitemap XML (sitemaps.org protocol 0.9): a `<urlset>` whose `<url>` elements carry `loc`,
 * `lastmod` and then, in the XHTML namespace as the protocol's `##other` slot allows, the
 * page's `<xhtml:link rel="alternate" hreflang>` in every language it has (itself included,
 * and `x-default` for the site's default language), and the `<sitemapindex>` of the files.
 */
import { isLanguage, LOCALE_TAGS } from '../../../locales/languages.js';
import type { SitemapEntry } from './sources.js';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const PROLOG = '<?xml version="1.0" encoding="UTF-8"?>\n';
export const URLSET_OPEN = `${PROLOG}<urlset xmlns="${NS}" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n`;
export const URLSET_CLOSE = '</urlset>\n';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * A site language as hreflang wants it (ISO 639-1, BCP 47): the spec's codes `rs` and `al`
 * are not languages, and the UI's `en-US` would narrow English pages to one country.
 */
export const hreflangOf = (lang: string) => (lang === 'en' || !isLanguage(lang) ? lang : LOCALE_TAGS[lang]);

/** One `<url>` per language of the entry, each listing all of them as alternates. */
export function urlElements(origin: string, entry: SitemapEntry, defaultLanguage: string): string {
  const links = entry.paths.map(([lang, path]) => `<xhtml:link rel="alternate" hreflang="${escape(hreflangOf(lang))}" href="${escape(origin + path)}"/>`);
  const fallback = entry.paths.find(([lang]) => lang === defaultLanguage);
  if (fallback && entry.paths.length > 1) links.push(`<xhtml:link rel="alternate" hreflang="x-default" href="${escape(origin + fallback[1])}"/>`);
  const lastmod = entry.lastmod ? `<lastmod>${escape(entry.lastmod)}</lastmod>` : '';
  const alternates = entry.paths.length > 1 ? links.join('') : '';
  return entry.paths.map(([, path]) => `<url><loc>${escape(origin + path)}</loc>${lastmod}${alternates}</url>\n`).join('');
}

export function sitemapIndex(locations: readonly string[]): string {
  const items = locations.map((loc) => `<sitemap><loc>${escape(loc)}</loc></sitemap>\n`).join('');
  return `${PROLOG}<sitemapindex xmlns="${NS}">\n${items}</sitemapindex>\n`;
}
