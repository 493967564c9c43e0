import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { entityActions, type EntityDef } from '../../entities/define';
import type { Field } from '../../entities/fields';
import { LANGUAGE_NAMES, type Language } from '../../locales/languages';
import { connectEntityForm } from '../../machines/entityForm.connect';
import { getIn, NON_FIELD } from '../../machines/entityForm.helpers';
import { type EntityFormMachine, entityFormMachine } from '../../machines/entityForm.machine';
import type { ErrorTarget, FieldErrors, FieldMessage, Navigation } from '../../machines/entityForm.types';
import type { ActorRefFrom } from 'xstate';
import { type AskConfirm, useConfirm } from '../app/services/confirm';
import { useSession } from '../app/services/session';
import { FieldHostContext, type FieldHost } from '../fields/context';
import { FieldFrame } from '../fields/FieldFrame';
import { fieldMessage } from '../fields/messages';
import { rememberTitles, useRefTitle } from '../fields/refTitles';
import { preloadWidgets } from '../fields/registry';
import { entityFormActors, type FormActorOptions } from '../http/entityActors';
import { formatDate } from '../i18n/dates';
import { useT } from '../i18n/i18n';
import { errorText } from '../i18n/notices';
import type { ScreenProps } from '../routing/types';
import NotFoundScreen from '../screens/NotFoundScreen';
import { siteLanguages } from './formValues';
import { newRowValues } from './newRow';
import { useLeaveGuard } from './leaveGuard';
import { listHref } from './listMemory';
import { whenShown } from '../ui/whenShown';
import { errorControl } from './errorFocus';
import { buttonClass, EIcon } from './ui';

// Only a conflicting save shows it: its dialog library loads then, not with every form.
const ConflictDialog = lazy(() => import('./ConflictDialog').then((m) => ({ default: m.ConflictDialog })));

type FormActor = ActorRefFrom<EntityFormMachine>;

const NONE: FieldMessage[] = [];
/** Fields that need the full width of a two-column group. */
const WIDE = new Set(['textarea', 'richtext', 'repeater', 'seo', 'map', 'menuTree', 'mediaMany', 'permissions']);

const hasErrorsUnder = (errors: FieldErrors, path: string) =>
  Object.keys(errors).some((k) => k.startsWith(`${path}.`) && errors[k].length > 0);

/** The form field a message path belongs to: `translations.it.seo.title` → `seo`, `specs.2.value` → `specs`. */
const rootField = (path: string) => {
  const parts = path.split('.');
  return parts[0] === 'translations' ? parts[2] : parts[0];
};

/** One field of the form: it selects only its own value and errors from the machine. */
function FormField({ actor, name, field, path, language, readOnly }: { actor: FormActor; name: string; field: Field; path: string; language?: string; readOnly: boolean }) {
  const value = useSelector(actor, (s) => getIn(s.context.values, path));
  const errors = useSelector(actor, (s) => s.context.errors[path] ?? NONE);
  const nested = useSelector(actor, (s) => hasErrorsUnder(s.context.errors, path));
  return (
    <div className={WIDE.has(field.type) ? 'sm:col-span-2' : ''} data-form-field={name}>
      <FieldFrame
        name={path}
        field={field}
        value={value}
        errors={errors}
        nestedInvalid={nested}
        disabled={readOnly}
        language={language}
        onChange={(v) => actor.send({ type: 'field.change', path, value: v })}
      />
    </div>
  );
}

function DraftOffer({ savedAt, restore, discard }: { savedAt: string; restore: () => void; discard: () => void }) {
  const t = useT();
  const when = new Date(savedAt);
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-md border border-brand/50 bg-brand-soft/30 px-4 py-3 text-sm" role="status" data-testid="draft-offer">
      <span className="flex-1">{t('form.draftFound', { time: Number.isNaN(when.getTime()) ? savedAt : formatDate(when, 'dateTime') })}</span>
      <button type="button" className={buttonClass.secondary} onClick={discard}>
        {t('form.draftDiscard')}
      </button>
      <button type="button" className={buttonClass.primary} onClick={restore}>
        {t('form.draftRestore')}
      </button>
    </div>
  );
}

interface FormProps {
  entity: EntityDef;
  /** `new` or the id, as the form was opened. */
  detail: string;
  languages: string[];
  defaultLanguage: string;
  canChange: boolean;
  canDelete: boolean;
  /** After a create: the URL takes the new id without a new form. */
  onCreated: (id: string) => void;
  /** The machine's actors and actions; default: the HTTP ones. A `navigate` given here replaces the screen's. */
  makeActors?: (ask: AskConfirm, opts: FormActorOptions) => FormImplementations;
}

