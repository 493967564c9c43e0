import { assign, setup } from 'xstate';
import { provided, wait } from './actors';
import { confirmDeleteState } from './confirmDelete.state';
import { allowedModes, columnsTwice, firstKey, firstMode, importOptions, mapsAField, without } from './importWizard.helpers';
import type {
  ChosenFile,
  FieldErrors,
  FileHeaders,
  HeadersInput,
  ImportMode,
  ImportSetup,
  Job,
  JobInput,
  LoadError,
  ResourceInput,
  RowOutcome,
  RowOutcomeKind,
  RowsInput,
  RowsPage,
  StartInput,
} from './importWizard.types';
import { isLive } from './jobs.helpers';
import type { ConfirmInput } from './shell.types';
import { toBootError, toFieldErrors } from './session.helpers';

/** How often a running import is read again. */
export const POLL_MS = 1000;

export interface ImportWizardInput {
  /** The entity's API path without its slash (`products`). */
  resource: string;
  /** What the user may do to the entity's rows: the modes offered follow. */
  can: { add: boolean; change: boolean };
  pollMs?: number;
}

export interface ImportWizardContext {
  resource: string;
  modes: ImportMode[];
  pollMs: number;
  columns: string[];
  keys: string[];
  saved: ImportSetup['saved'];
  file: ChosenFile | null;
  headers: string[];
  /** Header → column, '' leaves the header out. */
  mapping: Record<string, string>;
  mode: ImportMode;
  key: string;
  allOrNothing: boolean;
  /** Why the last request was refused, by path (`file`, `mapping.<header>`, `key`, `non_field_errors`): shown where it was chosen. */
  errors: FieldErrors;
  loadError: LoadError | null;
  /** Whether the job watched or shown is the dry run or the import itself. */
  phase: 'dry' | 'run';
  job: Job | null;
  /** The import itself has been queued: from then on leaving the screen loses nothing. */
  started: boolean;
  /** Why the last read of the job failed (it is read again on retry). */
  pollError: LoadError | null;
  rows: RowOutcome[];
  next: number | null;
  /** The outcome the rows are filtered by; null shows every row. */
  outcome: RowOutcomeKind | null;
  rowsError: LoadError | null;
}

export type ImportWizardEvent =
  | { type: 'retry' }
  | { type: 'file.choose'; file: ChosenFile }
  | { type: 'mapping.set'; header: string; column: string }
  | { type: 'mode.set'; mode: ImportMode }
  | { type: 'key.set'; key: string }
  | { type: 'allOrNothing.set'; on: boolean }
  | { type: 'dryRun.start' }
  /** After a dry run that ended: the same file and options, written. */
  | { type: 'run.start' }
  /** From a dry run's outcomes back to the mapping, to change it. */
  | { type: 'back' }
  | { type: 'cancel' }
  | { type: 'more' }
  | { type: 'outcome.set'; outcome: RowOutcomeKind | null };

const noRows = { rows: [] as RowOutcome[], next: null, rowsError: null };

const importWizardSetup = setup({
  types: {
    context: {} as ImportWizardContext,
    events: {} as ImportWizardEvent,
    input: {} as ImportWizardInput,
  },
  actors: {
    fetchSetup: provided<ImportSetup, ResourceInput>('fetchSetup'),
    readHeaders: provided<FileHeaders, HeadersInput>('readHeaders'),
    startImport: provided<Job, StartInput>('startImport'),
    fetchJob: provided<Job, JobInput>('fetchJob'),
    pollDelay: wait,
    confirm: provided<boolean, ConfirmInput>('confirm'),
    cancelJob: provided<Job, JobInput>('cancelJob'),
    fetchRows: provided<RowsPage, RowsInput>('fetchRows'),
  },
  actions: {
    /** A job was queued: the app's jobs panel watches it too. */
    jobStarted: (_, _job: Job) => {},
  },
  guards: {
    modeAllowed: ({ context, event }) => event.type === 'mode.set' && context.modes.includes(event.mode),
    keyOffered: ({ context, event }) => event.type === 'key.set' && context.keys.includes(event.key),
    mappable: ({ context, event }) =>
      event.type === 'mapping.set' && context.headers.includes(event.header) && (event.column === '' || context.columns.includes(event.column)),
    ready: ({ context }) => context.file !== null && mapsAField(context.mapping) && columnsTwice(context.mapping).size === 0,
    live: (_, job: Job) => isLive(job.status),
    dryRun: ({ context }) => context.phase === 'dry',
    dryRunDone: ({ context }) => context.phase === 'dry' && context.job?.status === 'done',
    hasMore: ({ context }) => context.next !== null,
  },
});

