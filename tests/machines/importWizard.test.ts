import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { connectImportWizard } from '../../machines/importWizard.connect';
import { allowedModes, columnsTwice, firstKey, firstMode, importOptions, mapsAField } from '../../machines/importWizard.helpers';
import { importWizardMachine } from '../../machines/importWizard.machine';
import { importJob, importWizardModel, row } from '../../machines/importWizard.model';
import type { ImportSetup, Job, RowsInput, RowsPage, StartInput } from '../../machines/importWizard.types';
import { pathsOf, uncoveredTransitions, unvisitedStates, walkPath } from './modelHarness';

const paths = pathsOf(importWizardModel);

describe('import wizard machine (model-based)', () => {
  it('the generated paths visit every state and take every transition', () => {
    expect(unvisitedStates(importWizardMachine, paths)).toEqual([]);
    expect(uncoveredTransitions(importWizardMachine, paths)).toEqual([]);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const actor = await walkPath(importWizardModel, path, { actions: { jobStarted: () => {} } });
      const s = actor.getSnapshot();
      const view = connectImportWizard(s, () => {});
      // A job is watched or shown only once one was queued; the mapping step keeps what was chosen.
      if (s.matches('watching') || s.matches('result')) expect(s.context.job).not.toBeNull();
      if (s.matches('mapping')) expect(s.context.file).not.toBeNull();
      // Leaving asks only while something is chosen and the import itself is not queued.
      expect(view.dirty).toBe(s.context.file !== null && !s.context.started);
      expect(view.canCancel).toBe(s.matches('watching') && !s.matches({ watching: 'confirming' }) && !s.matches({ watching: 'cancelling' }));
      expect(view.canRun).toBe(s.matches('result') && s.context.phase === 'dry' && s.context.job?.status === 'done');
      actor.stop();
    });
  }
});

const file = (name = 'rows.csv') => Object.assign(new Blob(['sku,Nome\n']), { name });
const setup: ImportSetup = {
  columns: ['id', 'sku', 'slug.it', 'name.it', 'price'],
  keys: ['id', 'sku', 'slug.it'],
  saved: { mapping: { Codice: 'sku' }, mode: 'update', key: 'slug.it' },
};
const endedJob = (over: Partial<Job> = {}) =>
  importJob({ status: 'done', done: 3, total: 3, errors: 1, report_url: '/api/jobs/12/report/', summary: { created: 2, error: 1, written: true }, ...over });

/** A wizard on fakes: the job reads answer `reads` in turn (the last repeated), the pause resolves at once. */
function boot(opts: { can?: { add: boolean; change: boolean }; start?: (input: StartInput) => Job; reads?: Job[]; confirm?: boolean } = {}) {
  const calls = { starts: [] as StartInput[], rows: [] as RowsInput[], cancels: 0, started: [] as Job[] };
  const reads = [...(opts.reads ?? [importJob(), endedJob()])];
  const actor = createActor(
    importWizardMachine.provide({
      actors: {
        fetchSetup: fromPromise(async () => setup),
        readHeaders: fromPromise(async () => ({ headers: ['Codice', 'Nome', 'Prezzo'], mapping: { Codice: 'sku', Nome: 'name.it', Prezzo: '' } })),
        startImport: fromPromise<Job, StartInput>(async ({ input }) => {
          calls.starts.push(input);
          return opts.start ? opts.start(input) : importJob({ status: 'queued', done: 0 });
        }),
        fetchJob: fromPromise(async () => (reads.length > 1 ? reads.shift()! : reads[0]!)),
        pollDelay: fromPromise(async () => {}),
        confirm: fromPromise(async () => opts.confirm ?? true),
        cancelJob: fromPromise(async () => {
          calls.cancels += 1;
          return importJob({ status: 'cancelled' });
        }),
        fetchRows: fromPromise<RowsPage, RowsInput>(async ({ input }) => {
          calls.rows.push(input);
          return input.after === 0 ? { items: [row(2), row(3, { outcome: 'error' })], next: 3 } : { items: [row(4)], next: null };
        }),
      } as any,
      actions: { jobStarted: (_: unknown, job: Job) => void calls.started.push(job) },
    }),
    { input: { resource: 'products', can: opts.can ?? { add: true, change: true }, pollMs: 5 } },
  ).start();
  const view = () => connectImportWizard(actor.getSnapshot(), actor.send);
  return { actor, calls, view };
}

