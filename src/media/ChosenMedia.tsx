import { useActorRef, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { formatBytes } from '../../machines/mediaManager.helpers';
import type { MediaItem } from '../../machines/mediaManager.types';
import { errorStatus } from '../../machines/session.helpers';
import { loadMediaById } from '../http/mediaActors';
import { useT } from '../i18n/i18n';
import { Spinner } from '../ui/Spinner';

export type MediaLookup = { status: 'loading' } | { status: 'ready'; media: MediaItem } | { status: 'missing'; code: number };

/**
 * A media by id (`GET api/media/{id}`) as an actor of the caller's lifetime. Key the
 * caller by id: an actor's input is read once (STYLE.md).
 */
export function useMediaById(id: number): MediaLookup {
  const ref = useActorRef(loadMediaById, { input: { id } });
  return useSelector(
    ref,
    (s): MediaLookup =>
      s.status === 'done'
        ? { status: 'ready', media: s.output }
        : s.status === 'error'
          ? { status: 'missing', code: errorStatus(s.error) }
          : { status: 'loading' },
    (a, b) => a.status === b.status && (a.status !== 'ready' || a.media === (b as { media: MediaItem }).media),
  );
}

/** Renders what `useMediaById` found; mount with `key={id}`. */
export function ChosenMedia({ id, children }: { id: number; children: (media: MediaItem) => ReactNode }) {
  const t = useT();
  const found = useMediaById(id);
  if (found.status === 'loading') return <Spinner label={t('media.loadingMedia')} />;
  if (found.status === 'missing') {
    return (
      <span className="text-sm text-danger" data-testid="media-missing">
        {found.code === 404 ? t('media.missing', { id }) : t('media.unavailable', { id })}
      </span>
    );
  }
  return <>{children(found.media)}</>;
}

/** Name, size and type of a media, one line each. */
export function MediaFacts({ media }: { media: MediaItem }) {
  return (
    <span className="flex min-w-0 flex-col text-sm">
      <a
        href={media.url}
        target="_blank"
        rel="noopener noreferrer"
        className="truncate font-medium text-ink hover:underline"
        title={media.name}
        data-testid="media-field-name"
      >
        {media.name}
      </a>
      <span className="text-xs text-ink-muted">
        {formatBytes(media.size)} · {media.mime_type}
        {media.width && media.height ? ` · ${media.width} × ${media.height}` : ''}
      </span>
    </span>
  );
}
