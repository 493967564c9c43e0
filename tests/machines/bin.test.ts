import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { connectBin } from '../../machines/bin.connect';
import { type BinRestoreInput, binMachine, binTitle } from '../../machines/bin.machine';
import { binModel } from '../../machines/bin.model';
import type { BinEntry, KeysetPage, PageInput } from '../../machines/history.types';
import type { ConfirmInput, Notice } from '../../machines/shell.types';
import { pathsOf, uncoveredTransitions, unvisitedStates, walkPath } from './modelHarness';

const paths = pathsOf(binModel);

describe('bin machine (model-based)', () => {
  it('the generated paths visit every state and take every transition', () => {
    expect(unvisitedStates(binMachine, paths)).toEqual([]);
    expect(uncoveredTransitions(binMachine, paths)).toEqual([]);
  });
  for (const path of paths) {
    it(path.description, async () => {
      const actor = await walkPath(binModel, path);
      const s = actor.getSnapshot();
      expect(s.context.pending !== null).toBe(s.matches('confirming') || s.matches('restoring'));
      const view = connectBin(s, () => {});
      expect(view.loadError !== null).toBe(s.matches('failed'));
      expect(view.canRestore).toBe(s.matches('ready'));
      actor.stop();
    });
  }
});

const deleted = (id: number, record: BinEntry['record'] = { values: {}, translations: { it: { title: `Trattore ${id}` } } }): BinEntry => ({
  id,
  at: '2026-11-26T10:00:00.000Z',
  site: 1,
  user: null,
  ip: null,
  action: 'delete',
  model: 'product',
  object_id: id + 100,
  version: null,
  changes: null,
  record,
});

function boot(opts: { pages?: KeysetPage<BinEntry>[]; answer?: boolean; restore?: () => Promise<void> } = {}) {
  const pages = [...(opts.pages ?? [{ items: [deleted(2), deleted(1)], next: null }])];
  const calls = { pages: [] as PageInput[], restores: [] as BinRestoreInput[], asked: [] as ConfirmInput[] };
  const notices: Notice[] = [];
  const actor = createActor(
    binMachine.provide({
      actors: {
        fetchBin: fromPromise<KeysetPage<BinEntry>, PageInput>(
          async ({ input }) => (calls.pages.push(input), pages.shift() ?? { items: [deleted(1)], next: null }),
        ),
        restoreFromBin: fromPromise<void, BinRestoreInput>(async ({ input }) => {
          calls.restores.push(input);
          await opts.restore?.();
        }),
        confirm: fromPromise<boolean, ConfirmInput>(async ({ input }) => (calls.asked.push(input), opts.answer ?? true)),
      },
      actions: { notify: (_, notice: Notice) => void notices.push(notice) },
    }),
    { input: { resource: 'products', titleField: 'title' } },
  ).start();
  const view = () => connectBin(actor.getSnapshot(), actor.send);
  return { actor, calls, notices, view };
}

describe('the bin', () => {
  it('lists deleted rows by their title, reads the next page before the last, and restores one after asking, naming it', async () => {
    const m = boot({
      pages: [
        { items: [deleted(3)], next: 3 },
        { items: [deleted(2)], next: null },
      ],
    });
    await waitFor(m.actor, (s) => s.matches('ready'));
    expect(m.view().entries.map((e) => e.title)).toEqual(['Trattore 3']);
    m.view().more();
    await waitFor(m.actor, (s) => s.matches('ready') && s.context.entries.length === 2);
    expect(m.calls.pages.map((p) => p.before)).toEqual([null, 3]);
    m.view().restore(2);
    await waitFor(m.actor, (s) => s.matches('ready') && m.calls.pages.length === 3);
    expect(m.calls.asked[0]).toMatchObject({ title: 'bin.restoreTitle', values: { name: 'Trattore 2' }, approveLabel: 'bin.restore' });
    expect(m.calls.restores).toEqual([{ resource: 'products', rev: 2 }]);
    expect(m.notices).toEqual([{ key: 'bin.restoredNotice', color: 'success' }]);
  });

  it('restores nothing on no; a refused restore says why and reads the bin again', async () => {
    const no = boot({ answer: false });
    await waitFor(no.actor, (s) => s.matches('ready'));
    no.view().restore(1);
    no.view().restore(99);
    await waitFor(no.actor, (s) => s.matches('ready') && no.calls.asked.length === 1);
    expect(no.calls.restores).toEqual([]);
    const refused = boot({ restore: () => Promise.reject(Object.assign(new Error('taken'), { status: 400 })) });
    await waitFor(refused.actor, (s) => s.matches('ready'));
    refused.view().restore(1);
    await waitFor(refused.actor, (s) => s.matches('ready') && refused.calls.pages.length === 2);
    expect(refused.notices[0]).toMatchObject({ key: 'bin.restoreFailed', color: 'error' });
  });

  it('names a row by its untranslated title, else its first translation, else its id', () => {
    expect(binTitle(deleted(1, { values: { name: 'Kubota' }, translations: {} }), 'name')).toBe('Kubota');
    expect(binTitle(deleted(1, { values: {}, translations: { en: { title: '' }, it: { title: 'Aratro' } } }), 'title')).toBe('Aratro');
    expect(binTitle(deleted(1, { values: {}, translations: {} }), 'title')).toBe('#101');
  });
});
