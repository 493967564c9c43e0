import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { EntityDef } from '../../entities/define';
import type { FieldChange } from '../../entities/recordDiff';
import { connectHistory, type HistoryProps } from '../../machines/history.connect';
import { historyMachine } from '../../machines/history.machine';
import { useConfirm } from '../app/services/confirm';
import { historyImplementations } from '../http/historyActors';
import { useT } from '../i18n/i18n';
import { errorText } from '../i18n/notices';
import { useConnect } from '../ui/useConnect';
import { actionText, changedText, whenText, whoText } from './activityText';
import { pathLabel, showValue } from './diffText';
import { buttonClass } from './ui';
import type { FormActor } from './useEntityForm';
import { LoadFailed, LoadMore } from './LoadStates';

export interface HistorySectionProps {
  entity: EntityDef;
  form: FormActor;
  id: number;
  languages: string[];
  canChange: boolean;
  /** The row changed under the form (restored, or by someone else): the screen reads it again. */
  onReload: () => void;
}

const all = (p: HistoryProps) => p;
const pathOf = (c: FieldChange) => (c.language === null ? c.field : `translations.${c.language}.${c.field}`);

/**
 * A row's revisions, newest first (machines/history.machine.ts): who, when, what and which
 * fields; one picked shows what it changed, two the difference between them; an older one
 * is restored over the version the form holds.
 */
export default function HistoryPanel({ entity, form, id, languages, canChange, onReload, revision }: HistorySectionProps & { revision: number | null }) {
  const t = useT();
  const ask = useConfirm();
  const actor = useActorRef(
    useMemo(() => historyMachine.provide(historyImplementations(ask, onReload)), [ask, onReload]),
    {
      input: {
        resource: entity.path.replace(/^\//, ''),
        id,
        fieldOrder: entity.form.tabs.flatMap((tb) => tb.groups.flatMap((g) => g.fields)),
        languages,
        revision,
      },
    },
  );
  const view = useConnect(actor, connectHistory, all);
  const version = useSelector(form, (s) => s.context.version);

  if (view.loadError) {
    return <LoadFailed message={t('history.loadFailed', { detail: errorText(view.loadError) })} retry={view.retry} />;
  }
  if (view.loading) return <span className="block h-16 w-full animate-pulse rounded bg-surface-overlay" data-testid="history-loading" />;
  return (
    <div className="grid gap-4 lg:grid-cols-2" aria-busy={view.busy} data-testid="history-panel">
      <div className="flex flex-col gap-2">
        {view.entries.length === 0 && <p className="text-sm text-ink-faint">{t('history.empty')}</p>}
        <ol className="flex flex-col gap-2">
          {view.entries.map((e) => {
            const changed = changedText(t, entity, e.changes);
            return (
              <li
                key={e.id}
                className={`flex items-start gap-2 rounded-md border p-2 ${e.selected ? 'border-brand-ink bg-brand/10' : 'border-surface-border'}`}
                data-testid="history-entry"
                data-revision={e.id}
                data-action={e.action}
              >
                <button
                  type="button"
                  className="min-w-0 flex-1 rounded text-left text-sm"
                  aria-pressed={e.selected}
                  disabled={!view.canSelect}
                  onClick={() => view.select(e.id)}
                >
                  <span className="font-medium">{actionText(t, e.action)}</span>
                  {e.current && <span className="ml-2 rounded-full bg-surface-overlay px-2 py-0.5 text-xs text-ink-muted">{t('history.current')}</span>}
                  <span className="block text-ink-muted">
                    {whoText(t, e)} · <time dateTime={e.at}>{whenText(e.at)}</time>
                  </span>
                  {changed.length > 0 && <span className="block truncate text-xs text-ink-faint">{changed.join(', ')}</span>}
                </button>
                {!e.current && canChange && (
                  <button
                    type="button"
                    className={buttonClass.secondary}
                    disabled={!view.canRestore}
                    onClick={() => view.restore(e.id, version)}
                    data-testid="history-restore"
                  >
                    {t('history.restore')}
                  </button>
                )}
              </li>
            );
          })}
        </ol>
        <LoadMore view={view} testId="history-more" />
      </div>
      <Comparison view={view} entity={entity} />
    </div>
  );
}

function Comparison({ view, entity }: { view: HistoryProps; entity: HistorySectionProps['entity'] }) {
  const t = useT();
  const at = (rev: number) => view.entries.find((e) => e.id === rev)?.at;
  const label = (rev: number) => {
    if (rev === 0) return t('history.nothing');
    const when = at(rev);
    return when ? whenText(when) : `#${rev}`;
  };
  return (
    <section aria-live="polite" aria-busy={view.comparing} data-testid="history-diff">
      {view.compareError ? (
        <p className="rounded-md border border-danger/40 bg-danger/10 p-3 text-sm" role="alert">
          {t('history.compareFailed', { detail: errorText(view.compareError) })}
        </p>
      ) : view.comparison ? (
        <>
          <div className="mb-2 flex items-center gap-2">
            <h3 className="flex-1 text-sm font-semibold">
              {t('history.compareTitle', { from: label(view.comparison.older), to: label(view.comparison.newer) })}
            </h3>
            <button type="button" className={buttonClass.ghost} onClick={view.clear}>
              {t('history.clear')}
            </button>
          </div>
          {view.comparison.changes.length === 0 ? (
            <p className="text-sm text-ink-faint">{t('history.noChanges')}</p>
          ) : (
            // Focusable: a narrow screen scrolls the table sideways, from the keyboard too.
            <div className="overflow-x-auto rounded-md border border-surface-border" tabIndex={0} role="region" aria-label={t('history.title')}>
              <table className="w-full text-left text-sm">
                <thead className="bg-surface text-xs uppercase tracking-wide text-ink-muted">
                  <tr>
                    <th className="px-3 py-2">{t('history.field')}</th>
                    <th className="px-3 py-2">{t('history.before')}</th>
                    <th className="px-3 py-2">{t('history.after')}</th>
                  </tr>
                </thead>
                <tbody>
                  {view.comparison.changes.map((c) => (
                    <tr key={pathOf(c)} className="border-t border-surface-border align-top" data-diff={pathOf(c)}>
                      <th scope="row" className="px-3 py-2 font-normal text-ink-muted">
                        {pathLabel(entity, pathOf(c), t)}
                      </th>
                      <td className="px-3 py-2">
                        <span className="line-clamp-4 break-words">{showValue(c.before)}</span>
                      </td>
                      <td className="px-3 py-2">
                        <span className="line-clamp-4 break-words">{showValue(c.after)}</span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : (
        !view.comparing && <p className="text-sm text-ink-faint">{t('history.pickHint')}</p>
      )}
    </section>
  );
}
