import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { EntityDef } from '../../entities/define';
import type { DiffEntry } from '../../machines/entityForm.types';
import { useT } from '../i18n/i18n';
import { pathLabel, showValue } from './diffText';
import { buttonClass } from './ui';

export interface ConflictProps {
  entity: EntityDef;
  detail: string;
  diff: DiffEntry[];
  reload: () => void;
  overwrite: () => void;
  dismiss: () => void;
}

/** 409: someone saved first. Shows what differs, and who changed it; take theirs, keep mine, or go on editing. */
export function ConflictDialog({ entity, diff, reload, overwrite, dismiss }: ConflictProps) {
  const t = useT();
  return (
    <Dialog open onClose={dismiss} className="relative z-50">
      <div className="fixed inset-0 bg-black/60" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel
          className="flex max-h-[85vh] w-full max-w-3xl flex-col rounded-xl border border-surface-border bg-surface-raised p-6 shadow-2xl"
          data-testid="conflict-dialog"
        >
          <DialogTitle className="text-lg font-semibold">{t('form.conflictTitle')}</DialogTitle>
          <p className="mt-2 text-sm text-ink-muted">{t('form.conflictText')}</p>
          <div className="mt-4 min-h-0 overflow-y-auto rounded-md border border-surface-border">
            <table className="w-full text-left text-sm">
              <thead className="bg-surface text-xs uppercase tracking-wide text-ink-muted">
                <tr>
                  <th className="px-3 py-2">{t('form.conflictField')}</th>
                  <th className="px-3 py-2">{t('form.conflictMine')}</th>
                  <th className="px-3 py-2">{t('form.conflictTheirs')}</th>
                </tr>
              </thead>
              <tbody>
                {diff.map((d) => (
                  <tr key={d.path} className="border-t border-surface-border align-top" data-diff={d.path}>
                    <td className="px-3 py-2 text-ink-muted">{pathLabel(entity, d.path, t)}</td>
                    <td className={`px-3 py-2 ${d.changedByMe ? 'text-ink' : 'text-ink-faint'}`}>
                      <span className="line-clamp-3 break-words">{showValue(d.mine)}</span>
                      {d.changedByMe && <span className="mt-1 block text-[11px] text-brand-ink">{t('form.changedByYou')}</span>}
                    </td>
                    <td className={`px-3 py-2 ${d.changedByThem ? 'text-ink' : 'text-ink-faint'}`}>
                      <span className="line-clamp-3 break-words">{showValue(d.theirs)}</span>
                      {d.changedByThem && <span className="mt-1 block text-[11px] text-amber-400">{t('form.changedByThem')}</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <button type="button" className={buttonClass.ghost} onClick={dismiss}>
              {t('form.keepEditing')}
            </button>
            <button type="button" className={buttonClass.secondary} onClick={reload} data-testid="conflict-reload">
              {t('form.conflictReload')}
            </button>
            <button type="button" className={buttonClass.danger} onClick={overwrite} data-testid="conflict-overwrite">
              {t('form.conflictOverwrite')}
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
