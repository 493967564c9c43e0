import type { ReactNode } from 'react';
import { mediaKind } from '../../machines/mediaManager.helpers';
import type { MediaItem } from '../../machines/mediaManager.types';
import { useT } from '../i18n/i18n';
import { Spinner } from '../ui/Spinner';
import { Icon, type IconName } from '../ui/icons';

const KIND_ICON: Record<ReturnType<typeof mediaKind>, IconName> = { image: 'image', video: 'film', audio: 'music', document: 'file' };

/** `report.final.pdf` → `PDF`: what a document tile shows under its icon. */
export const extensionOf = (name: string) => (/\.([a-z0-9]{1,6})$/i.exec(name)?.[1] ?? '').toUpperCase();

/**
 * A square preview of a media item: the thumbnail of an image, the first frame of a video,
 * an icon (and the extension) for audio and documents; while its variants are being made, a
 * spinner saying so; an image its job could not read, an icon and "No preview" (the reason
 * in its title). Decorative otherwise: the caller labels it.
 */
export function MediaThumb({ media, size = 'tile' }: { media: MediaItem; size?: 'tile' | 'small' }) {
  const t = useT();
  const kind = mediaKind(media.mime_type);
  const box = size === 'small' ? 'h-16 w-16' : 'aspect-square w-full';
  const icon = (name: IconName) => <Icon name={name} width={size === 'small' ? 22 : 36} height={size === 'small' ? 22 : 36} />;
  /** What stands in for a picture: a symbol and, on a tile, a word under it. */
  const standIn = (symbol: ReactNode, caption: string, attrs: { title?: string; 'aria-hidden'?: boolean; 'data-testid'?: string }) => (
    <span className={`${box} flex flex-col items-center justify-center gap-1.5 rounded-md bg-surface-overlay text-ink-muted`} {...attrs}>
      {symbol}
      {size === 'tile' && <span className="text-xs font-medium">{caption}</span>}
    </span>
  );
  if (media.processing) return standIn(<Spinner />, t('mediaGallery.processing'), { 'data-testid': 'media-processing' });
  if (kind === 'image' && media.preview_error) {
    const reason = t(`mediaGallery.previewError.${media.preview_error}`);
    return standIn(icon('image'), t('mediaGallery.noPreview'), { title: reason, 'data-testid': 'media-no-preview' });
  }
  if (kind === 'image' && (media.thumbnail_url || media.url)) {
    return (
      <img
        src={media.thumbnail_url ?? media.url}
        alt=""
        loading="lazy"
        decoding="async"
        draggable={false}
        className={`${box} rounded-md bg-surface-overlay object-cover`}
      />
    );
  }
  if (kind === 'video') {
    return <video src={`${media.url}#t=0.1`} preload="metadata" muted playsInline aria-hidden="true" className={`${box} rounded-md bg-black object-cover`} />;
  }
  return standIn(icon(KIND_ICON[kind]), extensionOf(media.name), { 'aria-hidden': true });
}

/** The full preview of the editor: the web-sized image, a playable video or audio, or a link to the document. */
export function MediaFullPreview({ media, label }: { media: MediaItem; label: string }) {
  const t = useT();
  const kind = mediaKind(media.mime_type);
  if (kind === 'image' && media.preview_error) {
    return (
      <p className="flex h-40 flex-col items-center justify-center gap-2 rounded-md bg-surface-overlay px-4 text-center text-sm text-ink-muted" role="status">
        <Icon name="image" width={48} height={48} />
        {t(`mediaGallery.previewError.${media.preview_error}`)}
      </p>
    );
  }
  if (kind === 'image') {
    return <img src={media.web_url ?? media.url} alt={media.alt_text || media.name} className="max-h-72 w-full rounded-md bg-surface-overlay object-contain" />;
  }
  if (kind === 'video') return <video src={media.url} controls preload="metadata" className="max-h-72 w-full rounded-md bg-black" aria-label={label} />;
  if (kind === 'audio') return <audio src={media.url} controls preload="metadata" className="w-full" aria-label={label} />;
  return (
    <a
      href={media.url}
      target="_blank"
      rel="noopener noreferrer"
      className="flex h-40 flex-col items-center justify-center gap-2 rounded-md bg-surface-overlay text-ink-muted hover:text-ink"
    >
      <Icon name="file" width={48} height={48} />
      <span className="text-sm">{extensionOf(media.name) || media.mime_type}</span>
      <span className="sr-only">{label}</span>
    </a>
  );
}
