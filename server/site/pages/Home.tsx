import { Blocks } from '../parts/Blocks.js';
import { Document, type Frame } from '../parts/Document.js';
import { Picture } from '../parts/Picture.js';
import type { Resolved, Row } from '../types.js';

/** The home page: its hero, the featured products (featured-products), then its blocks. */
export function Home({ frame, resolved, featured }: { frame: Frame; resolved: Resolved; featured: readonly Row[] }) {
  const page = resolved.object;
  const heading = page.hero_title || frame.site.name;
  const Heading = page.featured_title ? 'h3' : 'h2';
  return (
    <Document frame={frame} title={resolved.seo?.title || frame.site.name} description={resolved.seo?.description}>
      <div className="hero">
        <h1>{heading}</h1>
        {page.hero_text ? <p className="lead">{page.hero_text}</p> : null}
        <Picture media={page.hero_image} eager />
        {page.hero_link_url && page.hero_link_label ? (
          <p>
            <a className="button" href={page.hero_link_url}>
              {page.hero_link_label}
            </a>
          </p>
        ) : null}
      </div>
      {featured.length ? (
        <section aria-labelledby={page.featured_title ? 'featured' : undefined}>
          {page.featured_title ? <h2 id="featured">{page.featured_title}</h2> : null}
          <ul className="cards">
            {featured.map((f) => {
              const href = f.product?.path;
              return (
                <li className="card" key={f.id}>
                  <div>
                    <Heading>{href ? <a href={href}>{f.product?.title}</a> : f.product?.title}</Heading>
                    {f.badge ? <p className="badge">{f.badge}</p> : null}
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      <Blocks blocks={page.blocks} />
    </Document>
  );
}
