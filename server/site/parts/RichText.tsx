import { sanitizeRichText } from '../../entities/richtext.js';

/**
 * Rich text from the API. It was sanitised when written; it is sanitised again here with the
 * same allow-list, as rows can also arrive around the server (an SQL import), and this is
 * the one place the site writes HTML it did not build.
 */
export function RichText({ html, className }: { html: string | null | undefined; className?: string }) {
  if (!html) return null;
  return <div className={className} dangerouslySetInnerHTML={{ __html: sanitizeRichText(html) }} />;
}