/** A file chosen (first, or instead of the one mapped): its headers are read. */
const fileChosen = {
  target: '#importWizard.reading',
  actions: importWizardSetup.assign({ file: ({ event }) => (event.type === 'file.choose' ? event.file : null), errors: {} }),
};

/**
 * The import wizard (issue 17, docs/decisions.md §31): a file (CSV or XLSX) → its headers
 * mapped to the entity's columns (offered by the server: the user's last choice, else its
 * guess), the mode, the key and all-or-nothing → a dry run watched to its end, then its
 * outcomes row by row (filtered, paged) → the import itself, watched (cancellable), then its
 * outcomes. A refused request says why where it was chosen and keeps every choice.
 */
export const importWizardMachine = importWizardSetup.createMachine({
  id: 'importWizard',
  context: ({ input }) => {
    const modes = allowedModes(input.can);
    return {
      resource: input.resource,
      modes,
      pollMs: input.pollMs ?? POLL_MS,
      columns: [],
      keys: [],
      saved: null,
      file: null,
      headers: [],
      mapping: {},
      mode: firstMode(modes, null),
      key: 'id',
      allOrNothing: false,
      errors: {},
      loadError: null,
      phase: 'dry',
      job: null,
      started: false,
      pollError: null,
      ...noRows,
      outcome: null,
    };
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchSetup',
        src: 'fetchSetup',
        input: ({ context }) => ({ resource: context.resource }),
        onDone: {
          target: 'choosing',
          actions: assign(({ context, event }) => ({
            columns: event.output.columns,
            keys: event.output.keys,
            saved: event.output.saved,
            mode: firstMode(context.modes, event.output.saved),
            key: firstKey(event.output.keys, event.output.saved),
            loadError: null,
          })),
        },
        onError: { target: 'loadFailed', actions: assign({ loadError: ({ event }) => toBootError(event.error) }) },
      },
    },
    loadFailed: {
      on: { retry: 'loading' },
    },
    choosing: {
      on: { 'file.choose': fileChosen },
    },
    reading: {
      invoke: {
        id: 'readHeaders',
        src: 'readHeaders',
        input: ({ context }) => ({ resource: context.resource, file: context.file! }),
        onDone: { target: 'mapping', actions: assign({ headers: ({ event }) => event.output.headers, mapping: ({ event }) => event.output.mapping }) },
        // Unreadable, empty, too large, refused: said on the file, which can be chosen again.
        onError: { target: 'choosing', actions: assign({ errors: ({ event }) => toFieldErrors(event.error) }) },
      },
    },
    mapping: {
      on: {
        'file.choose': fileChosen,
        'mapping.set': {
          guard: 'mappable',
          actions: assign({
            mapping: ({ context, event }) => ({ ...context.mapping, [event.header]: event.column }),
            errors: ({ context, event }) => without(context.errors, `mapping.${event.header}`),
          }),
        },
        'mode.set': { guard: 'modeAllowed', actions: assign({ mode: ({ event }) => event.mode, errors: ({ context }) => without(context.errors, 'mode') }) },
        'key.set': { guard: 'keyOffered', actions: assign({ key: ({ event }) => event.key, errors: ({ context }) => without(context.errors, 'key') }) },
        'allOrNothing.set': {
          actions: assign({ allOrNothing: ({ event }) => event.on, errors: ({ context }) => without(context.errors, 'all_or_nothing') }),
        },
        'dryRun.start': { guard: 'ready', target: 'starting', actions: assign({ phase: 'dry', errors: {}, job: null }) },
      },
    },
    starting: {
      invoke: {
        id: 'startImport',
        src: 'startImport',
        input: ({ context }) => ({ resource: context.resource, file: context.file!, options: importOptions(context, context.phase === 'dry') }),
        onDone: {
          target: 'watching',
          actions: [
            assign({ job: ({ event }) => event.output, started: ({ context }) => context.phase === 'run', pollError: null }),
            { type: 'jobStarted', params: ({ event }) => event.output },
          ],
        },
        // A mapping or option refused (400 on mapping.<header>, key …), 403, 413: said where it was chosen.
        onError: { target: 'mapping', actions: assign({ errors: ({ event }) => toFieldErrors(event.error), phase: 'dry', job: null, ...noRows }) },
      },
    },
    watching: {
      initial: 'reading',
      states: {
        reading: {
          on: { cancel: 'confirming' },
          invoke: {
            id: 'fetchJob',
            src: 'fetchJob',
            input: ({ context }) => ({ id: context.job!.id }),
            onDone: [
              {
                guard: { type: 'live', params: ({ event }) => event.output },
                target: 'waiting',
                actions: assign({ job: ({ event }) => event.output, pollError: null }),
              },
              { target: '#importWizard.result', actions: assign({ job: ({ event }) => event.output, pollError: null, ...noRows }) },
            ],
            onError: { target: 'stalled', actions: assign({ pollError: ({ event }) => toBootError(event.error) }) },
          },
        },
        waiting: {
          on: { cancel: 'confirming' },
          invoke: { id: 'pollDelay', src: 'pollDelay', input: ({ context }) => ({ ms: context.pollMs }), onDone: 'reading' },
        },
        stalled: {
          on: { retry: 'reading', cancel: 'confirming' },
        },
        confirming: confirmDeleteState({
          question: ({ context }: { context: ImportWizardContext }) => ({
            title: 'importWizard.cancelTitle',
            question: context.phase === 'dry' ? 'importWizard.cancelDryQuestion' : 'importWizard.cancelQuestion',
            danger: true,
            approveLabel: 'importWizard.cancelApprove',
          }),
          approved: [{ target: 'cancelling' }],
          declined: [{ target: 'reading' }],
        }),
        cancelling: {
          invoke: {
            id: 'cancelJob',
            src: 'cancelJob',
            input: ({ context }) => ({ id: context.job!.id }),
            // Either way the next read says how it ended (a 409: it had ended meanwhile).
            onDone: { target: 'reading', actions: assign({ job: ({ event }) => event.output }) },
            onError: { target: 'reading' },
          },
        },
      },
    },
    result: {
      initial: 'loading',
      on: {
        'outcome.set': { target: '.loading', actions: assign({ outcome: ({ event }) => event.outcome, ...noRows }) },
        back: { guard: 'dryRun', target: 'mapping', actions: assign({ job: null, ...noRows }) },
        'run.start': { guard: 'dryRunDone', target: 'starting', actions: assign({ phase: 'run', errors: {} }) },
      },
      states: {
        loading: {
          invoke: {
            id: 'fetchRows',
            src: 'fetchRows',
            input: ({ context }) => ({ id: context.job!.id, after: 0, outcome: context.outcome }),
            onDone: { target: 'ready', actions: assign({ rows: ({ event }) => event.output.items, next: ({ event }) => event.output.next, rowsError: null }) },
            onError: { target: 'failed', actions: assign({ rowsError: ({ event }) => toBootError(event.error) }) },
          },
        },
        failed: {
          on: { retry: { target: 'loading', actions: assign(noRows) } },
        },
        ready: {
          on: { more: { guard: 'hasMore', target: 'loadingMore' } },
        },
        loadingMore: {
          invoke: {
            id: 'fetchRows',
            src: 'fetchRows',
            input: ({ context }) => ({ id: context.job!.id, after: context.next ?? 0, outcome: context.outcome }),
            onDone: {
              target: 'ready',
              actions: assign({ rows: ({ context, event }) => [...context.rows, ...event.output.items], next: ({ event }) => event.output.next }),
            },
            onError: { target: 'failed', actions: assign({ rowsError: ({ event }) => toBootError(event.error) }) },
          },
        },
      },
    },
  },
});
