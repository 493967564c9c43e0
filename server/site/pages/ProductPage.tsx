import { Price } from '../parts/Card.js';
import { Document, type Frame } from '../parts/Document.js';
import { Fact } from '../parts/Fact.js';
import { number } from '../parts/format.js';
import { Gallery } from '../parts/Gallery.js';
import { RichText } from '../parts/RichText.js';
import type { Resolved } from '../types.js';

/** A new product: its facts, price, gallery, description, specifications, brochure and video. */
export function ProductPage({ frame, resolved }: { frame: Frame; resolved: Resolved }) {
  const { t, lang } = frame;
  const p = resolved.object;
  const title = p.name ?? '';
  return (
    <Document frame={frame} title={resolved.seo?.title || title} description={resolved.seo?.description || p.summary || undefined}>
      <h1>{title}</h1>
      {p.summary ? <p className="lead">{p.summary}</p> : null}
      <p>
        <Price row={p} lang={lang} t={t} />
      </p>
      <dl className="facts">
        {p.brand ? <Fact term={t.brand}>{p.brand.title}</Fact> : null}
        {p.category ? <Fact term={t.category}>{p.category.title}</Fact> : null}
        {p.model_year ? <Fact term={t.modelYear}>{p.model_year}</Fact> : null}
        {p.power_hp ? <Fact term={t.power}>{number(lang, p.power_hp)}</Fact> : null}
        {p.sku ? <Fact term={t.sku}>{p.sku}</Fact> : null}
      </dl>
      <Gallery media={p.gallery} t={t} />
      <RichText html={p.description} />
      {p.specs?.length ? (
        <section aria-labelledby="specs">
          <h2 id="specs">{t.specs}</h2>
          <dl className="facts">
            {p.specs.map((s, i) => (
              <Fact key={i} term={s.name}>
                {s.value}
              </Fact>
            ))}
          </dl>
        </section>
      ) : null}
      {p.brochure ? (
        <p>
          <a href={p.brochure.url}>{t.brochure}</a>
        </p>
      ) : null}
      {p.video_url ? (
        <p>
          <a href={p.video_url} rel="noopener noreferrer">
            {t.video}
          </a>
        </p>
      ) : null}
    </Document>
  );
}