describe('the import wizard', () => {
  it('offers the last mode and key, maps the headers as the server offers, and runs the same options after a dry run', async () => {
    const w = boot();
    await waitFor(w.actor, (s) => s.matches('choosing'));
    expect([w.view().mode, w.view().key, w.view().step]).toEqual(['update', 'slug.it', 'file']);
    w.view().choose(file());
    await waitFor(w.actor, (s) => s.matches('mapping'));
    expect(w.view().headers.map((h) => [h.header, h.column])).toEqual([
      ['Codice', 'sku'],
      ['Nome', 'name.it'],
      ['Prezzo', ''],
    ]);
    w.view().setColumn('Prezzo', 'price');
    w.view().setColumn('Prezzo', 'nope');
    w.view().setColumn('Other', 'price');
    w.view().setMode('upsert');
    w.view().setKey('sku');
    w.view().setKey('price');
    w.view().setAllOrNothing(true);
    expect(w.view().dirty).toBe(true);
    w.view().dryRun();
    await waitFor(w.actor, (s) => s.matches({ result: 'ready' }));
    const options = { mapping: { Codice: 'sku', Nome: 'name.it', Prezzo: 'price' }, mode: 'upsert', key: 'sku', all_or_nothing: true };
    expect(w.calls.starts[0]!.options).toEqual({ ...options, dry_run: true });
    expect(w.calls.starts[0]!.file.name).toBe('rows.csv');
    expect(w.view()).toMatchObject({ step: 'result', phase: 'dry', canRun: true, canGoBack: true, reportUrl: '/api/jobs/12/report/', finished: false });
    expect(w.view().summary).toEqual({ created: 2, updated: 0, unchanged: 0, error: 1, written: true });
    // Paged by line, and filtered by outcome from the first line.
    w.view().more();
    await waitFor(w.actor, (s) => s.matches({ result: 'ready' }) && s.context.next === null);
    expect(w.view().rows.map((r) => r.line)).toEqual([2, 3, 4]);
    w.view().setOutcome('error');
    await waitFor(w.actor, (s) => s.matches({ result: 'ready' }) && w.calls.rows.length === 3);
    expect(w.calls.rows.map((r) => [r.after, r.outcome])).toEqual([
      [0, null],
      [3, null],
      [0, 'error'],
    ]);
    w.view().run();
    await waitFor(w.actor, (s) => s.matches('result') && s.context.phase === 'run');
    expect(w.calls.starts[1]!.options).toEqual({ ...options, dry_run: false });
    expect(w.view()).toMatchObject({ finished: true, canRun: false, canGoBack: false, dirty: false });
    expect(w.calls.started).toHaveLength(2);
  });

  it('keeps the file and the mapping when a start is refused, and says why where it was chosen', async () => {
    const refusal = Object.assign(new Error('400'), {
      status: 400,
      data: { 'mapping.Nome': ['No column name.xx.'], key: ['Not mapped.'], detail: 'Refused.' },
    });
    const w = boot({
      start: () => {
        throw refusal;
      },
    });
    await waitFor(w.actor, (s) => s.matches('choosing'));
    w.view().choose(file('mine.csv'));
    await waitFor(w.actor, (s) => s.matches('mapping'));
    w.view().dryRun();
    await waitFor(w.actor, (s) => s.matches('mapping') && w.calls.starts.length === 1);
    const v = w.view();
    expect(v.file?.name).toBe('mine.csv');
    expect(v.headers.find((h) => h.header === 'Nome')).toMatchObject({ column: 'name.it', errors: ['No column name.xx.'] });
    expect(v.optionErrors.key).toEqual(['Not mapped.']);
    expect(v.generalErrors).toEqual(['Refused.']);
    // Mapping the header anew takes its message away.
    v.setColumn('Nome', '');
    expect(w.view().headers.find((h) => h.header === 'Nome')!.errors).toEqual([]);
    expect(w.calls.started).toEqual([]);
  });

  it('waits for a mapping that writes something and names no column twice', async () => {
    const w = boot();
    await waitFor(w.actor, (s) => s.matches('choosing'));
    w.view().choose(file());
    await waitFor(w.actor, (s) => s.matches('mapping'));
    w.view().setColumn('Prezzo', 'sku');
    expect(
      w
        .view()
        .headers.filter((h) => h.twice)
        .map((h) => h.header),
    ).toEqual(['Codice', 'Prezzo']);
    expect(w.view().canDryRun).toBe(false);
    w.view().setColumn('Prezzo', '');
    w.view().setColumn('Nome', '');
    w.view().setColumn('Codice', 'id');
    expect(w.view().canDryRun).toBe(false);
    w.view().setColumn('Codice', 'sku');
    expect(w.view().canDryRun).toBe(true);
  });

  it('cancels a running import after asking, and shows how it ended; a no keeps it running', async () => {
    const no = boot({ confirm: false, reads: [importJob()] });
    await waitFor(no.actor, (s) => s.matches('choosing'));
    no.view().choose(file());
    await waitFor(no.actor, (s) => s.matches('mapping'));
    no.view().dryRun();
    await waitFor(no.actor, (s) => s.matches({ watching: 'waiting' }));
    expect(no.view()).toMatchObject({ step: 'progress', job: { done: 100, total: 200, errors: 1, percent: 50, live: true } });
    no.view().cancel();
    await waitFor(no.actor, (s) => s.matches({ watching: 'waiting' }));
    expect(no.calls.cancels).toBe(0);
    no.actor.stop();
    const yes = boot({ reads: [importJob(), importJob(), importJob({ status: 'cancelled', finished_at: '2026-11-26T10:00:05.000Z' })] });
    await waitFor(yes.actor, (s) => s.matches('choosing'));
    yes.view().choose(file());
    await waitFor(yes.actor, (s) => s.matches('mapping'));
    yes.view().dryRun();
    await waitFor(yes.actor, (s) => s.matches({ watching: 'waiting' }));
    yes.view().cancel();
    await waitFor(yes.actor, (s) => s.matches('result'));
    expect(yes.calls.cancels).toBe(1);
    // A cancelled dry run cannot be run; its mapping can be changed.
    expect(yes.view()).toMatchObject({ canRun: false, canGoBack: true, job: { status: 'cancelled' } });
    yes.view().back();
    expect(yes.view()).toMatchObject({ step: 'mapping', job: null, dirty: true });
  });
});

