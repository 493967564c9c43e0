import { Picture } from './Picture.js';
import type { SiteText } from '../text.js';
import type { Media } from '../types.js';

/** A row's pictures: the first large, the others below it, each linking to its full size. */
export function Gallery({ media, t }: { media: readonly Media[] | undefined; t: SiteText }) {
  const pictures = (media ?? []).filter((m) => m.mime_type.startsWith('image/'));
  if (!pictures.length) return null;
  return (
    <section aria-labelledby="gallery">
      <h2 id="gallery">{t.gallery}</h2>
      <ul className="gallery">
        {pictures.map((m, i) => (
          <li key={i}>
            <a href={m.url}>
              <Picture media={m} thumbnail={i > 0} eager={i === 0} />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
