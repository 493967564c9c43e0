import { assign, enqueueActions, setup } from 'xstate';
import {
  clearFieldError,
  deepEqual,
  diffValues,
  DRAFT_DEBOUNCE_MS,
  firstError,
  hasErrors,
  mergeMine,
  rowValues,
  setIn,
  toConflict,
  toRowId,
  toServerErrors,
} from './entityForm.helpers';
import { NON_FIELD } from './fieldErrors';
import type {
  Conflict,
  DeleteRowInput,
  Draft,
  DraftKey,
  ErrorTarget,
  FetchRowInput,
  FieldErrors,
  Navigation,
  SaveIntent,
  SaveRowInput,
  ValidateInput,
  Values,
  VersionedRow,
} from './entityForm.types';
import type { ConfirmInput, LoadError, Notice, RowId } from './entityList.types';
import { errorStatus, toBootError } from './session.helpers';
import { provided, wait } from './actors';
import { confirmDeleteState } from './confirmDelete.state';
import { flushOnHide, focusError, type FormScope, saveShortcut } from './entityForm.dom';

export interface EntityFormContext {
  resource: string;
  /** null until a new row is created; then its id. */
  id: RowId | null;
  /** Set when this form created the row: the screen rewrites `/new` to the id. */
  createdId: RowId | null;
  /** The draft key's id, fixed at start (`new` for a create form). */
  draftId: RowId | 'new';
  values: Values;
  /** As loaded or last saved: `dirty` is `values` ≠ `initial` (deep). */
  initial: Values;
  version: number | null;
  dirty: boolean;
  errors: FieldErrors;
  conflict: Conflict | null;
  /** A draft found at start, offered for restore. */
  draft: Draft | null;
  intent: SaveIntent | null;
  loadError: LoadError | null;
  debounceMs: number;
  /** The form's fields in the order it shows them, and the site's languages: which error a failed save shows first. */
  fieldOrder: string[];
  languages: string[];
  /** The page the form is on, for its DOM effects (entityForm.dom.ts); null without one. */
  scope: FormScope | null;
  /** The user may not change this row: it is not saved (not even by Ctrl+S). */
  readOnly: boolean;
  /** A singleton (a site page) has no list to go back to and no other row: saving stays. */
  singleton: boolean;
}

export interface EntityFormInput {
  resource: string;
  /** The route's `{detail}`: an id, or `new` for create mode. */
  id: RowId | 'new';
  /** Initial values of a new row. */
  defaults?: Values;
  debounceMs?: number;
  /** Root field names in the order the form shows them. */
  fieldOrder?: string[];
  /** The site's languages, the default first. */
  languages?: string[];
  scope?: FormScope;
  readOnly?: boolean;
  singleton?: boolean;
}

export type EntityFormEvent =
  | { type: 'field.change'; path: string; value: unknown }
  | { type: 'changes.discard' }
  | { type: 'save' }
  | { type: 'saveAndContinue' }
  | { type: 'draft.restore' }
  | { type: 'draft.discard' }
  /** Save the draft now (tab hidden, before unload) instead of after the debounce. */
  | { type: 'draft.flush' }
  | { type: 'conflict.reload' }
  | { type: 'conflict.overwrite' }
  | { type: 'conflict.dismiss' }
  | { type: 'delete.request' }
  | { type: 'retry' }
  /** What the user may do changed (a create became the row, which needs the change permission). */
  | { type: 'readOnly.change'; readOnly: boolean };

const draftKey = (c: EntityFormContext): DraftKey => ({ resource: c.resource, id: c.draftId });
const draftOf = (c: EntityFormContext): Draft => ({ values: c.values, version: c.version, savedAt: new Date().toISOString() });

/** A draft is worth offering only if it differs from what the form shows. */
const offer = (draft: Draft | null | undefined, values: Values): Draft | null => (draft && !deepEqual(draft.values, values) ? draft : null);

/**
 * An entity form (issue 5): load → editing (dirty tracking, local drafts) → validating →
 * saving → saved | invalid (field errors, language tabs, the first error revealed) |
 * conflict (409: reload or overwrite, with a diff); create mode skips loading; delete
 * behind the confirm dialog.
 */