describe('import wizard helpers', () => {
  it('offers the modes the permissions allow, the last mode and key when still offered', () => {
    expect(allowedModes({ add: true, change: false })).toEqual(['create']);
    expect(allowedModes({ add: false, change: true })).toEqual(['update']);
    expect(allowedModes({ add: true, change: true })).toEqual(['create', 'update', 'upsert']);
    expect(firstMode(['create'], { mapping: {}, mode: 'upsert', key: 'sku' })).toBe('create');
    expect(firstMode(['create', 'update', 'upsert'], null)).toBe('upsert');
    expect(firstKey(['id', 'sku'], { mapping: {}, mode: 'upsert', key: 'gone' })).toBe('sku');
    expect(firstKey(['id'], null)).toBe('id');
  });

  it('says what a mapping writes and which columns it names twice, and builds the options', () => {
    expect(mapsAField({ a: 'id', b: '' })).toBe(false);
    expect([...columnsTwice({ a: 'sku', b: 'sku', c: '', d: '' })]).toEqual(['sku']);
    expect(importOptions({ mapping: { a: 'sku' }, mode: 'create', key: 'sku', allOrNothing: false }, true)).toEqual({
      mapping: { a: 'sku' },
      mode: 'create',
      key: 'sku',
      dry_run: true,
      all_or_nothing: false,
    });
  });
});
