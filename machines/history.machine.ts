import { assign, setup } from 'xstate';
import { provided } from './actors';
import { confirmDeleteState } from './confirmDelete.state';
import { type Comparison, compareRevisions } from './history.diff';
import type { ActivityEntry, KeysetPage, RevisionDetail } from './history.types';
import { withPage } from './keyset';
import { errorStatus, toBootError } from './session.helpers';
import type { BootError } from './session.types';
import type { ConfirmInput, Notice } from './shell.types';

export interface HistoryInput {
  /** The entity's API path without its slash (`products`). */
  resource: string;
  id: number;
  /** The form's field order and the site's languages: the diff lists its fields as the form does. */
  fieldOrder: string[];
  languages: string[];
  /** A revision to show at once (an activity line links to it). */
  revision?: number | null;
}

export interface RevisionPageInput {
  resource: string;
  id: number;
  before: number | null;
}

export interface RevisionsInput {
  resource: string;
  id: number;
  revs: number[];
}

export interface RestoreInput {
  resource: string;
  id: number;
  rev: number;
  /** The version the form holds: a row changed since meets a 409 instead of being overwritten. */
  version: number | null;
}

export interface HistoryContext {
  resource: string;
  id: number;
  fieldOrder: string[];
  languages: string[];
  entries: ActivityEntry[];
  next: number | null;
  loadError: BootError | null;
  /** The revisions picked, oldest pick first: one is shown against the one before it, two against each other. */
  selected: number[];
  comparison: Comparison | null;
  compareError: BootError | null;
  /** The revision asked about before it is restored, and the form's version to send. */
  pending: { rev: number; version: number | null } | null;
}

export type HistoryEvent =
  | { type: 'retry' }
  | { type: 'more' }
  | { type: 'revision.select'; rev: number }
  | { type: 'selection.clear' }
  | { type: 'revision.restore'; rev: number; version: number | null };

/** Picking a picked revision drops it; a third pick drops the first. */
const toggled = (selected: number[], rev: number) => (selected.includes(rev) ? selected.filter((r) => r !== rev) : [...selected, rev].slice(-2));

/** A listed revision, or one picked already (an activity line's, maybe not on the pages read). */
const pickable = (c: HistoryContext, rev: number) => c.selected.includes(rev) || c.entries.some((e) => e.id === rev);

const historySetup = setup({
  types: {
    context: {} as HistoryContext,
    events: {} as HistoryEvent,
    input: {} as HistoryInput,
  },
  actors: {
    fetchRevisions: provided<KeysetPage<ActivityEntry>, RevisionPageInput>('fetchRevisions'),
    fetchRevisionDetails: provided<RevisionDetail[], RevisionsInput>('fetchRevisionDetails'),
    restoreRevision: provided<void, RestoreInput>('restoreRevision'),
    confirm: provided<boolean, ConfirmInput>('confirm'),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    /** The row changed (restored, or found changed by someone else): the form reads it again. */
    reloadForm: () => {},
  },
  guards: {
    hasMore: ({ context }) => context.next !== null,
    hasSelection: ({ context }) => context.selected.length > 0,
    listed: ({ context, event }) => event.type === 'revision.select' && pickable(context, event.rev),
    keepsSelection: ({ context, event }) => event.type === 'revision.select' && pickable(context, event.rev) && toggled(context.selected, event.rev).length > 0,
    // The newest revision is the row as it is: restoring it would write nothing new.
    restorable: ({ context, event }) => event.type === 'revision.restore' && context.entries.some((e, i) => e.id === event.rev && i > 0),
    stale: (_, params: { error: unknown }) => errorStatus(params.error) === 409,
  },
});

const select = historySetup.assign({
  selected: ({ context, event }) => (event.type === 'revision.select' ? toggled(context.selected, event.rev) : context.selected),
  comparison: null,
  compareError: null,
});

/** A pick that leaves something picked reads it (again, dropping a read under way); the last one dropped shows the list alone. */
const pick = [
  { guard: 'keepsSelection', target: '#history.comparing', reenter: true, actions: select },
  { guard: 'listed', target: '#history.ready', actions: select },
] as const;

