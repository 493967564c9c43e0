import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { entityActions, type EntityDef } from '../../entities/define';
import { entityNamed } from '../../entities/index';
import { connectBin, type BinProps } from '../../machines/bin.connect';
import { binMachine } from '../../machines/bin.machine';
import { useConfirm } from '../app/services/confirm';
import { useSession } from '../app/services/session';
import { binImplementations } from '../http/historyActors';
import { useT } from '../i18n/i18n';
import { errorText } from '../i18n/notices';
import type { ScreenProps } from '../routing/types';
import NotFoundScreen from '../screens/NotFoundScreen';
import { useConnect } from '../ui/useConnect';
import { whenText, whoText } from './activityText';
import { keepsHistory } from './keepsHistory';
import { buttonClass } from './ui';
import { LoadFailed, LoadMore } from './LoadStates';
import { EntityPageHeader } from './EntityPageHeader';

const all = (p: BinProps) => p;

/** `/bin/<entity>`: the deleted rows of an entity the user may see (issue 16); restoring needs the add permission. */
export default function BinScreen({ params }: ScreenProps) {
  const entity = entityNamed(params.entity ?? '');
  const user = useSession((s) => s.context.user);
  const can = useMemo(() => (entity ? entityActions(user, entity) : new Set()), [user, entity]);
  if (!entity || !keepsHistory(entity) || !can.has('view')) return <NotFoundScreen />;
  return <Bin key={entity.name} entity={entity} canRestore={can.has('add')} />;
}

function Bin({ entity, canRestore }: { entity: EntityDef; canRestore: boolean }) {
  const t = useT();
  const ask = useConfirm();
  const actor = useActorRef(
    useMemo(() => binMachine.provide(binImplementations(ask)), [ask]),
    { input: { resource: entity.path.replace(/^\//, ''), titleField: entity.titleField } },
  );
  const view = useConnect(actor, connectBin, all);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4 p-4 sm:p-6" data-testid="bin" data-entity={entity.name} aria-busy={view.busy}>
      <EntityPageHeader entity={entity} title={t('bin.title')} backLabel={t('bin.back')} />
      <p className="text-sm text-ink-muted">{t('bin.intro')}</p>
      {view.loadError ? (
        <LoadFailed message={t('bin.loadFailed', { detail: errorText(view.loadError) })} retry={view.retry} />
      ) : view.loading ? (
        <span className="block h-24 w-full animate-pulse rounded bg-surface-overlay" />
      ) : view.entries.length === 0 ? (
        <p className="rounded-md border border-surface-border p-6 text-center text-ink-faint" data-testid="bin-empty">
          {t('bin.empty')}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-surface-border rounded-md border border-surface-border">
          {view.entries.map((e) => (
            <li key={e.id} className="flex flex-wrap items-center gap-3 px-3 py-2" data-testid="bin-entry" data-revision={e.id}>
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{e.title}</p>
                <p className="text-sm text-ink-muted">{t('bin.deletedBy', { who: whoText(t, e), when: whenText(e.at) })}</p>
              </div>
              {canRestore && (
                <button
                  type="button"
                  className={buttonClass.secondary}
                  disabled={!view.canRestore}
                  onClick={() => view.restore(e.id)}
                  data-testid="bin-restore"
                >
                  {t('bin.restore')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <LoadMore view={view} />
    </div>
  );
}
