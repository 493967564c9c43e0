import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { EntityDef } from '../../entities/define';
import { connectSchedule, type ScheduleProps } from '../../machines/schedule.connect';
import { scheduleMachine } from '../../machines/schedule.machine';
import DateTimeField from '../fields/DateTimeField';
import { fieldMessage } from '../fields/messages';
import { scheduleActors } from '../http/scheduleActors';
import { formatDate } from '../i18n/dates';
import { useT } from '../i18n/i18n';
import { useConnect } from '../ui/useConnect';
import { LoadFailed } from './LoadStates';
import { buttonClass } from './ui';
import type { FormActor } from './useEntityForm';

const machine = scheduleMachine.provide({ actors: scheduleActors });
const all = (p: ScheduleProps) => p;
const FIELDS = ['publish_at', 'unpublish_at'] as const;
const LABEL = { publish_at: 'schedule.publishAt', unpublish_at: 'schedule.unpublishAt' } as const;

/**
 * A row's scheduled publish and unpublish under its form's header (issue 16 item 3): the
 * times in the user's time zone, edited with the date-time widget, saved over the form's
 * version; the form then takes the row's new version.
 */
export function ScheduleSection({ entity, form, id, canChange }: { entity: EntityDef; form: FormActor; id: number; canChange: boolean }) {
  const t = useT();
  const actor = useActorRef(machine, { input: { resource: entity.path.replace(/^\//, ''), id } });
  useEffect(() => {
    const sub = actor.on('versioned', (e) => form.send({ type: 'row.versioned', version: e.version }));
    return () => sub.unsubscribe();
  }, [actor, form]);
  const view = useConnect(actor, connectSchedule, all);
  const version = useSelector(form, (s) => s.context.version);

  if (view.loadFailed) return <LoadFailed message={t('schedule.loadFailed')} retry={view.retry} />;
  if (view.loading) return null;
  return (
    <section className="flex flex-col gap-3 rounded-lg border border-surface-border bg-surface-raised p-3" data-testid="schedule" aria-busy={view.saving}>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span className="font-medium text-ink">{t('schedule.title')}</span>
        {!view.scheduled && <span className="text-ink-faint">{t('schedule.none')}</span>}
        {FIELDS.map(
          (f) =>
            view.saved[f] && (
              <span key={f} className="rounded-full bg-amber-500/15 px-2 py-0.5 text-xs text-amber-300" data-testid={`schedule-${f}`}>
                {t(f === 'publish_at' ? 'schedule.publishBadge' : 'schedule.unpublishBadge', { when: formatDate(new Date(view.saved[f]), 'dateTime') })}
              </span>
            ),
        )}
        {canChange && !view.editing && (
          <button type="button" className={`${buttonClass.secondary} ml-auto`} onClick={view.open} data-testid="schedule-open">
            {t('schedule.edit')}
          </button>
        )}
      </div>
      {view.editing && (
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap gap-4">
            {FIELDS.map((f) => (
              <label key={f} className="flex flex-col gap-1 text-sm" data-testid={`schedule-input-${f}`}>
                <span>{t(LABEL[f])}</span>
                <DateTimeField
                  id={`schedule-${f}-input`}
                  name={`schedule_${f}`}
                  field={{ type: 'datetime', label: LABEL[f] }}
                  value={view.edit[f]}
                  onChange={(v) => view.change(f, v)}
                  errors={view.errors[f] ?? []}
                  disabled={view.saving}
                />
                {(view.errors[f] ?? []).map((e) => (
                  <span key={String(e)} className="text-xs text-danger" role="alert">
                    {fieldMessage(t, e)}
                  </span>
                ))}
              </label>
            ))}
          </div>
          {view.failure && (
            <p className="text-sm text-danger" role="alert" data-testid="schedule-failure">
              {t(view.failure === 'stale' ? 'schedule.stale' : 'schedule.failed')}
            </p>
          )}
          <div className="flex gap-2">
            <button type="button" className={buttonClass.primary} onClick={() => view.submit(version)} disabled={view.saving} data-testid="schedule-save">
              {t('schedule.save')}
            </button>
            <button type="button" className={buttonClass.secondary} onClick={view.clear} disabled={view.saving} data-testid="schedule-clear">
              {t('schedule.clear')}
            </button>
            <button type="button" className={buttonClass.ghost} onClick={view.cancel} disabled={view.saving}>
              {t('schedule.cancel')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