/**
 * The history of one row in its form (issue 16): its revisions newest first, in keyset pages
 * (load more); one revision picked shows what it changed, two picked the field-by-field
 * difference between them; a revision is restored after the confirm dialog's yes, over the
 * version the form holds — a row changed since (409) is said so, and the form and the
 * history read again.
 */
export const historyMachine = historySetup.createMachine({
  id: 'history',
  context: ({ input }) => ({
    resource: input.resource,
    id: input.id,
    fieldOrder: input.fieldOrder,
    languages: input.languages,
    entries: [],
    next: null,
    loadError: null,
    selected: input.revision ? [input.revision] : [],
    comparison: null,
    compareError: null,
    pending: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchRevisions',
        src: 'fetchRevisions',
        input: ({ context }) => ({ resource: context.resource, id: context.id, before: null }),
        onDone: [
          {
            guard: 'hasSelection',
            target: 'comparing',
            actions: assign(({ event }) => ({ ...withPage([], event.output, true), loadError: null })),
          },
          { target: 'ready', actions: assign(({ event }) => ({ ...withPage([], event.output, true), loadError: null })) },
        ],
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => toBootError(event.error) }) },
      },
    },
    failed: {
      on: { retry: 'loading' },
    },
    ready: {
      on: {
        more: { guard: 'hasMore', target: 'loadingMore' },
        'revision.select': pick,
        'selection.clear': { guard: 'hasSelection', actions: assign({ selected: [], comparison: null, compareError: null }) },
        'revision.restore': {
          guard: 'restorable',
          target: 'confirming',
          actions: assign({ pending: ({ event }) => ({ rev: event.rev, version: event.version }) }),
        },
      },
    },
    loadingMore: {
      invoke: {
        id: 'fetchRevisions',
        src: 'fetchRevisions',
        input: ({ context }) => ({ resource: context.resource, id: context.id, before: context.next }),
        onDone: { target: 'ready', actions: assign(({ context, event }) => withPage(context.entries, event.output, false)) },
        onError: {
          target: 'ready',
          actions: { type: 'notify', params: ({ event }) => ({ key: 'history.loadFailed', because: toBootError(event.error), color: 'error' as const }) },
        },
      },
    },
    comparing: {
      invoke: {
        id: 'fetchRevisionDetails',
        src: 'fetchRevisionDetails',
        input: ({ context }) => ({ resource: context.resource, id: context.id, revs: context.selected }),
        onDone: {
          target: 'ready',
          actions: assign({ comparison: ({ context, event }) => compareRevisions(event.output, context.fieldOrder, context.languages) }),
        },
        onError: { target: 'ready', actions: assign({ compareError: ({ event }) => toBootError(event.error) }) },
      },
      on: {
        'revision.select': pick,
        'selection.clear': { target: 'ready', actions: assign({ selected: [], comparison: null, compareError: null }) },
      },
    },
    confirming: confirmDeleteState({
      question: () => ({
        title: 'history.restoreTitle',
        question: 'history.restoreQuestion',
        danger: true,
        approveLabel: 'history.restore',
      }),
      approved: [{ target: 'restoring' }],
      declined: [{ target: 'ready', actions: assign({ pending: null }) }],
    }),
    restoring: {
      invoke: {
        id: 'restoreRevision',
        src: 'restoreRevision',
        input: ({ context }) => ({ resource: context.resource, id: context.id, rev: context.pending?.rev ?? 0, version: context.pending?.version ?? null }),
        onDone: {
          target: 'loading',
          actions: [
            assign({ pending: null, selected: [], comparison: null }),
            { type: 'notify', params: { key: 'history.restoredNotice', color: 'success' as const } },
            'reloadForm',
          ],
        },
        onError: [
          {
            guard: { type: 'stale', params: ({ event }) => ({ error: event.error }) },
            target: 'loading',
            actions: [
              assign({ pending: null, selected: [], comparison: null }),
              { type: 'notify', params: { key: 'history.staleNotice', color: 'error' as const } },
              'reloadForm',
            ],
          },
          {
            target: 'ready',
            actions: [
              assign({ pending: null }),
              { type: 'notify', params: ({ event }) => ({ key: 'history.restoreFailed', because: toBootError(event.error), color: 'error' as const }) },
            ],
          },
        ],
      },
    },
  },
});
