/**
 * Paths of the public site, declared once for every language: a pattern such as
 * `/{lang}/{products}/{slug}` fills `{lang}`, `{slug}` and `{id}` with the row's values and
 * any other `{name}` with the segment of SEGMENTS in that language (Italian paths in
 * Italian). A language without its own segment uses the English one, so a site language
 * added later still has every path.
 */
import type { Language } from '../locales/languages.js';

type Segment = { en: string } & Partial<Record<Language, string>>;

export const SEGMENTS = {
  products: {
    en: 'products',
    it: 'prodotti',
    es: 'productos',
    bs: 'proizvodi',
    mk: 'proizvodi',
    rs: 'proizvodi',
    bg: 'produkti',
    al: 'produkte',
    hu: 'termekek',
    nl: 'producten',
    fr: 'produits',
    de: 'produkte',
    ru: 'produkty',
    pt: 'produtos',
    pl: 'produkty',
  },
  used: {
    en: 'used-products',
    it: 'usato',
    es: 'usados',
    bs: 'polovni',
    mk: 'polovni',
    rs: 'polovni',
    bg: 'upotrebyavani',
    al: 'te-perdorura',
    hu: 'hasznalt',
    nl: 'gebruikt',
    fr: 'occasions',
    de: 'gebraucht',
    ru: 'podderzhannye',
    pt: 'usados',
    pl: 'uzywane',
  },
  news: {
    en: 'news',
    it: 'notizie',
    es: 'noticias',
    bs: 'vijesti',
    mk: 'vesti',
    rs: 'vesti',
    bg: 'novini',
    al: 'lajme',
    hu: 'hirek',
    nl: 'nieuws',
    fr: 'actualites',
    de: 'aktuelles',
    ru: 'novosti',
    pt: 'noticias',
    pl: 'aktualnosci',
  },
  promotions: {
    en: 'promotions',
    it: 'promozioni',
    es: 'promociones',
    bs: 'akcije',
    mk: 'promocii',
    rs: 'akcije',
    bg: 'promocii',
    al: 'oferta',
    hu: 'akciok',
    nl: 'acties',
    fr: 'promotions',
    de: 'angebote',
    ru: 'akcii',
    pt: 'promocoes',
    pl: 'promocje',
  },
  aboutUs: {
    en: 'about-us',
    it: 'chi-siamo',
    es: 'quienes-somos',
    bs: 'o-nama',
    mk: 'za-nas',
    rs: 'o-nama',
    bg: 'za-nas',
    al: 'rreth-nesh',
    hu: 'rolunk',
    nl: 'over-ons',
    fr: 'a-propos',
    de: 'ueber-uns',
    ru: 'o-nas',
    pt: 'sobre-nos',
    pl: 'o-nas',
  },
  spareParts: {
    en: 'spare-parts',
    it: 'ricambi',
    es: 'recambios',
    bs: 'rezervni-dijelovi',
    mk: 'rezervni-delovi',
    rs: 'rezervni-delovi',
    bg: 'rezervni-chasti',
    al: 'pjese-kembimi',
    hu: 'alkatreszek',
    nl: 'onderdelen',
    fr: 'pieces-detachees',
    de: 'ersatzteile',
    ru: 'zapchasti',
    pt: 'pecas',
    pl: 'czesci',
  },
  contacts: {
    en: 'contacts',
    it: 'contatti',
    es: 'contacto',
    bs: 'kontakt',
    mk: 'kontakt',
    rs: 'kontakt',
    bg: 'kontakti',
    al: 'kontakt',
    hu: 'kapcsolat',
    nl: 'contact',
    fr: 'contact',
    de: 'kontakt',
    ru: 'kontakty',
    pt: 'contactos',
    pl: 'kontakt',
  },
  cookiePolicy: {
    en: 'cookie-policy',
    it: 'cookie-policy',
    es: 'politica-de-cookies',
    bs: 'politika-kolacica',
    mk: 'politika-za-kolacinja',
    rs: 'politika-kolacica',
    bg: 'politika-za-biskvitki',
    al: 'politika-e-cookies',
    hu: 'suti-szabalyzat',
    nl: 'cookiebeleid',
    fr: 'politique-cookies',
    de: 'cookie-richtlinie',
    ru: 'politika-cookie',
    pt: 'politica-de-cookies',
    pl: 'polityka-cookies',
  },
  privacyPolicy: {
    en: 'privacy-policy',
    it: 'privacy-policy',
    es: 'politica-de-privacidad',
    bs: 'politika-privatnosti',
    mk: 'politika-za-privatnost',
    rs: 'politika-privatnosti',
    bg: 'politika-za-poveritelnost',
    al: 'politika-e-privatesise',
    hu: 'adatvedelem',
    nl: 'privacybeleid',
    fr: 'confidentialite',
    de: 'datenschutz',
    ru: 'konfidencialnost',
    pt: 'privacidade',
    pl: 'polityka-prywatnosci',
  },
  brands: {
    en: 'brands',
    it: 'marchi',
    es: 'marcas',
    bs: 'brendovi',
    mk: 'brendovi',
    rs: 'brendovi',
    bg: 'marki',
    al: 'markat',
    hu: 'markak',
    nl: 'merken',
    fr: 'marques',
    de: 'marken',
    ru: 'brendy',
    pt: 'marcas',
    pl: 'marki',
  },
} as const satisfies Record<string, Segment>;

