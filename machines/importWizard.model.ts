import { importWizardMachine } from './importWizard.machine';
import type { Job, RowOutcome } from './importWizard.types';
import { done, fail, type MachineModel } from './model/paths';

export const importJob = (over: Partial<Job> = {}): Job => ({
  id: 12,
  kind: 'import',
  status: 'running',
  done: 100,
  total: 200,
  errors: 1,
  created_at: '2026-11-26T10:00:00.000Z',
  started_at: '2026-11-26T10:00:01.000Z',
  finished_at: null,
  ...over,
});

export const row = (line: number, over: Partial<RowOutcome> = {}): RowOutcome => ({
  line,
  outcome: 'created',
  row_id: null,
  changes: [],
  problems: [],
  ...over,
});

const ended = importJob({
  status: 'done',
  done: 200,
  errors: 3,
  finished_at: '2026-11-26T10:00:09.000Z',
  report_url: '/api/jobs/12/report/',
  summary: { created: 197, updated: 0, unchanged: 0, error: 3, written: false },
});

/** A file the model chooses: what the machine keeps is a name and bytes. */
const file = Object.assign(new Blob(['sku,Nome\n']), { name: 'rows.csv' });

/** The import wizard as a test model: every server answer, the pause and the confirm dialog's answer are events. */
export const importWizardModel: MachineModel = {
  machine: importWizardMachine,
  input: { resource: 'products', can: { add: true, change: true } },
  actorIds: ['fetchSetup', 'readHeaders', 'startImport', 'fetchJob', 'pollDelay', 'confirm', 'cancelJob', 'fetchRows'],
  // What guards read: the phase, whether the mapping writes anything, the job's status, more rows to read.
  contextKey: (c: { phase: string; mapping: Record<string, string>; job: Job | null; next: number | null }) => [
    c.phase,
    Object.values(c.mapping).some((v) => v !== '' && v !== 'id'),
    c.job?.status ?? null,
    c.next !== null,
  ],
  events: [
    done('fetchSetup', { columns: ['id', 'sku', 'name.it', 'price'], keys: ['id', 'sku'], saved: null }),
    fail('fetchSetup', { status: 500 }),
    { type: 'retry' },
    { type: 'file.choose', file },
    done('readHeaders', { headers: ['sku', 'Nome'], mapping: { sku: 'sku', Nome: '' } }),
    fail('readHeaders', { status: 413, data: { file: ['The file is larger than 1 MB.'] } }),
    { type: 'mapping.set', header: 'Nome', column: 'name.it' },
    { type: 'mode.set', mode: 'create' },
    { type: 'key.set', key: 'sku' },
    { type: 'allOrNothing.set', on: true },
    { type: 'dryRun.start' },
    done('startImport', importJob({ status: 'queued', done: 0, started_at: null })),
    fail('startImport', { status: 400, data: { 'mapping.Nome': ['name.it is chosen for two headers.'] } }),
    done('fetchJob', importJob()),
    done('fetchJob', ended),
    fail('fetchJob', { status: 502 }),
    done('pollDelay'),
    { type: 'cancel' },
    done('confirm', true),
    done('confirm', false),
    fail('confirm', new Error('dialog closed')),
    done('cancelJob', importJob({ status: 'cancelled' })),
    fail('cancelJob', { status: 409, data: { detail: 'This job has ended (done): there is nothing to cancel.' } }),
    done('fetchRows', { items: [row(2), row(3, { outcome: 'error', problems: [{ field: 'price', message: 'A number.' }] })], next: 3 }),
    done('fetchRows', { items: [row(4)], next: null }),
    fail('fetchRows', { status: 500 }),
    { type: 'more' },
    { type: 'outcome.set', outcome: 'error' },
    { type: 'back' },
    { type: 'run.start' },
  ],
};
