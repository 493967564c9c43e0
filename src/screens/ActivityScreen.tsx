import { useActorRef } from '@xstate/react';
import { useId } from 'react';
import { Link } from 'wouter';
import { connectActivity, type ActivityProps } from '../../machines/activity.connect';
import { activityMachine } from '../../machines/activity.machine';
import type { ActivityEntry } from '../../machines/history.types';
import { useSession } from '../app/services/session';
import { ACTIVITY_ACTIONS, actionText, changedText, whenText, whoText } from '../entity/activityText';
import { keepsHistory } from '../entity/keepsHistory';
import { entityOfLogModel, LOG_MODELS } from '../entity/logModels';
import { buttonClass, EIcon } from '../entity/ui';
import { inputBase } from '../fields/ui';
import { activityImplementations } from '../http/historyActors';
import { useT } from '../i18n/i18n';
import { errorText } from '../i18n/notices';
import { useConnect } from '../ui/useConnect';
import { LoadFailed, LoadMore } from '../entity/LoadStates';

const all = (p: ActivityProps) => p;
const machine = activityMachine.provide(activityImplementations);

type T = ReturnType<typeof useT>;

const modelText = (t: T, model: string) => {
  const entity = entityOfLogModel(model);
  return entity ? t(entity.label.one) : model === 'auth' || model === 'siteKey' ? t(`activity.models.${model}`) : model;
};

/**
 * Where a line leads: a row written on this site opens its form on that revision; a deleted
 * row its entity's bin. Lines of other sites (the master's view across sites) and events
 * lead nowhere: their screens are another back-office's.
 */
function hrefOf(e: ActivityEntry, site: number | undefined): string | null {
  const entity = entityOfLogModel(e.model);
  if (!entity || e.site !== site || e.object_id === null || entity.singleton !== undefined) return null;
  if (!keepsHistory(entity)) return e.action === 'delete' ? null : `${entity.path}/${e.object_id}`;
  return e.action === 'delete' ? `/bin/${entity.name}` : `${entity.path}/${e.object_id}?revision=${e.id}`;
}

