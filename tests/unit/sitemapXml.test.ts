/** The sitemap XML writer (server/public/sitemap/xml.ts), read back by the schema-rule reader the server tests use. */
import { describe, expect, it } from 'vitest';
import { hreflangOf, sitemapIndex, URLSET_CLOSE, URLSET_OPEN, urlElements } from '../../server/public/sitemap/xml.js';
import { readIndex, readUrlset } from '../server/fixtures/sitemapXml.js';

const ORIGIN = 'https://dealer.example';

describe('sitemap XML', () => {
  it('gives each language its own <url>, each with every alternate, x-default on the default language', () => {
    const xml = `${URLSET_OPEN}${urlElements(
      ORIGIN,
      {
        paths: [
          ['it', '/it/prodotti/trattore'],
          ['rs', '/rs/proizvodi/traktor'],
          ['al', '/al/produkte/traktor'],
        ],
        lastmod: '2026-01-02T03:04:05.000Z',
      },
      'it',
    )}${URLSET_CLOSE}`;
    const urls = readUrlset(xml);
    expect(urls.map((u) => u.loc)).toEqual([`${ORIGIN}/it/prodotti/trattore`, `${ORIGIN}/rs/proizvodi/traktor`, `${ORIGIN}/al/produkte/traktor`]);
    for (const u of urls) {
      expect(u.lastmod).toBe('2026-01-02T03:04:05.000Z');
      expect(u.alternates).toEqual({
        it: `${ORIGIN}/it/prodotti/trattore`,
        'sr-Latn': `${ORIGIN}/rs/proizvodi/traktor`,
        sq: `${ORIGIN}/al/produkte/traktor`,
        'x-default': `${ORIGIN}/it/prodotti/trattore`,
      });
    }
  });

  it('names languages as hreflang wants them: BCP 47, English without a country', () => {
    expect(['en', 'it', 'rs', 'al', 'de'].map(hreflangOf)).toEqual(['en', 'it', 'sr-Latn', 'sq', 'de']);
  });

  it('lists a page with one language alone, without alternates, and escapes what XML must', () => {
    const urls = readUrlset(`${URLSET_OPEN}${urlElements(ORIGIN, { paths: [['en', "/en/news/a&b'c"]], lastmod: undefined }, 'en')}${URLSET_CLOSE}`);
    expect(urls).toEqual([{ loc: `${ORIGIN}/en/news/a&b'c`, lastmod: undefined, alternates: {} }]);
  });

  it('writes an index the reader accepts, and the reader refuses an empty one', () => {
    expect(readIndex(sitemapIndex([`${ORIGIN}/sitemap-pages-1.xml`]))).toEqual([`${ORIGIN}/sitemap-pages-1.xml`]);
    expect(() => readIndex(sitemapIndex([]))).toThrow(/at least one/);
    expect(() => readUrlset(`${URLSET_OPEN}${URLSET_CLOSE}`)).toThrow(/at least one/);
    expect(() => readUrlset(`${URLSET_OPEN}<url><lastmod>2026-01-01</lastmod><loc>${ORIGIN}/x</loc></url>${URLSET_CLOSE}`)).toThrow(/first child/);
  });
});
