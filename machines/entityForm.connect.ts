import type { SnapshotFrom } from 'xstate';
import { errorsAt, errorTabs, getIn } from './entityForm.helpers';
import { NON_FIELD } from './fieldErrors';
import type { EntityFormEvent, entityFormMachine } from './entityForm.machine';

export type EntityFormSnapshot = SnapshotFrom<typeof entityFormMachine>;
export type EntityFormStatus =
  | 'checkingDraft'
  | 'loading'
  | 'failed'
  | 'notFound'
  | 'editing'
  | 'invalid'
  | 'saved'
  | 'validating'
  | 'saving'
  | 'conflict'
  | 'confirmingDelete'
  | 'deleting'
  | 'deleted'
  | 'loadingPending'
  | 'savingPending'
  | 'publishing'
  | 'discardingPending'
  | 'previewing';

const PENDING_WORK: readonly EntityFormStatus[] = ['savingPending', 'publishing', 'discardingPending', 'previewing'];

function statusOf(s: EntityFormSnapshot): EntityFormStatus {
  if (s.matches({ editable: 'invalid' })) return 'invalid';
  if (s.matches({ editable: 'saved' })) return 'saved';
  if (s.matches('editable')) return 'editing';
  return s.value as EntityFormStatus;
}

/**
 * Snapshot + send → the props of an entity form screen: field values and errors by
 * path, language tabs with error dots, the draft offer, the conflict dialog, buttons.
 */
export function connectEntityForm(snapshot: EntityFormSnapshot, send: (event: EntityFormEvent) => void, options: { languages?: string[] } = {}) {
  const c = snapshot.context;
  const status = statusOf(snapshot);
  const editable = snapshot.matches('editable');
  const busy = status === 'validating' || status === 'saving' || status === 'confirmingDelete' || status === 'deleting' || PENDING_WORK.includes(status);
  const tabsWithErrors = errorTabs(c.errors);
  const languages = [...new Set([...(options.languages ?? []), ...tabsWithErrors])];

  return {
    status,
    loading: status === 'checkingDraft' || status === 'loading' || status === 'loadingPending',
    busy,
    notFound: status === 'notFound',
    loadError: status === 'failed' ? c.loadError : null,
    retry: () => send({ type: 'retry' }),

    /** null in create mode until the first save. */
    id: c.id,
    isNew: c.id === null,
    /** Set once this form created the row: rewrite `/new` in the URL to it. */
    createdId: c.createdId,
    values: c.values,
    dirty: c.dirty,
    /** Warn before leaving (route change, tab close). */
    blockNavigation: c.dirty && status !== 'deleted',

    errors: c.errors,
    formErrors: c.errors[NON_FIELD] ?? [],
    /** A field by dotted path (`translations.it.title`, `specs.2.value`). */
    getFieldProps: (path: string) => {
      const { messages, nested } = errorsAt(c.errors, path);
      return {
        name: path,
        value: getIn(c.values, path),
        errors: messages,
        invalid: messages.length > 0,
        /** Something under it (a repeater row, a translation) has errors. */
        nestedInvalid: nested,
        disabled: !editable,
        onChange: (value: unknown) => send({ type: 'field.change', path, value }),
      };
    },
    /** Language tabs; a tab with an error gets a red dot. */
    tabs: languages.map((lang) => ({ lang, hasErrors: tabsWithErrors.includes(lang) })),

    draft: c.draft
      ? {
          savedAt: c.draft.savedAt,
          restore: () => send({ type: 'draft.restore' }),
          discard: () => send({ type: 'draft.discard' }),
        }
      : null,
    flushDraft: () => send({ type: 'draft.flush' }),

    conflict:
      status === 'conflict' && c.conflict
        ? {
            detail: c.conflict.detail,
            diff: c.conflict.diff,
            reload: () => send({ type: 'conflict.reload' }),
            overwrite: () => send({ type: 'conflict.overwrite' }),
            dismiss: () => send({ type: 'conflict.dismiss' }),
          }
        : null,

    canSave: editable,
    canDelete: editable && c.id !== null,
    canDiscard: editable && c.dirty,
    save: () => send({ type: 'save' }),
    saveAndContinue: () => send({ type: 'saveAndContinue' }),
    remove: () => send({ type: 'delete.request' }),
    discardChanges: () => send({ type: 'changes.discard' }),
    /**
     * A row of an entity with drafts on the server (issue 16), which the user may change: Save
     * draft, Publish, Discard draft (with a pending one) and Preview; null otherwise.
     */
    pendingDraft:
      c.drafts && c.id !== null && !c.readOnly
        ? {
            /** The form holds a draft saved beside the live row: the website shows the live one. */
            held: c.pending !== null,
            canPublish: editable && (c.pending !== null || c.dirty),
            save: () => send({ type: 'pending.save' }),
            publish: () => send({ type: 'pending.publish' }),
            discard: () => send({ type: 'pending.discard' }),
            preview: () => send({ type: 'preview' }),
          }
        : null,
    /** What the last save asked for (Save goes back to the list, Save & continue stays). */
    intent: status === 'saved' ? c.intent : null,
  };
}
