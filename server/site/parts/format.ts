/**
 * Numbers and dates in the page's language. Prices are plain numbers: the delivery API does
 * not name the market's currency (docs/decisions.md §19).
 */
import { tagOf } from '../text.js';

export const number = (lang: string, n: number, digits = 0) => new Intl.NumberFormat(tagOf(lang), { maximumFractionDigits: digits }).format(n);

export const price = (lang: string, n: number) =>
  new Intl.NumberFormat(tagOf(lang), { minimumFractionDigits: n % 1 ? 2 : 0, maximumFractionDigits: 2 }).format(n);

/** A date (`2026-11-23`) or a moment (ISO), as a day in the language; UTC, as the API's windows are. */
export const day = (lang: string, iso: string) => new Intl.DateTimeFormat(tagOf(lang), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

/** `08:00:00` → `08:00`. */
export const time = (t: string) => t.slice(0, 5);

/** An OpenStreetMap link to a place: a map without a script or a key. */
export const mapLink = (p: { lat: number; lng: number }) => `https://www.openstreetmap.org/?mlat=${p.lat}&mlon=${p.lng}#map=16/${p.lat}/${p.lng}`;