type FormImplementations = { actors: ReturnType<typeof entityFormActors>['actors']; actions: ReturnType<typeof entityFormActors>['actions'] & { navigate?: (_: unknown, to: Navigation) => void } };

export function EntityForm({ entity, detail, languages, defaultLanguage, canChange, canDelete, onCreated, makeActors = entityFormActors }: FormProps) {
  const t = useT();
  const ask = useConfirm();
  const [, navigate] = useLocation();
  // Which language and which tab are shown is view state; what is in them is the machine's.
  const [language, setLanguage] = useState(languages[0]);
  const [tab, setTab] = useState(0);
  // A singleton (a site page) has no list to go back to and no other row: saving stays.
  const singleton = entity.singleton !== undefined;
  const formRef = useRef<HTMLFormElement>(null);
  const later = useRef({ navigate, onCreated, pass: <R,>(fn: () => R) => fn(), stopReveal: () => {} });
  later.current.navigate = navigate;
  later.current.onCreated = onCreated;

  // The machine says which error to show after a failed save; here it is brought into view: its language, its section, focus on it.
  const revealError = (_: unknown, target: ErrorTarget) => {
    if (target.language) setLanguage(target.language);
    const field = target.path === NON_FIELD ? null : rootField(target.path);
    const section = entity.form.tabs.findIndex((tb) => tb.groups.some((g) => field !== null && g.fields.includes(field)));
    if (section >= 0) setTab(section);
    later.current.stopReveal();
    later.current.stopReveal = whenShown(
      () => (formRef.current ? errorControl(formRef.current, target.path) : null),
      (control) => control.focus(),
    );
  };
  useEffect(() => () => later.current.stopReveal(), []);

  const machine = useMemo(() => {
    const http = makeActors(ask, { entity, languages, defaultLanguage, host: window.location.host });
    return entityFormMachine.provide({
      actors: http.actors,
      actions: {
        ...http.actions,
        revealError,
        navigate: http.actions.navigate ?? ((_, to: Navigation) => {
          if (singleton) return;
          later.current.pass(() => {
            if (to.to === 'list') later.current.navigate(listHref(entity.path));
            else {
              later.current.onCreated(String(to.id));
              later.current.navigate(`${entity.path}/${to.id}`, { replace: true });
            }
          });
        }),
      },
    });
    // The form is made once per mount; languages come with the site and do not change under it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ask, entity]);
  const search = useSearch();
  const editor = useSession((s) => s.context.user);
  const siteKind = useSession((s) => s.context.tenant?.kind) ?? 'default';
  const monoBrand = useSession((s) => s.context.tenant?.mono_brand) ?? null;
  // The pre-filled brand chip names its brand without a round trip.
  useEffect(() => {
    if (monoBrand) rememberTitles('brand', [{ id: monoBrand.id, title: monoBrand.name }]);
  }, [monoBrand]);
  const actor = useActorRef(machine, {
    input: {
      resource: entity.path.replace(/^\//, ''),
      id: detail === 'new' ? 'new' : detail,
      defaults: newRowValues(entity, languages, search, editor, siteKind, monoBrand?.id ?? null),
      fieldOrder: entity.form.tabs.flatMap((tb) => tb.groups.flatMap((g) => g.fields)),
      languages,
    },
  });

  const view = useSelector(
    actor,
    (s) => {
      const f = connectEntityForm(s, actor.send, { languages });
      return {
        status: f.status,
        loading: f.loading,
        busy: f.busy,
        notFound: f.notFound,
        loadError: f.loadError,
        isNew: f.isNew,
        id: f.id,
        dirty: f.dirty,
        blockNavigation: f.blockNavigation,
        formErrors: f.formErrors,
        tabs: f.tabs,
        draft: f.draft?.savedAt ?? null,
        conflict: f.conflict ? { detail: f.conflict.detail, diff: f.conflict.diff } : null,
        canSave: f.canSave,
        canDelete: f.canDelete,
        errorPaths: Object.keys(s.context.errors).filter((k) => s.context.errors[k].length > 0),
        title: (s.context.values.translations as Record<string, Record<string, unknown>> | undefined)?.[defaultLanguage]?.[entity.titleField] ?? s.context.values[entity.titleField],
      };
    },
    // A plain-data view: equal text, same view, no re-render (typing re-renders the typed field only).
    (a, b) => JSON.stringify(a) === JSON.stringify(b),
  );
  const send = actor.send;

  const guard = useLeaveGuard(view.blockNavigation, () =>
    ask({ title: t('form.leaveTitle'), question: t('form.leaveQuestion'), approveLabel: t('form.leave'), danger: true }),
  );
  later.current.pass = guard.pass;

  useEffect(() => preloadWidgets(Object.values(entity.fields).map((f) => f.type)), [entity]);

  // Ctrl/Cmd+S saves and stays; a hidden or closing tab writes the draft at once.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 's') {
        e.preventDefault();
        if (canChange) send({ type: 'saveAndContinue' });
      }
    };
    const flush = () => send({ type: 'draft.flush' });
    const onVisibility = () => document.visibilityState === 'hidden' && flush();
    window.addEventListener('keydown', onKey);
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [send, canChange]);

  const host: FieldHost = useMemo(
    () => ({
      useErrorsAt: (path) => useSelector(actor, (s) => s.context.errors[path] ?? NONE),
      useNestedInvalid: (path) => useSelector(actor, (s) => hasErrorsUnder(s.context.errors, path)),
      change: (path, value) => actor.send({ type: 'field.change', path, value }),
    }),
    [actor],
  );

  // A title field that refers to another row (a featured product's product) is named by that row.
  const titleField = entity.fields[entity.titleField];
  const refTitle = useRefTitle(titleField?.type === 'fk' ? titleField.target : '', titleField?.type === 'fk' ? (view.title as number | null) : null);

  if (view.notFound) return <NotFoundScreen />;

  const translated = Object.values(entity.fields).some((f) => f.translated);
  const tabs = entity.form.tabs;
  const errorRoots = new Set(view.errorPaths.map(rootField));
  const tabHasErrors = (i: number) => tabs[i].groups.some((g) => g.fields.some((f) => errorRoots.has(f)));
  const heading = singleton
    ? t(entity.label.one)
    : view.isNew
    ? t('form.newTitle', { name: t(entity.label.one) })
    : refTitle && !refTitle.startsWith('#')
      ? refTitle
      : typeof view.title === 'string' && view.title
        ? view.title
        : `${t(entity.label.one)} #${view.id}`;
  const readOnly = !canChange;
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

        {view.draft && (
          <DraftOffer savedAt={view.draft} restore={() => send({ type: 'draft.restore' })} discard={() => send({ type: 'draft.discard' })} />
        )}

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
              <div className="rounded-md border border-danger/40 bg-danger/10 px-4 py-3 text-sm text-danger" role="alert" data-testid="form-errors" data-form-errors tabIndex={-1}>
                {formMessages.map((m, i) => (
                  <p key={i}>{fieldMessage(t, m)}</p>
                ))}
              </div>
            )}
            {translated && view.tabs.length > 1 && (
              <div className="flex flex-wrap items-center gap-1 border-b border-surface-border" role="tablist" aria-label={t('form.languages')}>
                {view.tabs.map((tb) => (
                  <button
                    key={tb.lang}
                    type="button"
                    role="tab"
                    aria-selected={language === tb.lang}
                    onClick={() => setLanguage(tb.lang)}
                    className={`relative -mb-px flex items-center gap-2 border-b-2 px-3 py-2 text-sm ${language === tb.lang ? 'border-brand-ink text-ink' : 'border-transparent text-ink-muted hover:text-ink'}`}
                    data-lang={tb.lang}
                  >
                    <span className="font-mono text-xs uppercase">{tb.lang}</span>
                    <span className="hidden sm:inline">{LANGUAGE_NAMES[tb.lang as Language] ?? tb.lang}</span>
                    {tb.lang === defaultLanguage && <span className="text-[10px] text-ink-faint">({t('form.defaultLanguage')})</span>}
                    {tb.hasErrors && <span className="h-2 w-2 rounded-full bg-danger" data-testid={`lang-error-${tb.lang}`} aria-label={t('form.tabHasErrors')} />}
                  </button>
                ))}
              </div>
            )}
            {tabs.length > 1 && (
              <div className="flex flex-wrap gap-1" role="tablist" aria-label={t('form.sections')}>
                {tabs.map((tb, i) => (
                  <button
                    key={tb.label}
                    type="button"
                    role="tab"
                    aria-selected={tab === i}
                    onClick={() => setTab(i)}
                    className={`flex items-center gap-2 rounded-md px-3 py-1.5 text-sm ${tab === i ? 'bg-surface-overlay text-ink' : 'text-ink-muted hover:bg-surface-raised hover:text-ink'}`}
                    data-tab={i}
                  >
                    {t(tb.label)}
                    {tabHasErrors(i) && <span className="h-2 w-2 rounded-full bg-danger" aria-label={t('form.tabHasErrors')} />}
                  </button>
                ))}
              </div>
            )}
            {tabs.map((tb, i) => (
              <div key={tb.label} role={tabs.length > 1 ? 'tabpanel' : undefined} hidden={tab !== i} className="flex flex-col gap-4">
                {tab === i &&
                  tb.groups.map((g, gi) => (
                    <section key={gi} className="rounded-lg border border-surface-border bg-surface-raised p-4">
                      {g.label && <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-ink-muted">{t(g.label)}</h2>}
                      <div className={`grid gap-4 ${g.columns === 2 ? 'sm:grid-cols-2' : ''}`}>
                        {g.fields.map((name) => {
                          const field = entity.fields[name];
                          if (!field) return null;
                          const path = field.translated ? `translations.${language}.${name}` : name;
                          return (
                            <FormField
                              key={path}
                              actor={actor}
                              name={name}
                              field={field}
                              path={path}
                              language={field.translated ? language : undefined}
                              readOnly={readOnly}
                            />
                          );
                        })}
                      </div>
                    </section>
                  ))}
              </div>
            ))}
          </>
        )}

        <footer className="sticky bottom-0 z-20 -mx-4 mt-2 border-t border-surface-border bg-surface-raised/95 backdrop-blur sm:-mx-6">
          <div className="flex flex-wrap items-center gap-2 px-4 py-3 sm:px-6">
            {!singleton && (
              <Link href={listHref(entity.path)} className={buttonClass.secondary} data-testid="form-back">
                {t('form.back')}
              </Link>
            )}
            {!singleton && canDelete && view.canDelete && (
              <button type="button" className={buttonClass.danger} onClick={() => send({ type: 'delete.request' })} disabled={view.busy} data-testid="form-delete">
                <EIcon name="trash" size={16} />
                {t('form.delete')}
              </button>
            )}
            <span className="ml-auto text-xs text-ink-faint" aria-live="polite">
              {view.status === 'saving' || view.status === 'validating' ? t('form.saving') : view.status === 'saved' && !view.dirty ? t('form.saved') : ''}
            </span>
            {canChange && (
              <>
                {!singleton && (
                  <button
                    type="button"
                    className={buttonClass.secondary}
                    onClick={() => send({ type: 'saveAndContinue' })}
                    disabled={!view.canSave || view.busy}
                    data-testid="form-save-continue"
                    title="Ctrl+S"
                  >
                    {t('form.saveAndContinue')}
                  </button>
                )}
                <button type="submit" className={buttonClass.primary} disabled={!view.canSave || view.busy} data-testid="form-save" title={singleton ? 'Ctrl+S' : undefined}>
                  <EIcon name="save" size={16} />
                  {t('form.save')}
                </button>
              </>
            )}
          </div>
        </footer>
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

