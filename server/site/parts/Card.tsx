import type { SiteText } from '../text.js';
import type { Kind, Row } from '../types.js';
import { day, number, price } from './format.js';
import { Picture } from './Picture.js';

/** One row of a list page, by kind: its picture, its title as the link to its page, and the line that matters. */
export function Card({ kind, row, lang, t, level = 2 }: { kind: Kind; row: Row; lang: string; t: SiteText; level?: 2 | 3 }) {
  const title = row.title ?? row.name ?? '';
  const href = kind === 'brand' ? row.website : row.path;
  const Heading = `h${level}` as const;
  const picture = row.gallery?.[0] ?? row.image ?? row.logo;
  return (
    <li className="card">
      <Picture media={picture} thumbnail />
      <div>
        <Heading>{href ? <a href={href}>{title}</a> : title}</Heading>
        <Line kind={kind} row={row} lang={lang} t={t} />
        {row.summary ? <p>{row.summary}</p> : null}
      </div>
    </li>
  );
}

function Line({ kind, row, lang, t }: { kind: Kind; row: Row; lang: string; t: SiteText }) {
  switch (kind) {
    case 'product':
    case 'usedProduct':
      return (
        <p>
          {row.status === 'sold' ? <span className="badge">{t.sold}</span> : <Price row={row} lang={lang} t={t} />}
          {row.year ? ` · ${row.year}` : null}
          {typeof row.hours === 'number' ? ` · ${number(lang, row.hours)} h` : null}
        </p>
      );
    case 'news':
      return row.publish_at ? (
        <p>
          <time dateTime={row.publish_at}>{day(lang, row.publish_at)}</time>
        </p>
      ) : null;
    case 'promotion':
      return row.valid_to ? (
        <p>
          {t.validUntil}: <time dateTime={row.valid_to}>{day(lang, row.valid_to)}</time>
        </p>
      ) : null;
    default:
      return null;
  }
}

/** The price, or "price on request" when the dealer keeps it to itself (the API sends null). */
export function Price({ row, lang, t }: { row: Row; lang: string; t: SiteText }) {
  return <span className="price">{typeof row.price === 'number' ? price(lang, row.price) : t.priceOnRequest}</span>;
}
