import { Card } from '../parts/Card.js';
import { Document, type Frame } from '../parts/Document.js';
import { Pager } from '../parts/Pager.js';
import { RichText } from '../parts/RichText.js';
import type { Kind, ListAnswer, Resolved } from '../types.js';

/** A list page (products, used products, news, promotions, brands): its intro, one page of cards, the pager. */
export function ListPage({ frame, resolved, kind, list }: { frame: Frame; resolved: Resolved; kind: Kind; list: ListAnswer }) {
  const page = resolved.object;
  const title = page.title ?? '';
  return (
    <Document frame={frame} title={resolved.seo?.title || title} description={resolved.seo?.description}>
      <h1>{title}</h1>
      <RichText html={page.intro} />
      {list.items.length ? (
        <ul className="cards">
          {list.items.map((row) => (
            <Card key={row.id} kind={kind} row={row} lang={frame.lang} t={frame.t} />
          ))}
        </ul>
      ) : (
        <p>{frame.t.noItems}</p>
      )}
      <Pager paginator={list.paginator} path={frame.path} t={frame.t} />
    </Document>
  );
}
