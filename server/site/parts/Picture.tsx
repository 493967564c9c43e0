import type { Media } from '../types.js';

/**
 * How wide the page shows a picture (styles.ts), for the browser to pick from `srcset`:
 * a card or gallery thumbnail is a grid cell of at least 12–15rem, up to a few on a row;
 * any other picture spans the text column (at most 72rem, 48rem in a gallery).
 */
const SIZES = {
  thumbnail: '(min-width: 48rem) 20rem, 100vw',
  full: '(min-width: 72rem) 70rem, 100vw',
};

/**
 * One picture of the API's media: the web-sized variant (the original when there is none)
 * with the API's renditions as `srcset`, the width and height the API gives so the page
 * does not jump, and its alt text in the page's language. A picture without an alt text is
 * decoration (alt="").
 */
export function Picture({ media, thumbnail = false, eager = false }: { media: Media | null | undefined; thumbnail?: boolean; eager?: boolean }) {
  if (!media || !media.mime_type.startsWith('image/')) return null;
  const src = (thumbnail ? media.thumbnail_url : media.web_url) ?? media.web_url ?? media.url;
  return (
    <img
      src={src}
      srcSet={media.srcset ?? undefined}
      sizes={media.srcset ? SIZES[thumbnail ? 'thumbnail' : 'full'] : undefined}
      alt={media.alt ?? ''}
      width={media.width ?? undefined}
      height={media.height ?? undefined}
      loading={eager ? 'eager' : 'lazy'}
    />
  );
}
