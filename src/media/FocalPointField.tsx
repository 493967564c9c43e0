import { useSelector } from '@xstate/react';
import type { KeyboardEvent, MouseEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { connectFocalPoint, focalClickEvent, focalKeyEvent } from '../../machines/focalPoint.connect';
import type { focalPointMachine } from '../../machines/focalPoint.machine';
import type { MediaItem } from '../../machines/mediaManager.types';
import { useT } from '../i18n/i18n';

export type FocalPointRef = ActorRefFrom<typeof focalPointMachine>;

/** The raster types renditions are made of (server/services/media/types.ts): only these have a focal point. */
const RASTER = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);
export const hasFocalPoint = (media: MediaItem) => RASTER.has(media.mime_type);

type View = ReturnType<typeof connectFocalPoint>;

const sameView = (a: View, b: View) => a.marker.left === b.marker.left && a.marker.top === b.marker.top && a.edited === b.edited && a.centred === b.centred;

/**
 * The image's focal point (issue 19), part of the media's form: a click on the picture puts
 * it there; focused, the arrow keys move it (Shift: small steps) and Home centres it. It is
 * saved with the form; `cover` crops of the image keep it in view.
 */
export function FocalPointField({ media, focal, readOnly }: { media: MediaItem; focal: FocalPointRef; readOnly: boolean }) {
  const t = useT();
  const view = useSelector(focal, connectFocalPoint, sameView);
  const hintId = `media-${media.id}-focal-hint`;
  const click = (e: MouseEvent<HTMLDivElement>) => {
    if (readOnly) return;
    const event = focalClickEvent(e.currentTarget.getBoundingClientRect(), e.clientX, e.clientY);
    if (event) focal.send(event);
  };
  const key = (e: KeyboardEvent<HTMLDivElement>) => {
    if (readOnly) return;
    const event = focalKeyEvent(e.key, e.shiftKey);
    if (!event) return;
    e.preventDefault();
    focal.send(event);
  };
  return (
    <div>
      <p className="text-sm font-medium" id={`media-${media.id}-focal-label`}>
        {t('media.focalPoint')}
      </p>
      <div className="mt-1 flex items-start gap-3">
        <div
          tabIndex={readOnly ? -1 : 0}
          role="group"
          aria-labelledby={`media-${media.id}-focal-label`}
          aria-describedby={hintId}
          onClick={click}
          onKeyDown={key}
          className="relative inline-block cursor-crosshair overflow-hidden rounded-md focus:outline-2 focus:outline-brand-ink"
          data-testid="media-focal-point"
        >
          <img src={media.thumbnail_url ?? media.web_url ?? media.url} alt="" draggable={false} className="block max-h-48 max-w-full select-none" />
          <span
            aria-hidden="true"
            className="pointer-events-none absolute h-5 w-5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-brand/60 shadow-[0_0_0_1px_rgba(0,0,0,0.6)]"
            style={{ left: view.marker.left, top: view.marker.top }}
            data-testid="media-focal-marker"
          />
        </div>
        <div className="space-y-2 text-sm">
          <p aria-live="polite" data-testid="media-focal-value">
            {view.centred ? t('media.focalPointCentred') : t('media.focalPointAt', view.value)}
          </p>
          {!readOnly && !view.centred && (
            <button
              type="button"
              onClick={() => focal.send({ type: 'focal.centre' })}
              className="rounded-md border border-surface-border px-3 py-1.5 hover:bg-surface-overlay"
            >
              {t('media.focalPointCentre')}
            </button>
          )}
        </div>
      </div>
      <p id={hintId} className="mt-1 text-xs text-ink-muted">
        {t('media.focalPointHint')}
      </p>
    </div>
  );
}
