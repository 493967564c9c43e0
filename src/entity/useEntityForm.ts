import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { type ActorRefFrom, fromPromise } from 'xstate';
import type { EntityDef } from '../../entities/define';
import { hasDrafts } from '../../entities/drafts';
import { connectEntityForm } from '../../machines/entityForm.connect';
import { type EntityFormMachine, entityFormMachine } from '../../machines/entityForm.machine';
import type { ErrorTarget, Navigation } from '../../machines/entityForm.types';
import { leaveGuardMachine } from '../../machines/leaveGuard.machine';
import { type AskConfirm, useConfirm } from '../app/services/confirm';
import { useSession } from '../app/services/session';
import { rememberTitles } from '../fields/refTitles';
import { entityFormActors, type FormActorOptions } from '../http/entityActors';
import { t } from '../i18n/i18n';
import { sectionOf } from './errorPlace';
import { listHref } from './listMemory';
import { newRowValues } from './newRow';

export type FormActor = ActorRefFrom<EntityFormMachine>;

type FormImplementations = {
  actors: ReturnType<typeof entityFormActors>['actors'];
  actions: ReturnType<typeof entityFormActors>['actions'] & { navigate?: (_: unknown, to: Navigation) => void };
};

export interface EntityFormOptions {
  entity: EntityDef;
  /** `new` or the id, as the form was opened. */
  detail: string;
  languages: string[];
  defaultLanguage: string;
  canChange: boolean;
  /** After a create: the URL takes the new id without a new form. */
  onCreated: (id: string) => void;
  /** The machine's actors and actions; default: the HTTP ones. A `navigate` given here replaces the screen's. */
  makeActors?: (ask: AskConfirm, opts: FormActorOptions) => FormImplementations;
}

/**
 * An entity form's machines for one mount: the form (on the HTTP actors, with the page as
 * its scope and the screen's navigation) and the leave guard that holds the page while the
 * form has unsaved work. Which language and which section are shown is view state here;
 * what is in them is the machine's, and a failed save moves the view to its first error.
 */
export function useEntityForm({ entity, detail, languages, defaultLanguage, canChange, onCreated, makeActors = entityFormActors }: EntityFormOptions) {
  const ask = useConfirm();
  const [, navigate] = useLocation();
  const [language, setLanguage] = useState(defaultLanguage);
  const [tab, setTab] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  const guard = useActorRef(
    useMemo(
      () =>
        leaveGuardMachine.provide({
          actors: {
            confirm: fromPromise(() => ask({ title: t('form.leaveTitle'), question: t('form.leaveQuestion'), approveLabel: t('form.leave'), danger: true })),
          },
        }),
      [ask],
    ),
  );

  const machine = useMemo(() => {
    const http = makeActors(ask, { entity, languages, defaultLanguage, host: window.location.host });
    return entityFormMachine.provide({
      actors: http.actors,
      actions: {
        ...http.actions,
        revealError: (_, target: ErrorTarget) => {
          if (target.language) setLanguage(target.language);
          const section = sectionOf(entity, target.path);
          if (section >= 0) setTab(section);
        },
        navigate:
          http.actions.navigate ??
          ((_, to: Navigation) => {
            if (to.to === 'list') {
              // The form is saved or gone: the guard lets this one through without a question.
              guard.send({ type: 'leave.pass' });
              navigate(listHref(entity.path));
            } else {
              onCreated(String(to.id));
              navigate(`${entity.path}/${to.id}`, { replace: true });
            }
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
      scope: { win: window, form: () => formRef.current },
      readOnly: !canChange,
      singleton: entity.singleton !== undefined,
      drafts: hasDrafts(entity),
    },
  });

  const view = useSelector(
    actor,
    (s) => {
      // eslint-disable-next-line @typescript-eslint/unbound-method -- XState binds Actor#send in its constructor
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
        pending: f.pendingDraft ? { held: f.pendingDraft.held, canPublish: f.pendingDraft.canPublish } : null,
        errorPaths: Object.entries(s.context.errors)
          .filter(([, list]) => list.length > 0)
          .map(([k]) => k),
        title:
          (s.context.values.translations as Record<string, Record<string, unknown>> | undefined)?.[defaultLanguage]?.[entity.titleField] ??
          s.context.values[entity.titleField],
      };
    },
    // A plain-data view: equal text, same view, no re-render (typing re-renders the typed field only).
    (a, b) => JSON.stringify(a) === JSON.stringify(b),
  );

  // A create that became its row may change it only with the change permission.
  useEffect(() => actor.send({ type: 'readOnly.change', readOnly: !canChange }), [actor, canChange]);
  // The guard holds the page exactly while the form says there is work to lose.
  useEffect(() => guard.send({ type: 'dirty.change', dirty: view.blockNavigation }), [guard, view.blockNavigation]);

  return { actor, view, formRef, language, setLanguage, tab, setTab };
}
