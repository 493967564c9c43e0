/**
 * Numbers and dates in the page's language. Prices are plain numbers: the delivery API does
 * not name the market's currency (docs/decisions.md §19). Making an Intl formatter costs
 * about a millisecond, using one microseconds: each is made once per language and kept.
 */
import { tagOf } from '../text.js';

function memo<F>(make: (tag: string) => F): (lang: string) => F {
  const made = new Map<string, F>();
  return (lang) => {
    let f = made.get(lang);
    if (!f) made.set(lang, (f = make(tagOf(lang))));
    return f;
  };
}

const integers = memo((tag) => new Intl.NumberFormat(tag, { maximumFractionDigits: 0 }));
const cents = memo((tag) => new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
const days = memo((tag) => new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }));

export const number = (lang: string, n: number) => integers(lang).format(n);

export const price = (lang: string, n: number) => (n % 1 ? cents(lang) : integers(lang)).format(n);

/** A date (`2026-11-23`) or a moment (ISO), as a day in the language; UTC, as the API's windows are. */
export const day = (lang: string, iso: string) => days(lang).format(new Date(iso));

/** `08:00:00` → `08:00`. */
export const time = (t: string) => t.slice(0, 5);

/** An OpenStreetMap link to a place: a map without a script or a key. */
export const mapLink = (p: { lat: number; lng: number }) => `https://www.openstreetmap.org/?mlat=${p.lat}&mlon=${p.lng}#map=16/${p.lat}/${p.lng}`;
