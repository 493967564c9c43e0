import { and, assign, enqueueActions, setup } from 'xstate';
import {
  clearFieldError,
  deepEqual,
  diffValues,
  DRAFT_DEBOUNCE_MS,
  firstError,
  hasErrors,
  mergeMine,
  pendingOf,
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
  PendingInput,
  PendingRow,
  PreviewLink,
  SaveIntent,
  SavePendingInput,
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
  /** The entity keeps drafts on the server beside the live row (issue 16): Save draft, Publish, Discard draft, Preview. */
  drafts: boolean;
  /** The server-side draft the form holds (loaded or last saved), by id; null: the form holds the live row. */
  pending: number | null;
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
  drafts?: boolean;
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
  | { type: 'readOnly.change'; readOnly: boolean }
  | { type: 'row.versioned'; version: number }
  /** The form saved as the row's pending draft; the website keeps the live row. */
  | { type: 'pending.save' }
  /** The pending draft (with the form's changes saved into it first) made the live row. */
  | { type: 'pending.publish' }
  /** The pending draft dropped: the form goes back to the live row. */
  | { type: 'pending.discard' }
  /** A preview link of the pending draft (the form's changes saved into it first), opened. */
  | { type: 'preview' };

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
    /** The row's pending draft on the server (GET …/draft/). */
    fetchPending: provided<PendingRow, FetchRowInput>('fetchPending'),
    savePending: provided<PendingRow, SavePendingInput>('savePending'),
    publishPending: provided<PendingRow, PendingInput>('publishPending'),
    discardPending: provided<unknown, PendingInput>('discardPending'),
    previewLink: provided<PreviewLink, PendingInput>('previewLink'),
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
    /** The app opens the preview link (a new tab). */
    openPreview: (_, _link: PreviewLink) => {},
    /** A row read or saved (live, or its pending draft) is what the form now edits, at its version, holding its draft. */
    takeRow: assign(({ context }: { context: EntityFormContext }, params: { row: PendingRow; offer?: boolean }) => {
      const values = rowValues(params.row);
      return {
        values,
        initial: values,
        version: params.row.version ?? null,
        pending: pendingOf(params.row),
        dirty: false,
        errors: {},
        conflict: null,
        loadError: null,
        draft: params.offer ? offer(context.draft, values) : null,
      };
    }),
    showConflict: assign(({ context }: { context: EntityFormContext }, params: { error: unknown }) => {
      const c = toConflict(params.error)!;
      return { conflict: { ...c, diff: diffValues(context.initial, context.values, rowValues(c.current)) } };
    }),
    showServerErrors: assign((_, params: { error: unknown }) => ({ errors: toServerErrors(params.error) })),
    /** Keep mine over the conflict's row (or draft): my changes on their values, saved from their version. */
    overwrite: assign(({ context }: { context: EntityFormContext }) => {
      const current = context.conflict!.current;
      const theirs = rowValues(current);
      return {
        values: mergeMine(context.initial, context.values, theirs),
        initial: theirs,
        version: current.version,
        pending: pendingOf(current),
        conflict: null,
      };
    }),
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
    /** A row of an entity with drafts, which the user may change. */
    offersDrafts: ({ context }) => context.drafts && context.id !== null && !context.readOnly,
    hasPending: ({ context }) => context.pending !== null,
    rowHasPending: ({ context }, params: { row: PendingRow }) => context.drafts && params.row.has_draft === true,
    intentIs: ({ context }, params: { intent: SaveIntent }) => context.intent === params.intent,
  },
});

/** The error a failed save shows first (see firstError). */
const errorTarget = (c: EntityFormContext): ErrorTarget => firstError(c.errors, c.fieldOrder, c.languages);

/** Save goes back to the list; Save & continue stays (on the new id after a create); a singleton always stays. */
/** Writes the draft now if there is anything unsaved. */
const flushDraft = formSetup.enqueueActions(({ context, enqueue }) => {
  if (context.dirty) enqueue({ type: 'saveDraft', params: { key: draftKey(context), draft: draftOf(context) } });
});

