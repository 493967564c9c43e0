import { Blocks } from '../parts/Blocks.js';
import { Document, type Frame } from '../parts/Document.js';
import { day } from '../parts/format.js';
import { Picture } from '../parts/Picture.js';
import { RichText } from '../parts/RichText.js';
import type { Resolved } from '../types.js';

/** A page of text (about us, spare parts, the cookie and privacy policies): intro, picture, body, blocks. */
export function ContentPage({ frame, resolved }: { frame: Frame; resolved: Resolved }) {
  const p = resolved.object;
  const title = p.title ?? '';
  return (
    <Document frame={frame} title={resolved.seo?.title || title} description={resolved.seo?.description}>
      <h1>{title}</h1>
      {p.last_updated ? (
        <p>
          <time dateTime={p.last_updated}>{day(frame.lang, p.last_updated)}</time>
        </p>
      ) : null}
      {p.intro ? <p className="lead">{p.intro}</p> : null}
      <Picture media={p.image} eager />
      <RichText html={p.body} />
      <Blocks blocks={p.blocks} />
    </Document>
  );
}