const formSetup = setup({
  types: {
    context: {} as EntityFormContext,
    events: {} as EntityFormEvent,
    input: {} as EntityFormInput,
  },
  actors: {
    /** The stored draft of this row, or null. */
    loadDraft: provided<Draft | null, DraftKey>('loadDraft'),
    fetchRow: provided<VersionedRow, FetchRowInput>('fetchRow'),
    /** Client-side validation from the entity declaration: the errors map, `{}` when valid. */
    validate: provided<FieldErrors, ValidateInput>('validate'),
    saveRow: provided<VersionedRow, SaveRowInput>('saveRow'),
    deleteRow: provided<unknown, DeleteRowInput>('deleteRow'),
    confirm: provided<boolean, ConfirmInput>('confirm'),
    draftDebounce: wait,
    saveShortcut,
    flushOnHide,
    focusError,
  },
  actions: {
    /** Storage stays outside the machine: the app writes and removes drafts. */
    saveDraft: (_, _params: { key: DraftKey; draft: Draft }) => {},
    clearDraft: (_, _params: { key: DraftKey }) => {},
    notify: (_, _notice: Notice) => {},
    navigate: (_, _to: Navigation) => {},
    /** The screen shows the target (its language, its section) and moves keyboard focus to it. */
    revealError: (_, _target: ErrorTarget) => {},
  },
  guards: {
    isNew: ({ context }) => context.id === null,
    isDirty: ({ context }) => context.dirty,
    mayChange: ({ context }) => !context.readOnly,
    hasDraft: ({ context }) => context.draft !== null,
    canDelete: ({ context }) => context.id !== null,
    valid: (_, params: { errors: FieldErrors }) => !hasErrors(params.errors),
    status: (_, params: { error: unknown; status: number }) => errorStatus(params.error) === params.status,
    isConflict: (_, params: { error: unknown }) => errorStatus(params.error) === 409 && toConflict(params.error) !== null,
  },
});

/** The error a failed save shows first (see firstError). */
const errorTarget = (c: EntityFormContext): ErrorTarget => firstError(c.errors, c.fieldOrder, c.languages);

/** Save goes back to the list; Save & continue stays (on the new id after a create); a singleton always stays. */
/** Writes the draft now if there is anything unsaved. */
const flushDraft = formSetup.enqueueActions(({ context, enqueue }) => {
  if (context.dirty) enqueue({ type: 'saveDraft', params: { key: draftKey(context), draft: draftOf(context) } });
});

