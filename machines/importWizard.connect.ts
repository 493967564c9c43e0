import type { SnapshotFrom } from 'xstate';
import { columnsTwice } from './importWizard.helpers';
import type { ImportWizardEvent, importWizardMachine } from './importWizard.machine';
import type { ChosenFile, FieldErrors, ImportMode, RowOutcomeKind } from './importWizard.types';
import { isLive, percentOf } from './jobs.helpers';

export type ImportWizardSnapshot = SnapshotFrom<typeof importWizardMachine>;

/** The wizard's step as the screen shows it. */
export type ImportStep = 'loading' | 'loadFailed' | 'file' | 'mapping' | 'progress' | 'result';

/** Paths a refusal may name that have a place of their own on the mapping step; the others are said above it. */
const placed = (path: string, headers: readonly string[]) =>
  path === 'key' || path === 'mode' || path === 'all_or_nothing' || (path.startsWith('mapping.') && headers.includes(path.slice('mapping.'.length)));

function stepOf(s: ImportWizardSnapshot): ImportStep {
  if (s.matches('loading')) return 'loading';
  if (s.matches('loadFailed')) return 'loadFailed';
  if (s.matches('choosing') || s.matches('reading')) return 'file';
  if (s.matches('mapping') || (s.matches('starting') && s.context.phase === 'dry')) return 'mapping';
  if (s.matches('watching')) return 'progress';
  // Starting the import itself from a dry run's outcomes: they stay on screen until it is queued.
  return 'result';
}

/** Snapshot + send → the import screen's props: where the wizard is, what the user chose, and what they can do next. */
export function connectImportWizard(snapshot: ImportWizardSnapshot, send: (event: ImportWizardEvent) => void) {
  const c = snapshot.context;
  const errors: FieldErrors = c.errors;
  const twice = columnsTwice(c.mapping);
  const job = c.job;
  const summary = job?.summary;
  return {
    step: stepOf(snapshot),
    /** A request is on its way: the controls that would send another wait. */
    busy: snapshot.matches('reading') || snapshot.matches('starting') || snapshot.matches('loading'),
    loadError: c.loadError,
    retry: () => send({ type: 'retry' }),
    file: c.file ? { name: c.file.name, size: c.file.size } : null,
    fileErrors: errors.file ?? [],
    reading: snapshot.matches('reading'),
    choose: (file: ChosenFile) => send({ type: 'file.choose', file }),
    columns: c.columns,
    headers: c.headers.map((header) => {
      const column = c.mapping[header] ?? '';
      return { header, column, errors: errors[`mapping.${header}`] ?? [], twice: column !== '' && twice.has(column) };
    }),
    setColumn: (header: string, column: string) => send({ type: 'mapping.set', header, column }),
    modes: c.modes,
    mode: c.mode,
    setMode: (mode: ImportMode) => send({ type: 'mode.set', mode }),
    keys: c.keys,
    key: c.key,
    setKey: (key: string) => send({ type: 'key.set', key }),
    allOrNothing: c.allOrNothing,
    setAllOrNothing: (on: boolean) => send({ type: 'allOrNothing.set', on }),
    optionErrors: { mode: errors.mode ?? [], key: errors.key ?? [], allOrNothing: errors.all_or_nothing ?? [] },
    /** Refusals with no place of their own on the step shown (403, a file refused at the start, …). */
    generalErrors: Object.entries(errors)
      .filter(([path]) => !placed(path, c.headers) && !(path === 'file' && stepOf(snapshot) === 'file'))
      .flatMap(([, list]) => list),
    canDryRun: snapshot.can({ type: 'dryRun.start' }),
    dryRun: () => send({ type: 'dryRun.start' }),
    phase: c.phase,
    job: job && {
      id: job.id,
      status: job.status,
      done: job.done,
      total: job.total,
      errors: job.errors,
      percent: percentOf(job),
      live: isLive(job.status),
    },
    canCancel: snapshot.matches({ watching: 'reading' }) || snapshot.matches({ watching: 'waiting' }) || snapshot.matches({ watching: 'stalled' }),
    cancel: () => send({ type: 'cancel' }),
    pollError: snapshot.matches({ watching: 'stalled' }) ? c.pollError : null,
    summary: summary && {
      created: Number(summary.created ?? 0),
      updated: Number(summary.updated ?? 0),
      unchanged: Number(summary.unchanged ?? 0),
      error: Number(summary.error ?? 0),
      written: summary.written === true,
    },
    reportUrl: snapshot.matches('result') ? (job?.report_url ?? null) : null,
    rows: c.rows,
    outcome: c.outcome,
    setOutcome: (outcome: RowOutcomeKind | null) => send({ type: 'outcome.set', outcome }),
    loadingRows: snapshot.matches({ result: 'loading' }),
    rowsError: snapshot.matches({ result: 'failed' }) ? c.rowsError : null,
    canLoadMore: snapshot.matches({ result: 'ready' }) && c.next !== null,
    loadingMore: snapshot.matches({ result: 'loadingMore' }),
    more: () => send({ type: 'more' }),
    canRun: snapshot.can({ type: 'run.start' }),
    run: () => send({ type: 'run.start' }),
    canGoBack: snapshot.can({ type: 'back' }),
    back: () => send({ type: 'back' }),
    /** The import itself has ended: the list shows what it wrote. */
    finished: snapshot.matches('result') && c.phase === 'run',
    /** Something chosen would be lost by leaving: a file is chosen and the import itself is not queued yet. */
    dirty: c.file !== null && !c.started,
  };
}

export type ImportWizardProps = ReturnType<typeof connectImportWizard>;
