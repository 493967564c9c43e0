import type { Media } from '../types.js';

/**
 * One picture of the API's media: the web-sized variant (the original when there is none),
 * with the width and height the API gives so the page does not jump, and its alt text in
 * the page's language. A picture without an alt text is decoration (alt="").
 */
export function Picture({ media, thumbnail = false, eager = false }: { media: Media | null | undefined; thumbnail?: boolean; eager?: boolean }) {
  if (!media || !media.mime_type.startsWith('image/')) return null;
  const src = (thumbnail ? media.thumbnail_url : media.web_url) ?? media.web_url ?? media.url;
  return <img src={src} alt={media.alt ?? ''} width={media.width ?? undefined} height={media.height ?? undefined} loading={eager ? 'eager' : 'lazy'} />;
}