const VALUES = new Set(['lang', 'slug', 'id']);
const PLACEHOLDER = /\{([A-Za-z]+)\}/g;

/** The segment in a language, or its English fallback. */
export function segmentIn(name: string, lang: string): string {
  const segment = (SEGMENTS as Record<string, Segment>)[name];
  if (!segment) throw new Error(`Unknown public path segment {${name}}`);
  return segment[lang as Language] ?? segment.en;
}

/** Placeholders of a pattern that are neither values nor declared segments (declarations check them). */
export const unknownSegments = (pattern: string) => [...pattern.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((n) => !VALUES.has(n) && !(n in SEGMENTS));

/** The pattern's path in a language; `{slug}` and `{id}` as given (URL-encoded). */
export function publicPath(pattern: string, lang: string, values: { slug?: string; id?: number } = {}): string {
  return pattern.replace(PLACEHOLDER, (_, name: string) => {
    if (name === 'lang') return encodeURIComponent(lang);
    if (name === 'slug') return encodeURIComponent(values.slug ?? '');
    if (name === 'id') return String(values.id ?? '');
    return segmentIn(name, lang);
  });
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What a path is in a language under a pattern: the slug or id it names, or undefined when
 * it is not that pattern's path. A trailing slash does not matter.
 */
export function matchPublicPath(pattern: string, lang: string, path: string): { slug?: string; id?: number } | undefined {
  let source = '';
  const groups: string[] = [];
  let last = 0;
  for (const m of pattern.matchAll(PLACEHOLDER)) {
    source += escape(pattern.slice(last, m.index));
    last = m.index + m[0].length;
    const name = m[1]!;
    if (name === 'slug' || name === 'id') {
      groups.push(name);
      source += name === 'id' ? '([1-9][0-9]{0,9})' : '([^/]+)';
    } else source += escape(name === 'lang' ? lang : segmentIn(name, lang));
  }
  source += escape(pattern.slice(last));
  const trimmed = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
  const found = new RegExp(`^${trimmed(source)}$`).exec(trimmed(path));
  if (!found) return undefined;
  const out: { slug?: string; id?: number } = {};
  groups.forEach((name, i) => {
    const raw = found[i + 1]!;
    if (name === 'id') out.id = Number(raw);
    else {
      try {
        out.slug = decodeURIComponent(raw);
      } catch {
        out.slug = raw;
      }
    }
  });
  return out;
}
