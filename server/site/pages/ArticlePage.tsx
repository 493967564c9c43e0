import { Document, type Frame } from '../parts/Document.js';
import { day } from '../parts/format.js';
import { Picture } from '../parts/Picture.js';
import { RichText } from '../parts/RichText.js';
import type { Resolved } from '../types.js';

/** A news item or a promotion: its date (or the last day it is valid), picture, summary and text. */
export function ArticlePage({ frame, resolved }: { frame: Frame; resolved: Resolved }) {
  const { t, lang } = frame;
  const a = resolved.object;
  const title = a.title ?? '';
  return (
    <Document frame={frame} title={resolved.seo?.title || title} description={resolved.seo?.description || a.summary || undefined}>
      <article>
        <h1>{title}</h1>
        {a.publish_at ? (
          <p>
            <time dateTime={a.publish_at}>{day(lang, a.publish_at)}</time>
          </p>
        ) : null}
        {a.valid_to ? (
          <p>
            {t.validUntil}: <time dateTime={a.valid_to}>{day(lang, a.valid_to)}</time>
          </p>
        ) : null}
        <Picture media={a.image} eager />
        {a.summary ? <p className="lead">{a.summary}</p> : null}
        <RichText html={a.body} />
      </article>
    </Document>
  );
}
