import type { Language } from './languages';

/**
 * (key, language) pairs whose translation is really the same text as the English value.
 * Keep this short and honest: a pair belongs here only when the word is what that language uses.
 * Stale entries (no longer identical, or key gone) fail tests/unit/locales.test.ts so the list cannot rot.
 */
export const SAME_AS_ENGLISH: Record<string, Language[]> = {
  'pages.about_us': ['it'], // en.json keeps the product's original Italian page name "Chi Siamo"
  'pages.spare_parts': ['it'], // likewise the original Italian "Ricambi e Lubrificanti"
  'pages.contacts': ['it'], // likewise the original Italian "Contatti"
  'pages.home': ['it'], // "Homepage" is the usual Italian word for a site's home page
  'nav.home': ['it'], // "Home" is the standard Italian menu label
  'nav.news': ['it'], // Italian dealer sites call the section "News"
  'login.password': ['it'], // "Password" is the Italian term
  'nav.footer': ['it', 'nl'], // "Account" is the standard Italian and Dutch term
  'nav.media': ['it', 'nl', 'pl', 'al'], // "Media" is the word these languages use (media library)
  'list.mediaCount.one': ['it'], // Italian "file" is both singular and plural
  'nav.pages': ['fr'], // French "Pages"
  'nav.promotions': ['fr'], // French "Promotions"
  'media.folder': ['pl'], // "Folder" is the Polish word (the Polish file says "Foldery" for folders throughout)
  'roles.dealer': ['nl', 'pl'], // "dealer" is the Dutch and Polish word for a machinery dealer
  'errors.status': ['es'], // Spanish "Error {{status}}" is spelled as in English
  'activity.filters': ['nl'], // Dutch "Filters"
  'activity.action': ['fr'], // French "Action"
  'jobs.kind.import': ['nl', 'fr', 'de', 'pl'], // "Import" is the noun these languages use for a data import
  'jobs.kind.export': ['nl', 'fr', 'de'], // likewise "Export"
  'confirm.ok': ['it', 'fr', 'de', 'nl', 'hu', 'pt', 'pl', 'al'], // "OK" is the native button label there
};