/** `/activity`: what happened on this site (the master: on the sites the user reaches), filtered by user, entity, action and days (issue 16). */
export default function ActivityScreen() {
  const t = useT();
  const actor = useActorRef(machine, { input: {} });
  const view = useConnect(actor, connectActivity, all);
  const site = useSession((s) => s.context.tenant?.id);
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4 p-4 sm:p-6" data-testid="activity" aria-busy={view.loading || view.loadingMore}>
      <header>
        <h1 className="text-2xl font-semibold">{t('activity.title')}</h1>
        <p className="mt-1 text-sm text-ink-muted">{t('activity.intro')}</p>
      </header>
      <Filters view={view} />
      {view.loadError ? (
        <LoadFailed message={t('activity.loadFailed', { detail: errorText(view.loadError) })} retry={view.retry} />
      ) : view.loading && view.entries.length === 0 ? (
        <span className="block h-24 w-full animate-pulse rounded bg-surface-overlay" />
      ) : view.entries.length === 0 ? (
        <p className="rounded-md border border-surface-border p-6 text-center text-ink-faint" data-testid="activity-empty">
          {t('activity.empty')}
        </p>
      ) : (
        // Focusable: a narrow screen scrolls the table sideways, from the keyboard too.
        <div className="overflow-x-auto rounded-md border border-surface-border" tabIndex={0} role="region" aria-label={t('activity.title')}>
          <table className="w-full text-left text-sm">
            <thead className="bg-surface text-xs uppercase tracking-wide text-ink-muted">
              <tr>
                <th className="px-3 py-2">{t('activity.when')}</th>
                <th className="px-3 py-2">{t('activity.who')}</th>
                <th className="px-3 py-2">{t('activity.action')}</th>
                <th className="px-3 py-2">{t('activity.what')}</th>
                <th className="px-3 py-2">{t('activity.changed')}</th>
              </tr>
            </thead>
            <tbody>
              {view.entries.map((e) => {
                const href = hrefOf(e, site);
                const what = `${modelText(t, e.model)}${e.object_id !== null ? ` #${e.object_id}` : ''}`;
                return (
                  <tr key={e.id} className="border-t border-surface-border align-top" data-testid="activity-entry" data-action={e.action} data-model={e.model}>
                    <td className="whitespace-nowrap px-3 py-2">
                      <time dateTime={e.at}>{whenText(e.at)}</time>
                    </td>
                    <td className="px-3 py-2">
                      {e.user ? (
                        <button
                          type="button"
                          className="text-left text-brand-ink underline-offset-4 hover:underline"
                          onClick={() => view.filter({ user: e.user })}
                          title={t('activity.byUser')}
                        >
                          {whoText(t, e)}
                        </button>
                      ) : (
                        whoText(t, e)
                      )}
                    </td>
                    <td className="px-3 py-2">{actionText(t, e.action)}</td>
                    <td className="px-3 py-2">
                      {href ? (
                        <Link href={href} className="text-brand-ink underline-offset-4 hover:underline" data-testid="activity-link">
                          {what}
                        </Link>
                      ) : (
                        what
                      )}
                    </td>
                    <td className="px-3 py-2 text-ink-muted">{changedText(t, entityOfLogModel(e.model), e.changes).join(', ')}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore view={view} testId="activity-more" />
    </div>
  );
}

function Filters({ view }: { view: ActivityProps }) {
  const t = useT();
  const id = useId();
  const f = view.filters;
  const active = f.user !== null || f.model !== '' || f.action !== '' || f.from !== '' || f.to !== '';
  const field = 'flex flex-col gap-1 text-xs text-ink-muted';
  return (
    <div className="flex flex-wrap items-end gap-3" role="group" aria-label={t('activity.filters')}>
      <label className={field} htmlFor={`${id}-action`}>
        {t('activity.action')}
        <select
          id={`${id}-action`}
          className={`${inputBase} py-2`}
          value={f.action}
          onChange={(e) => view.filter({ action: e.target.value })}
          data-testid="activity-action"
        >
          <option value="">{t('activity.any')}</option>
          {ACTIVITY_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {actionText(t, a)}
            </option>
          ))}
        </select>
      </label>
      <label className={field} htmlFor={`${id}-model`}>
        {t('activity.what')}
        <select
          id={`${id}-model`}
          className={`${inputBase} py-2`}
          value={f.model}
          onChange={(e) => view.filter({ model: e.target.value })}
          data-testid="activity-model"
        >
          <option value="">{t('activity.any')}</option>
          {LOG_MODELS.map((m) => (
            <option key={m.value} value={m.value}>
              {modelText(t, m.value)}
            </option>
          ))}
        </select>
      </label>
      <label className={field} htmlFor={`${id}-from`}>
        {t('activity.from')}
        <input
          id={`${id}-from`}
          type="date"
          className={`${inputBase} py-2`}
          value={f.from}
          max={f.to || undefined}
          onChange={(e) => view.filter({ from: e.target.value })}
        />
      </label>
      <label className={field} htmlFor={`${id}-to`}>
        {t('activity.to')}
        <input
          id={`${id}-to`}
          type="date"
          className={`${inputBase} py-2`}
          value={f.to}
          min={f.from || undefined}
          onChange={(e) => view.filter({ to: e.target.value })}
        />
      </label>
      {f.user && (
        <span className="inline-flex items-center gap-1 rounded-full bg-surface-overlay py-1 pl-3 pr-1 text-sm">
          {t('activity.userChip', { name: f.user.username || `#${f.user.id}` })}
          <button type="button" className={buttonClass.ghost} onClick={() => view.filter({ user: null })} aria-label={t('activity.clearUser')}>
            <EIcon name="x" size={14} />
          </button>
        </span>
      )}
      {active && (
        <button type="button" className={buttonClass.ghost} onClick={view.clear}>
          {t('list.clearFilters')}
        </button>
      )}
    </div>
  );
}