export const entityFormMachine = formSetup.createMachine({
  id: 'entityForm',
  context: ({ input }) => {
    const id = toRowId(input.id);
    const values = id === null ? (input.defaults ?? {}) : {};
    return {
      resource: input.resource,
      id,
      createdId: null,
      draftId: id ?? 'new',
      values,
      initial: values,
      version: null,
      dirty: false,
      errors: {},
      conflict: null,
      draft: null,
      intent: null,
      loadError: null,
      debounceMs: input.debounceMs ?? DRAFT_DEBOUNCE_MS,
      fieldOrder: input.fieldOrder ?? [],
      languages: input.languages ?? [],
      scope: input.scope ?? null,
      readOnly: input.readOnly ?? false,
      singleton: input.singleton ?? false,
    };
  },
  // As long as the form is on the page: Ctrl+S, and the draft written when the tab hides.
  invoke: [
    { id: 'saveShortcut', src: 'saveShortcut', input: ({ context }) => ({ scope: context.scope }) },
    { id: 'flushOnHide', src: 'flushOnHide', input: ({ context }) => ({ scope: context.scope }) },
  ],
  on: { 'readOnly.change': { actions: assign({ readOnly: ({ event }) => event.readOnly }) } },
  initial: 'checkingDraft',
  states: {
    // A real state, not an `always`: the draft look-up is async and observable.
    checkingDraft: {
      invoke: {
        id: 'loadDraft',
        src: 'loadDraft',
        input: ({ context }) => draftKey(context),
        onDone: [
          { guard: 'isNew', target: 'editable', actions: assign({ draft: ({ context, event }) => offer(event.output, context.values) }) },
          { target: 'loading', actions: assign({ draft: ({ event }) => event.output ?? null }) },
        ],
        // Storage trouble never blocks the form.
        onError: [{ guard: 'isNew', target: 'editable' }, { target: 'loading' }],
      },
    },
    loading: {
      invoke: {
        id: 'fetchRow',
        src: 'fetchRow',
        input: ({ context }) => ({ resource: context.resource, id: context.id as RowId }),
        onDone: {
          target: 'editable',
          actions: assign(({ context, event }) => {
            const values = rowValues(event.output);
            return { values, initial: values, version: event.output.version ?? null, dirty: false, loadError: null, draft: offer(context.draft, values) };
          }),
        },
        onError: [
          { guard: { type: 'status', params: ({ event }) => ({ error: event.error, status: 404 }) }, target: 'notFound' },
          { target: 'failed', actions: assign({ loadError: ({ event }) => toBootError(event.error) }) },
        ],
      },
    },
    failed: {
      on: { retry: { target: 'loading' } },
    },
    /** 404 on load (or the row vanished): the screen shows the not-found page. */
    notFound: {},
    editable: {
      initial: 'editing',
      on: {
        'field.change': {
          target: '.editing.draftPending',
          actions: assign(({ context, event }) => {
            const values = setIn(context.values, event.path, event.value);
            return { values, dirty: !deepEqual(values, context.initial), errors: clearFieldError(context.errors, event.path) };
          }),
        },
        'changes.discard': {
          guard: 'isDirty',
          target: '.editing',
          actions: [
            { type: 'clearDraft', params: ({ context }) => ({ key: draftKey(context) }) },
            assign(({ context }) => ({ values: context.initial, dirty: false, errors: {} })),
          ],
        },
        // Restoring takes the draft's version too: a draft older than the row meets a 409.
        'draft.restore': {
          guard: 'hasDraft',
          target: '.editing',
          actions: assign(({ context }) => {
            const values = context.draft!.values;
            return { values, version: context.draft!.version ?? context.version, dirty: !deepEqual(values, context.initial), draft: null };
          }),
        },
        'draft.discard': {
          guard: 'hasDraft',
          actions: [{ type: 'clearDraft', params: ({ context }) => ({ key: draftKey(context) }) }, assign({ draft: null })],
        },
        'draft.flush': { guard: 'isDirty', actions: flushDraft },
        // Leaving the editor before the debounce ends still keeps the edits if the save fails.
        save: { guard: 'mayChange', target: 'validating', actions: [assign({ intent: 'save' as const }), flushDraft] },
        saveAndContinue: { guard: 'mayChange', target: 'validating', actions: [assign({ intent: 'saveAndContinue' as const }), flushDraft] },
        'delete.request': { guard: 'canDelete', target: 'confirmingDelete', actions: flushDraft },
      },
      states: {
        editing: {
          initial: 'idle',
          states: {
            idle: {},
            // Autosave: each change restarts the wait; when it ends the draft is written.
            draftPending: {
              invoke: {
                id: 'draftDebounce',
                src: 'draftDebounce',
                input: ({ context }) => ({ ms: context.debounceMs }),
                onDone: [
                  {
                    guard: 'isDirty',
                    target: 'idle',
                    actions: { type: 'saveDraft', params: ({ context }) => ({ key: draftKey(context), draft: draftOf(context) }) },
                  },
                  // Back to what was loaded: nothing to keep.
                  { target: 'idle', actions: { type: 'clearDraft', params: ({ context }) => ({ key: draftKey(context) }) } },
                ],
              },
            },
          },
        },
        /** Client or server (400) errors are shown on their fields; focus goes to the first of them. */
        invalid: {
          entry: { type: 'revealError', params: ({ context }) => errorTarget(context) },
          invoke: { id: 'focusError', src: 'focusError', input: ({ context }) => ({ scope: context.scope, target: errorTarget(context) }) },
        },
        saved: {},
      },
    },
    validating: {
      invoke: {
        id: 'validate',
        src: 'validate',
        input: ({ context }) => ({ resource: context.resource, values: context.values }),
        onDone: [
          { guard: { type: 'valid', params: ({ event }) => ({ errors: event.output }) }, target: 'saving', actions: assign({ errors: {} }) },
          { target: '#entityForm.editable.invalid', actions: assign({ errors: ({ event }) => event.output }) },
        ],
        onError: { target: '#entityForm.editable.invalid', actions: assign({ errors: { [NON_FIELD]: ['form.validationFailed'] } }) },
      },
    },
    saving: {
      invoke: {
        id: 'saveRow',
        src: 'saveRow',
        input: ({ context }) => ({ resource: context.resource, id: context.id, values: context.values, version: context.version }),
        onDone: {
          target: '#entityForm.editable.saved',
          actions: [
            { type: 'clearDraft', params: ({ context }) => ({ key: draftKey(context) }) },
            assign(({ context, event }) => {
              const values = rowValues(event.output);
              return {
                values,
                initial: values,
                version: event.output.version ?? null,
                dirty: false,
                errors: {},
                conflict: null,
                draft: null,
                createdId: context.id === null ? event.output.id : context.createdId,
                id: event.output.id,
                // Later drafts belong to the row, not to `new`.
                draftId: event.output.id,
              };
            }),
            { type: 'notify', params: { key: 'form.saved', color: 'success' as const } },
            // A singleton stays on its one page after a save.
            enqueueActions(({ context, enqueue }) => {
              if (context.singleton) return;
              enqueue({ type: 'navigate', params: context.intent === 'save' ? { to: 'list' } : { to: 'detail', id: context.id as RowId, replace: true } });
            }),
          ],
        },
        onError: [
          {
            guard: { type: 'status', params: ({ event }) => ({ error: event.error, status: 400 }) },
            target: '#entityForm.editable.invalid',
            actions: assign({ errors: ({ event }) => toServerErrors(event.error) }),
          },
          {
            guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
            target: 'conflict',
            actions: assign({
              conflict: ({ context, event }) => {
                const c = toConflict(event.error)!;
                return { ...c, diff: diffValues(context.initial, context.values, rowValues(c.current)) };
              },
            }),
          },
          // The row was deleted meanwhile.
          { guard: { type: 'status', params: ({ event }) => ({ error: event.error, status: 404 }) }, target: 'notFound' },
          { target: '#entityForm.editable.invalid', actions: assign({ errors: ({ event }) => toServerErrors(event.error) }) },
        ],
      },
    },
    /** 409: someone saved first. Reload takes their row and drops the edits; overwrite saves my changes over their row. */
    conflict: {
      on: {
        'conflict.reload': {
          target: 'editable',
          actions: [
            { type: 'clearDraft', params: ({ context }) => ({ key: draftKey(context) }) },
            assign(({ context }) => {
              const values = rowValues(context.conflict!.current);
              return { values, initial: values, version: context.conflict!.current.version, dirty: false, errors: {}, conflict: null };
            }),
          ],
        },
        // Keep mine: my changes over their row; what only they changed stays theirs.
        'conflict.overwrite': {
          target: 'saving',
          actions: assign(({ context }) => {
            const theirs = rowValues(context.conflict!.current);
            return { values: mergeMine(context.initial, context.values, theirs), initial: theirs, version: context.conflict!.current.version, conflict: null };
          }),
        },
        // Keep editing with the local values (the next save meets the conflict again).
        'conflict.dismiss': { target: 'editable', actions: assign({ conflict: null }) },
      },
    },
    confirmingDelete: confirmDeleteState({
      question: () => ({ title: 'form.deleteTitle', question: 'form.deleteQuestion', danger: true }),
      approved: [{ target: 'deleting' }],
      declined: [{ target: 'editable' }],
    }),
    deleting: {
      invoke: {
        id: 'deleteRow',
        src: 'deleteRow',
        input: ({ context }) => ({ resource: context.resource, id: context.id as RowId }),
        onDone: {
          target: 'deleted',
          actions: [
            { type: 'clearDraft', params: ({ context }) => ({ key: draftKey(context) }) },
            { type: 'notify', params: { key: 'form.deleted', color: 'success' as const } },
            { type: 'navigate', params: { to: 'list' } as Navigation },
          ],
        },
        // E.g. 409 "in use": say why and stay.
        onError: {
          target: 'editable',
          actions: [{ type: 'notify', params: ({ event }) => ({ key: 'form.deleteFailed', because: toBootError(event.error), color: 'error' as const }) }],
        },
      },
    },
    deleted: {},
  },
});

export type EntityFormMachine = typeof entityFormMachine;