const pendingInput = ({ context }: { context: EntityFormContext }): PendingInput => ({
  resource: context.resource,
  id: context.id as RowId,
  version: context.version,
  draft: context.pending,
});

/** What a refused save (of the row or of its draft) does: 400 shows the fields, 409 the conflict, 404 the not-found page. */
const saveRefused = [
  {
    guard: { type: 'status', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error, status: 400 }) },
    target: '#entityForm.editable.invalid',
    actions: { type: 'showServerErrors', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
  },
  {
    guard: { type: 'isConflict', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
    target: 'conflict',
    actions: { type: 'showConflict', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
  },
  { guard: { type: 'status', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error, status: 404 }) }, target: 'notFound' },
  {
    target: '#entityForm.editable.invalid',
    actions: { type: 'showServerErrors', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
  },
] as const;

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
      drafts: input.drafts ?? false,
      pending: null,
    };
  },
  // As long as the form is on the page: Ctrl+S, and the draft written when the tab hides.
  invoke: [
    { id: 'saveShortcut', src: 'saveShortcut', input: ({ context }) => ({ scope: context.scope }) },
    { id: 'flushOnHide', src: 'flushOnHide', input: ({ context }) => ({ scope: context.scope }) },
  ],
  on: {
    'readOnly.change': { actions: assign({ readOnly: ({ event }) => event.readOnly }) },
    // The row's schedule was saved beside the form (schedule.machine.ts): its version moved, its fields did not.
    'row.versioned': { actions: assign({ version: ({ event }) => event.version }) },
  },
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
        onDone: [
          // A pending draft is what the form edits: read it next.
          {
            guard: { type: 'rowHasPending', params: ({ event }) => ({ row: event.output }) },
            target: 'loadingPending',
            actions: { type: 'takeRow', params: ({ event }) => ({ row: event.output, offer: true }) },
          },
          { target: 'editable', actions: { type: 'takeRow', params: ({ event }) => ({ row: event.output, offer: true }) } },
        ],
        onError: [
          { guard: { type: 'status', params: ({ event }) => ({ error: event.error, status: 404 }) }, target: 'notFound' },
          { target: 'failed', actions: assign({ loadError: ({ event }) => toBootError(event.error) }) },
        ],
      },
    },
    loadingPending: {
      invoke: {
        id: 'fetchPending',
        src: 'fetchPending',
        input: ({ context }) => ({ resource: context.resource, id: context.id as RowId }),
        onDone: { target: 'editable', actions: { type: 'takeRow', params: ({ event }) => ({ row: event.output, offer: true }) } },
        // Gone meanwhile (published or discarded elsewhere), or unreadable: the live row stays in the form.
        onError: { target: 'editable' },
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
        'pending.save': { guard: 'offersDrafts', target: 'savingPending', actions: [assign({ intent: 'pending' as const }), flushDraft] },
        // Unsaved changes go into the draft first; a clean form publishes the pending draft as it is.
        'pending.publish': [
          { guard: and(['offersDrafts', 'isDirty']), target: 'savingPending', actions: [assign({ intent: 'publish' as const }), flushDraft] },
          { guard: and(['offersDrafts', 'hasPending']), target: 'publishing', actions: assign({ intent: 'publish' as const }) },
        ],
        'pending.discard': { guard: and(['offersDrafts', 'hasPending']), target: 'discardingPending' },
        preview: [
          { guard: and(['offersDrafts', 'isDirty']), target: 'savingPending', actions: [assign({ intent: 'preview' as const }), flushDraft] },
          { guard: 'offersDrafts', target: 'previewing', actions: assign({ intent: 'preview' as const }) },
        ],
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
                // A save of the live row is newer than any pending draft, which is then no longer pending.
                pending: null,
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
        // The row was deleted meanwhile: 404.
        onError: saveRefused,
      },
    },
    savingPending: {
      invoke: {
        id: 'savePending',
        src: 'savePending',
        input: ({ context }) => ({
          resource: context.resource,
          id: context.id as RowId,
          values: context.values,
          version: context.version,
          draft: context.pending,
        }),
        // Saved as the draft: the locally kept text is no longer needed.
        onDone: [
          {
            guard: { type: 'intentIs', params: { intent: 'publish' } },
            target: 'publishing',
            actions: [
              { type: 'clearDraft', params: ({ context }) => ({ key: draftKey(context) }) },
              { type: 'takeRow', params: ({ event }) => ({ row: event.output }) },
            ],
          },
          {
            guard: { type: 'intentIs', params: { intent: 'preview' } },
            target: 'previewing',
            actions: [
              { type: 'clearDraft', params: ({ context }) => ({ key: draftKey(context) }) },
              { type: 'takeRow', params: ({ event }) => ({ row: event.output }) },
            ],
          },
          {
            target: '#entityForm.editable.saved',
            actions: [
              { type: 'clearDraft', params: ({ context }) => ({ key: draftKey(context) }) },
              { type: 'takeRow', params: ({ event }) => ({ row: event.output }) },
              { type: 'notify', params: { key: 'form.pendingSaved', color: 'success' as const } },
            ],
          },
        ],
        onError: saveRefused,
      },
    },
    publishing: {
      invoke: {
        id: 'publishPending',
        src: 'publishPending',
        input: pendingInput,
        onDone: {
          target: '#entityForm.editable.saved',
          actions: [
            { type: 'clearDraft', params: ({ context }) => ({ key: draftKey(context) }) },
            { type: 'takeRow', params: ({ event }) => ({ row: event.output }) },
            { type: 'notify', params: { key: 'form.published', color: 'success' as const } },
          ],
        },
        onError: [
          {
            guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
            target: 'conflict',
            actions: { type: 'showConflict', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'editable',
            actions: { type: 'notify', params: ({ event }) => ({ key: 'form.publishFailed', because: toBootError(event.error), color: 'error' as const }) },
          },
        ],
      },
    },
    discardingPending: {
      invoke: {
        id: 'discardPending',
        src: 'discardPending',
        input: pendingInput,
        // The live row is read again: it is what the form now edits.
        onDone: {
          target: 'loading',
          actions: [
            { type: 'clearDraft', params: ({ context }) => ({ key: draftKey(context) }) },
            assign({ pending: null }),
            { type: 'notify', params: { key: 'form.pendingDiscarded', color: 'success' as const } },
          ],
        },
        onError: {
          target: 'editable',
          actions: {
            type: 'notify',
            params: ({ event }) => ({ key: 'form.pendingDiscardFailed', because: toBootError(event.error), color: 'error' as const }),
          },
        },
      },
    },
    previewing: {
      invoke: {
        id: 'previewLink',
        src: 'previewLink',
        input: pendingInput,
        onDone: { target: 'editable', actions: { type: 'openPreview', params: ({ event }) => event.output } },
        onError: {
          target: 'editable',
          actions: { type: 'notify', params: ({ event }) => ({ key: 'form.previewFailed', because: toBootError(event.error), color: 'error' as const }) },
        },
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
              const { version } = context.conflict!.current;
              return { values, initial: values, version, pending: pendingOf(context.conflict!.current), dirty: false, errors: {}, conflict: null };
            }),
          ],
        },
        // Keep mine: my changes over their row (or their draft); what only they changed stays theirs. A draft's save stays a draft's.
        'conflict.overwrite': [
          { guard: { type: 'intentIs', params: { intent: 'save' } }, target: 'saving', actions: 'overwrite' },
          { guard: { type: 'intentIs', params: { intent: 'saveAndContinue' } }, target: 'saving', actions: 'overwrite' },
          { target: 'savingPending', actions: 'overwrite' },
        ],
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
