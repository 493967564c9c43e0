import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useT } from '../i18n/i18n';
import { errorText } from '../i18n/notices';
import { Spinner } from '../ui/Spinner';
import { Icon } from '../ui/icons';
import { type MediaManagerRef, useMediaView } from './useMediaManager';

const row = 'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm hover:bg-surface-overlay focus-visible:bg-surface-overlay';

/** Move to…: the root and every folder of the site, each under its parent; choosing one moves the media there. */
export function MoveDialog({ manager }: { manager: MediaManagerRef }) {
  const t = useT();
  const m = useMediaView(manager, (p) => p.moveDialog);
  return (
    <Dialog open={m.open} onClose={m.cancel} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-black/60" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel
          className="flex max-h-[80vh] w-full max-w-md flex-col rounded-xl border border-surface-border bg-surface-raised shadow-2xl"
          data-testid="move-dialog"
        >
          <DialogTitle className="border-b border-surface-border px-5 py-3 text-lg font-semibold">{t('media.moveTitle', { count: m.count })}</DialogTitle>
          <div className="min-h-24 flex-1 overflow-y-auto p-3">
            {m.status === 'loading' && (
              <p className="flex items-center gap-2 p-2 text-ink-muted" aria-busy="true">
                <Spinner />
                {t('media.loadingFolders')}
              </p>
            )}
            {m.status === 'failed' && (
              <div role="alert" className="space-y-3 p-2 text-sm">
                <p>{t('media.foldersFailed')}</p>
                {m.loadError && <p className="text-ink-muted">{errorText(m.loadError)}</p>}
                <button type="button" onClick={m.retry} className="rounded-md border border-surface-border px-3 py-1.5 hover:bg-surface-overlay">
                  {t('media.retry')}
                </button>
              </div>
            )}
            {m.status === 'picking' && (
              <ul aria-label={t('media.folders')} className="space-y-0.5">
                <li>
                  <button type="button" onClick={() => m.choose(null)} className={row} autoFocus>
                    <Icon name="home" width={16} height={16} className="shrink-0 text-brand-ink" />
                    {t('mediaManager.root')}
                  </button>
                </li>
                {m.options.map((o) => (
                  <li key={o.id} style={{ paddingInlineStart: `${o.depth * 1.25}rem` }}>
                    <button type="button" onClick={() => m.choose(o.id)} className={row} title={o.path}>
                      <Icon name="folder" width={16} height={16} className="shrink-0 text-brand-ink" />
                      <span className="truncate">{o.label}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="flex justify-end border-t border-surface-border px-5 py-3">
            <button type="button" onClick={m.cancel} className="rounded-md px-4 py-2 hover:bg-surface-overlay">
              {t('confirm.cancel')}
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
