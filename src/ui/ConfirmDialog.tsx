import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useConfirmView } from '../app/services/confirm';
import { useT } from '../i18n/i18n';

/** The confirm dialog of docs/spec.md §1/§5: Escape and the backdrop dismiss; the approve button can be red. */
export function ConfirmDialog() {
  const t = useT();
  const { request, approve, dismiss } = useConfirmView((c) => c);
  return (
    <Dialog open={request !== null} onClose={dismiss} className="relative z-50">
      <div className="fixed inset-0 bg-black/60" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        {request && (
          <DialogPanel className="w-full max-w-md rounded-xl border border-surface-border bg-surface-raised p-6 shadow-2xl">
            <DialogTitle className="text-lg font-semibold">{request.title}</DialogTitle>
            <p className="mt-2 text-ink-muted">{request.question}</p>
            <div className="mt-6 flex justify-end gap-3">
              {/* Focus starts on the safe answer: Enter or Space on arrival never deletes (issue 18). */}
              <button type="button" autoFocus onClick={dismiss} className="rounded-md px-4 py-2 hover:bg-surface-overlay">
                {request.dismissLabel ?? t('confirm.cancel')}
              </button>
              <button
                type="button"
                onClick={approve}
                className={`rounded-md px-4 py-2 font-medium text-white ${request.danger ? 'bg-danger-strong hover:bg-danger-deep' : 'bg-brand hover:bg-brand-strong'}`}
              >
                {request.approveLabel ?? t('confirm.ok')}
              </button>
            </div>
          </DialogPanel>
        )}
      </div>
    </Dialog>
  );
}
