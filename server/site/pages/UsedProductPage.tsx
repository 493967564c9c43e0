import { Price } from '../parts/Card.js';
import { Document, type Frame } from '../parts/Document.js';
import { Fact } from '../parts/Fact.js';
import { mapLink, number } from '../parts/format.js';
import { Gallery } from '../parts/Gallery.js';
import { RichText } from '../parts/RichText.js';
import type { Resolved } from '../types.js';

/** A used product: sold or its price, its facts, where it can be seen (with a map link), gallery and description. */
export function UsedProductPage({ frame, resolved }: { frame: Frame; resolved: Resolved }) {
  const { t, lang } = frame;
  const u = resolved.object;
  const title = u.title ?? '';
  const condition = u.condition ? (t.conditions as Record<string, string>)[u.condition] : undefined;
  return (
    <Document frame={frame} title={resolved.seo?.title || title} description={resolved.seo?.description}>
      <h1>{title}</h1>
      <p>{u.status === 'sold' ? <span className="badge">{t.sold}</span> : <Price row={u} lang={lang} t={t} />}</p>
      <dl className="facts">
        {u.brand ? <Fact term={t.brand}>{u.brand.title}</Fact> : null}
        {u.model ? <Fact term={t.model}>{u.model}</Fact> : null}
        {u.category ? <Fact term={t.category}>{u.category.title}</Fact> : null}
        {u.year ? <Fact term={t.year}>{u.year}</Fact> : null}
        {typeof u.hours === 'number' ? <Fact term={t.hours}>{number(lang, u.hours)}</Fact> : null}
        {u.power_hp ? <Fact term={t.power}>{number(lang, u.power_hp)}</Fact> : null}
        {condition ? <Fact term={t.condition}>{condition}</Fact> : null}
        {u.location_name || u.location ? (
          <Fact term={t.location}>
            {u.location_name}
            {u.location ? (
              <>
                {u.location_name ? ' · ' : null}
                <a href={mapLink(u.location)} rel="noopener noreferrer">
                  {t.openMap}
                </a>
              </>
            ) : null}
          </Fact>
        ) : null}
      </dl>
      <Gallery media={u.gallery} t={t} />
      <RichText html={u.description} />
    </Document>
  );
}
