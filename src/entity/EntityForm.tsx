import { lazy, Suspense, useEffect, useMemo } from 'react';
import { hasSchedule } from '../../entities/schedule';
import { Link } from 'wouter';
import { FieldHostContext, type FieldHost } from '../fields/context';
import { fieldMessage } from '../fields/messages';
import { useRefTitle } from '../fields/refTitles';
import { preloadWidgets } from '../fields/registry';
import { useT } from '../i18n/i18n';
import { errorText } from '../i18n/notices';
import NotFoundScreen from '../screens/NotFoundScreen';
import { DraftOffer } from './DraftOffer';
import { formFieldHost } from './FormField';
import { FormFooter } from './FormFooter';
import { FormSections } from './FormSections';
import { HistorySection } from './HistorySection';
import { ScheduleSection } from './ScheduleSection';
import { listHref } from './listMemory';
import { buttonClass, EIcon } from './ui';
import { type EntityFormOptions, useEntityForm } from './useEntityForm';

// Only a conflicting save shows it: its dialog library loads then, not with every form.
const ConflictDialog = lazy(() => import('./ConflictDialog').then((m) => ({ default: m.ConflictDialog })));

/**
 * One entity form (issue 5) on its machines (useEntityForm): header, draft offer, load
 * state, form messages, the sections of fields, the save bar and the conflict dialog.
 */
export function EntityForm({ canDelete, onReload, ...options }: EntityFormOptions & { canDelete: boolean; onReload?: () => void }) {
  const { entity, defaultLanguage, canChange } = options;
  const t = useT();
  const { actor, view, formRef, language, setLanguage, tab, setTab } = useEntityForm(options);
  // eslint-disable-next-line @typescript-eslint/unbound-method -- XState binds Actor#send in its constructor
  const send = actor.send;
  // A singleton (a site page) has no list to go back to and no other row.
  const singleton = entity.singleton !== undefined;

  useEffect(() => preloadWidgets(Object.values(entity.fields).map((f) => f.type)), [entity]);
  const host: FieldHost = useMemo(() => formFieldHost(actor), [actor]);

  // A title field that refers to another row (a featured product's product) is named by that row.
  const titleField = entity.fields[entity.titleField];
  const refTitle = useRefTitle(titleField?.type === 'fk' ? titleField.target : '', titleField?.type === 'fk' ? (view.title as number | null) : null);

  if (view.notFound) return <NotFoundScreen />;

  const heading = singleton
    ? t(entity.label.one)
    : view.isNew
      ? t('form.newTitle', { name: t(entity.label.one) })
      : refTitle && !refTitle.startsWith('#')
        ? refTitle
        : typeof view.title === 'string' && view.title
          ? view.title
          : `${t(entity.label.one)} #${view.id}`;
  const formMessages = view.formErrors.length ? view.formErrors : view.errorPaths.length && view.status === 'invalid' ? ['form.fixErrors'] : [];

  return (
    <FieldHostContext.Provider value={host}>
      <form
        ref={formRef}
        className="mx-auto flex max-w-5xl flex-col gap-4 px-4 pt-4 sm:px-6 sm:pt-6"
        data-testid="entity-form"
        data-entity={entity.name}
        data-status={view.status}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'save' });
        }}
      >
        <header className="flex flex-wrap items-center gap-3">
          {!singleton && (
            <Link href={listHref(entity.path)} className={buttonClass.ghost} aria-label={t('form.back')}>
              <EIcon name="back" />
            </Link>
          )}
          <div className="min-w-0 flex-1">
            {!singleton && <p className="text-xs uppercase tracking-wide text-ink-faint">{t(entity.label.one)}</p>}
            <h1 className="truncate text-2xl font-semibold" data-testid="form-title">
              {view.loading ? '…' : heading}
            </h1>
          </div>
          {view.dirty && (
            <span className="rounded-full bg-amber-500/15 px-2.5 py-1 text-xs text-amber-300" data-testid="dirty-badge">
              {t('form.unsaved')}
            </span>
          )}
        </header>

        {view.pending?.held && (
          <p className="rounded-md border border-sky-500/40 bg-sky-500/10 px-4 py-3 text-sm" role="status" data-testid="pending-held">
            {t('form.pendingHeld')}
          </p>
        )}

        {onReload && !view.isNew && !view.loading && !view.loadError && (
          <HistorySection entity={entity} form={actor} id={Number(view.id)} languages={options.languages} canChange={canChange} onReload={onReload} />
        )}

        {hasSchedule(entity) && !view.isNew && !view.loading && !view.loadError && (
          <ScheduleSection entity={entity} form={actor} id={Number(view.id)} canChange={canChange} />
        )}

        {view.draft && <DraftOffer savedAt={view.draft} restore={() => send({ type: 'draft.restore' })} discard={() => send({ type: 'draft.discard' })} />}

        {view.loadError ? (
          <div className="flex items-center gap-3 rounded-lg border border-danger/40 bg-danger/10 p-4" role="alert">
            <span className="flex-1">{t('form.loadFailed', { detail: errorText(view.loadError) })}</span>
            <button type="button" className={buttonClass.secondary} onClick={() => send({ type: 'retry' })}>
              {t('errors.retry')}
            </button>
          </div>
        ) : view.loading ? (
          <div className="flex flex-col gap-4" aria-busy="true" data-testid="form-loading">
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className="flex flex-col gap-2">
                <span className="h-3 w-32 animate-pulse rounded bg-surface-overlay" />
                <span className="h-9 w-full animate-pulse rounded-md bg-surface-overlay" />
              </div>
            ))}
          </div>
        ) : (
          <>
            {formMessages.length > 0 && (
              <div
                className="rounded-md border border-danger/40 bg-danger/10 px-4 py-3 text-sm text-danger"
                role="alert"
                data-testid="form-errors"
                data-form-errors
                tabIndex={-1}
              >
                {formMessages.map((m, i) => (
                  <p key={i}>{fieldMessage(t, m)}</p>
                ))}
              </div>
            )}
            <FormSections
              entity={entity}
              actor={actor}
              languageTabs={view.tabs}
              defaultLanguage={defaultLanguage}
              language={language}
              setLanguage={setLanguage}
              tab={tab}
              setTab={setTab}
              errorPaths={view.errorPaths}
              readOnly={!canChange}
              rowId={view.isNew || singleton ? undefined : Number(view.id)}
            />
          </>
        )}

        <FormFooter
          listPath={entity.path}
          singleton={singleton}
          deletable={canDelete && view.canDelete}
          canChange={canChange}
          canSave={view.canSave}
          busy={view.busy}
          status={view.status}
          dirty={view.dirty}
          pending={view.pending}
          send={send}
        />
      </form>
      {view.conflict && (
        <Suspense fallback={null}>
          <ConflictDialog
            entity={entity}
            detail={view.conflict.detail}
            diff={view.conflict.diff}
            reload={() => send({ type: 'conflict.reload' })}
            overwrite={() => send({ type: 'conflict.overwrite' })}
            dismiss={() => send({ type: 'conflict.dismiss' })}
          />
        </Suspense>
      )}
    </FieldHostContext.Provider>
  );
}