/**
 * `/<route>/<id>` and `/<route>/new` of any declared entity (issue 5). A create that
 * saves and stays rewrites the URL to the new id while the same form (and machine) stays.
 */
export default function EntityFormScreen({ entity, params }: ScreenProps & { entity: EntityDef }) {
  const detail = params.detail ?? 'new';
  const user = useSession((s) => s.context.user);
  const tenantLanguages = useSession((s) => s.context.tenant?.languages);
  const tenantDefault = useSession((s) => s.context.tenant?.default_language);
  const can = useMemo(() => entityActions(user, entity), [user, entity]);
  const languages = useMemo(() => siteLanguages(tenantLanguages, tenantDefault), [tenantLanguages, tenantDefault]);
  // `/new` became `/<id>` by this form's own save: keep it mounted under its first key.
  const adopted = useRef<{ from: string; to: string } | null>(null);
  const key = adopted.current && adopted.current.to === detail ? adopted.current.from : detail;
  if (detail === 'new' && !can.has('add')) return <NotFoundScreen />;
  return (
    <EntityForm
      key={key}
      entity={entity}
      detail={key}
      languages={languages}
      defaultLanguage={languages[0]}
      canChange={detail === 'new' ? can.has('add') : can.has('change')}
      canDelete={can.has('delete')}
      onCreated={(id) => {
        adopted.current = { from: key, to: id };
      }}
    />
  );
}

