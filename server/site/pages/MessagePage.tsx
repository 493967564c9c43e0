import { Document, type Frame } from '../parts/Document.js';

/** A page that is no content: "not found" (404) or "cannot be shown now" (the API's error), with a way home. */
export function MessagePage({ frame, title, text }: { frame: Frame; title: string; text: string }) {
  return (
    <Document frame={frame} title={title}>
      <h1>{title}</h1>
      <p>{text}</p>
      <p>
        <a href={`/${frame.lang}/`}>{frame.t.backHome}</a>
      </p>
    </Document>
  );
}
