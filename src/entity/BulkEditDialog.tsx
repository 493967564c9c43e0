import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { EntityDef } from '../../entities/define';
import type { EntityListProps } from '../../machines/entityList.connect';
import type { BulkOp, ExportRows } from '../../machines/entityList.types';
import { FieldFrame } from '../fields/FieldFrame';
import { labelText } from '../fields/label';
import { fieldMessage } from '../fields/messages';
import { useT } from '../i18n/i18n';
import { errorText } from '../i18n/notices';
import { bulkFields, opsFor, valueField } from './bulkEditFields';
import { buttonClass } from './ui';

const selectClass = 'w-full rounded-md border border-surface-border bg-surface px-3 py-2 text-sm text-ink focus:border-brand-ink';

/**
 * The bulk edit dialog (issue 17 §3): the ticked rows or every row the list matches, one
 * field of the declaration's `bulkEdit`, how it changes and to what. Asking queues a job; the
 * jobs panel shows its progress. The list machine holds every choice.
 */
export function BulkEditDialog({ entity, list }: { entity: EntityDef; list: EntityListProps }) {
  const t = useT();
  const b = list.bulkEdit;
  const draft = b.draft;
  const fields = bulkFields(entity);
  const field = draft ? entity.fields[draft.field] : undefined;
  const ops = opsFor(field);
  const rowsOption = (rows: ExportRows, label: string, enabled: boolean) => (
    <label className={`flex items-center gap-2 text-sm ${enabled ? '' : 'opacity-50'}`}>
      <input
        type="radio"
        name="bulk-rows"
        value={rows}
        checked={draft?.rows === rows}
        disabled={!enabled}
        onChange={() => b.setRows(rows)}
        className="accent-brand"
      />
      {label}
    </label>
  );
  return (
    <Dialog open={draft !== null} onClose={b.cancel} className="relative z-50">
      <div className="fixed inset-0 bg-black/60" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        {draft && field && (
          <DialogPanel className="w-full max-w-lg rounded-xl border border-surface-border bg-surface-raised p-6 shadow-2xl" data-testid="bulk-edit-dialog">
            <DialogTitle className="text-lg font-semibold">{t('list.bulkEditTitle', { name: t(entity.label.many) })}</DialogTitle>
            <form
              noValidate
              className="mt-4 flex flex-col gap-4"
              onSubmit={(e) => {
                e.preventDefault();
                b.submit();
              }}
            >
              <fieldset className="flex flex-col gap-1.5">
                <legend className="mb-1 text-sm font-medium text-ink-muted">{t('list.bulkRows')}</legend>
                {rowsOption('selected', t('list.bulkRowsSelected', { rows: b.selectedCount }), b.selectedCount > 0)}
                {rowsOption('list', t('list.bulkRowsList', { rows: b.matchingCount }), true)}
              </fieldset>
              <div className="grid gap-3 sm:grid-cols-2">
                <label className="flex flex-col gap-1.5 text-sm font-medium text-ink-muted">
                  {t('list.bulkField')}
                  <select
                    name="bulk-field"
                    className={selectClass}
                    value={draft.field}
                    onChange={(e) => b.setField(e.target.value, opsFor(entity.fields[e.target.value])[0]!)}
                    data-testid="bulk-field"
                  >
                    {fields.map(([name, f]) => (
                      <option key={name} value={name}>
                        {labelText(t, f.label)}
                      </option>
                    ))}
                  </select>
                </label>
                {ops.length > 1 && (
                  <label className="flex flex-col gap-1.5 text-sm font-medium text-ink-muted">
                    {t('list.bulkHow')}
                    <select name="bulk-op" className={selectClass} value={draft.op} onChange={(e) => b.setOp(e.target.value as BulkOp)} data-testid="bulk-op">
                      {ops.map((op) => (
                        <option key={op} value={op}>
                          {t(`list.bulkOp.${op}`)}
                        </option>
                      ))}
                    </select>
                  </label>
                )}
              </div>
              {/* Keyed by field and way: a widget starts afresh when what it edits changes. */}
              <div data-testid="bulk-value">
                <FieldFrame
                  key={`${draft.field}:${draft.op}`}
                  name={`set.${draft.field}`}
                  field={valueField(field, draft.op)}
                  value={draft.value}
                  errors={b.valueErrors}
                  disabled={b.submitting}
                  onChange={b.setValue}
                />
              </div>
              {(b.otherErrors.length > 0 || b.failure) && (
                <div role="alert" className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm" data-testid="bulk-errors">
                  {b.otherErrors.map((e, i) => (
                    <p key={i}>{fieldMessage(t, e.message)}</p>
                  ))}
                  {b.failure && <p>{t('list.bulkEditFailed', { detail: errorText(b.failure) })}</p>}
                </div>
              )}
              <div className="mt-2 flex justify-end gap-3">
                <button type="button" onClick={b.cancel} className="rounded-md px-4 py-2 hover:bg-surface-overlay">
                  {t('confirm.cancel')}
                </button>
                <button type="submit" className={buttonClass.primary} disabled={b.submitting} aria-busy={b.submitting} data-testid="bulk-submit">
                  {t('list.bulkApply')}
                </button>
              </div>
            </form>
          </DialogPanel>
        )}
      </div>
    </Dialog>
  );
}
