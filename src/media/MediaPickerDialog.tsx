import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { normalizeMimeType } from '../../machines/mediaManager.helpers';
import type { MediaItem } from '../../machines/mediaManager.types';
import { rememberMedia } from '../http/mediaActors';
import { useT } from '../i18n/i18n';
import { Icon } from '../ui/icons';
import { MediaLibrary } from './MediaLibrary';
import { type MediaManagerRef, useMediaManagerActor, useMediaPermissions, useMediaView, useUploadQueueActor } from './useMediaManager';

export interface MediaPickerDialogProps {
  open: boolean;
  /** single: one media; multi: several, in the order they were picked. */
  mode: 'single' | 'multi';
  /** Mime filter the picker starts with and keeps, e.g. `image/*` or `application/pdf`. */
  accept?: string;
  title?: string;
  onClose: () => void;
  /** The chosen media (one in single mode); the dialog closes after. */
  onChoose: (media: MediaItem[]) => void;
}

const asList = (selection: MediaItem | MediaItem[] | null): MediaItem[] => (Array.isArray(selection) ? selection : selection ? [selection] : []);

function PickerFooter({ manager, onClose, onChoose }: { manager: MediaManagerRef; onClose: () => void; onChoose: (media: MediaItem[]) => void }) {
  const t = useT();
  const chosen = useMediaView(manager, (p) => asList(p.selection));
  return (
    <footer className="flex items-center gap-3 border-t border-surface-border px-5 py-3">
      <span className="flex-1 text-sm text-ink-muted" aria-live="polite" data-testid="picker-count">
        {t('media.picked', { count: chosen.length })}
      </span>
      <button type="button" onClick={onClose} className="rounded-md px-4 py-2 text-sm hover:bg-surface-overlay">
        {t('media.cancel')}
      </button>
      <button
        type="button"
        disabled={!chosen.length}
        onClick={() => {
          rememberMedia(chosen);
          onChoose(chosen);
          onClose();
        }}
        className="rounded-md bg-brand px-4 py-2 text-sm font-medium text-white hover:bg-brand-strong disabled:opacity-50"
        data-testid="picker-choose"
      >
        {t('media.choose')}
      </button>
    </footer>
  );
}

/** Mounted only while the dialog is open: a fresh media manager in single or multi select mode. */
function PickerBody({ mode, accept, title, onClose, onChoose }: Omit<MediaPickerDialogProps, 'open'>) {
  const t = useT();
  const permissions = useMediaPermissions();
  const mimeType = normalizeMimeType(accept);
  const manager = useMediaManagerActor({ selectMode: mode, mimeType });
  const queue = useUploadQueueActor({
    // What is uploaded here is what the user wants: it joins the selection.
    onUploaded: (media, kind) => {
      if (kind !== 'create' || (mimeType && !matchesMime(media.mime_type, mimeType))) return;
      const current = asList(manager.getSnapshot().context.selection);
      manager.send({ type: 'selection.set', selection: mode === 'multi' ? [...current.filter((m) => m.id !== media.id), media] : media });
    },
    onBatch: () => manager.send({ type: 'reload' }),
  });
  return (
    <DialogPanel
      className="flex max-h-[92vh] w-full max-w-6xl flex-col rounded-xl border border-surface-border bg-surface-raised shadow-2xl"
      data-testid="media-picker"
    >
      <div className="flex items-center gap-3 border-b border-surface-border px-5 py-3">
        <DialogTitle className="flex-1 text-lg font-semibold">{title ?? (mode === 'multi' ? t('media.chooseMany') : t('media.chooseOne'))}</DialogTitle>
        <button type="button" onClick={onClose} className="rounded-md p-2 text-ink-muted hover:bg-surface-overlay hover:text-ink" aria-label={t('media.close')}>
          <Icon name="x" />
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-5">
        <MediaLibrary manager={manager} queue={queue} permissions={permissions} picking lockedType={mimeType !== null} />
      </div>
      <PickerFooter manager={manager} onClose={onClose} onChoose={onChoose} />
    </DialogPanel>
  );
}

/** `image/png` against `image/*` or `image/png`. */
export const matchesMime = (mime: string, filter: string) => (filter.endsWith('/*') ? mime.startsWith(filter.slice(0, -1)) : mime === filter);

/**
 * The media picker (docs/spec.md §2, issue 4): the media library over its own media manager in
 * single or multi select mode. Upload is offered to those who may add media; what they
 * upload here is picked. Nothing is edited or deleted from here.
 */
export default function MediaPickerDialog({ open, ...props }: MediaPickerDialogProps) {
  return (
    <Dialog open={open} onClose={props.onClose} className="relative z-40">
      <DialogBackdrop className="fixed inset-0 bg-black/60" />
      <div className="fixed inset-0 flex items-center justify-center p-2 sm:p-6">{open && <PickerBody {...props} />}</div>
    </Dialog>
  );
}
