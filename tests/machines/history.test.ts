import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { connectHistory } from '../../machines/history.connect';
import { historyMachine, type RestoreInput, type RevisionPageInput, type RevisionsInput } from '../../machines/history.machine';
import { historyModel } from '../../machines/history.model';
import type { ActivityEntry, KeysetPage, RevisionDetail } from '../../machines/history.types';
import type { ConfirmInput, Notice } from '../../machines/shell.types';
import { pathsOf, uncoveredTransitions, unvisitedStates, walkPath } from './modelHarness';

const paths = pathsOf(historyModel);

describe('history machine (model-based)', () => {
  it('the generated paths visit every state and take every transition', () => {
    expect(unvisitedStates(historyMachine, paths)).toEqual([]);
    expect(uncoveredTransitions(historyMachine, paths)).toEqual([]);
  });
  for (const path of paths) {
    it(path.description, async () => {
      const actor = await walkPath(historyModel, path);
      const s = actor.getSnapshot();
      // A revision is asked about exactly while the question or its restore is under way.
      expect(s.context.pending !== null).toBe(s.matches('confirming') || s.matches('restoring'));
      // At most two revisions are compared; a comparison is of what is picked.
      expect(s.context.selected.length).toBeLessThanOrEqual(2);
      if (s.context.selected.length === 0) expect(s.context.comparison).toBeNull();
      const view = connectHistory(s, () => {});
      expect(view.loadError !== null).toBe(s.matches('failed'));
      expect(view.canRestore).toBe(s.matches('ready'));
      actor.stop();
    });
  }
});

const entry = (id: number, action = 'update'): ActivityEntry => ({
  id,
  at: '2026-11-26T10:00:00.000Z',
  site: 1,
  user: { id: 3, username: 'rossi' },
  ip: null,
  action,
  model: 'product',
  object_id: 5,
  version: id,
  changes: { fields: [], translations: { it: ['title'] } },
});
const detail = (id: number, title: string): RevisionDetail => ({
  ...entry(id),
  previous: id > 1 ? id - 1 : null,
  record: { values: { price: 10 }, translations: { it: { title } } },
  diff: [{ field: 'title', language: 'it', before: 'before', after: title }],
});

/** The panel on fake HTTP and confirm dialog, recording what each was asked. */
function boot(opts: { pages?: KeysetPage<ActivityEntry>[]; answer?: boolean; restore?: () => Promise<void>; revision?: number } = {}) {
  const pages = [...(opts.pages ?? [{ items: [entry(3), entry(2), entry(1, 'create')], next: null }])];
  const titles: Record<number, string> = { 1: 'Uno', 2: 'Due', 3: 'Tre', 4: 'Quattro' };
  const calls = { pages: [] as RevisionPageInput[], details: [] as number[][], restores: [] as RestoreInput[], asked: [] as ConfirmInput[], reloads: 0 };
  const notices: Notice[] = [];
  const actor = createActor(
    historyMachine.provide({
      actors: {
        fetchRevisions: fromPromise<KeysetPage<ActivityEntry>, RevisionPageInput>(async ({ input }) => {
          calls.pages.push(input);
          return pages.shift() ?? { items: [entry(4, 'restore'), entry(3), entry(2), entry(1, 'create')], next: null };
        }),
        fetchRevisionDetails: fromPromise<RevisionDetail[], RevisionsInput>(async ({ input }) => {
          calls.details.push(input.revs);
          return input.revs.map((r) => detail(r, titles[r] ?? '?'));
        }),
        restoreRevision: fromPromise<void, RestoreInput>(async ({ input }) => {
          calls.restores.push(input);
          await opts.restore?.();
        }),
        confirm: fromPromise<boolean, ConfirmInput>(async ({ input }) => (calls.asked.push(input), opts.answer ?? true)),
      },
      actions: {
        notify: (_, notice: Notice) => void notices.push(notice),
        reloadForm: () => void calls.reloads++,
      },
    }),
    { input: { resource: 'products', id: 5, fieldOrder: ['title', 'price'], languages: ['it'], revision: opts.revision } },
  ).start();
  const view = () => connectHistory(actor.getSnapshot(), actor.send);
  const settle = () => waitFor(actor, (s) => s.matches('ready') || s.matches('failed'), { timeout: 1000 });
  return { actor, calls, notices, view, settle };
}

describe('history: reading and comparing', () => {
  it('reads the newest page first, then the next one before the last entry', async () => {
    const m = boot({
      pages: [
        { items: [entry(9), entry(8)], next: 8 },
        { items: [entry(7)], next: null },
      ],
    });
    await m.settle();
    expect(m.view().canLoadMore).toBe(true);
    m.view().more();
    await waitFor(m.actor, (s) => s.matches('ready') && s.context.entries.length === 3);
    expect(m.calls.pages.map((p) => p.before)).toEqual([null, 8]);
    expect(m.view().entries.map((e) => [e.id, e.current])).toEqual([
      [9, true],
      [8, false],
      [7, false],
    ]);
    expect(m.view().canLoadMore).toBe(false);
  });

  it('one revision picked shows what it changed; two picked, the difference between them, per language', async () => {
    const m = boot();
    await m.settle();
    m.view().select(3);
    await waitFor(m.actor, (s) => s.matches('ready') && s.context.comparison !== null);
    expect(m.view().comparison).toEqual({ older: 2, newer: 3, changes: [{ field: 'title', language: 'it', before: 'before', after: 'Tre' }] });
    m.view().select(1);
    await waitFor(m.actor, (s) => s.matches('ready') && s.context.comparison?.older === 1);
    expect(m.calls.details).toEqual([[3], [3, 1]]);
    expect(m.view().comparison).toEqual({ older: 1, newer: 3, changes: [{ field: 'title', language: 'it', before: 'Uno', after: 'Tre' }] });
    // A third pick drops the first; picking a picked one drops it.
    m.view().select(2);
    await waitFor(m.actor, (s) => s.matches('ready') && s.context.comparison?.newer === 2);
    expect(m.view().selected).toEqual([1, 2]);
    m.view().select(2);
    await waitFor(m.actor, (s) => s.matches('ready') && s.context.comparison?.older === 0);
    m.view().clear();
    expect(m.view().comparison).toBeNull();
    expect(m.view().selected).toEqual([]);
  });

  it('opens on the revision an activity line links to', async () => {
    const m = boot({ revision: 2 });
    await waitFor(m.actor, (s) => s.matches('ready') && s.context.comparison !== null);
    expect(m.calls.details).toEqual([[2]]);
    expect(m.view().entries.find((e) => e.id === 2)?.selected).toBe(true);
  });

  it('says when the revisions cannot be read, and keeps the list', async () => {
    const m = boot();
    await m.settle();
    const failing = historyMachine.provide({
      actors: {
        fetchRevisions: fromPromise<KeysetPage<ActivityEntry>, RevisionPageInput>(() => Promise.reject(Object.assign(new Error('down'), { status: 503 }))),
      },
    });
    const a = createActor(failing, { input: { resource: 'products', id: 5, fieldOrder: [], languages: [] } }).start();
    await waitFor(a, (s) => s.matches('failed'));
    expect(connectHistory(a.getSnapshot(), a.send).loadError).toEqual({ status: 503, key: 'errors.http.unavailable' });
    a.stop();
  });
});

describe('history: restoring', () => {
  it('asks first, sends the form’s version, then the form and the history read again', async () => {
    const m = boot();
    await m.settle();
    m.view().restore(3, 3);
    expect(m.actor.getSnapshot().matches('ready')).toBe(true);
    m.view().restore(2, 3);
    await waitFor(m.actor, (s) => s.matches('ready') && m.calls.pages.length === 2);
    expect(m.calls.asked).toHaveLength(1);
    expect(m.calls.asked[0]).toMatchObject({ title: 'history.restoreTitle', approveLabel: 'history.restore' });
    expect(m.calls.restores).toEqual([{ resource: 'products', id: 5, rev: 2, version: 3 }]);
    expect(m.calls.reloads).toBe(1);
    expect(m.notices).toEqual([{ key: 'history.restoredNotice', color: 'success' }]);
    expect(m.view().entries[0]?.action).toBe('restore');
  });

  it('restores nothing on no', async () => {
    const m = boot({ answer: false });
    await m.settle();
    m.view().restore(2, 3);
    await waitFor(m.actor, (s) => s.matches('ready') && m.calls.asked.length === 1);
    expect(m.calls.restores).toEqual([]);
    expect(m.calls.reloads).toBe(0);
  });

  it('a row changed since the form read it (409) is said so, and the form and history read again', async () => {
    const m = boot({ restore: () => Promise.reject(Object.assign(new Error('stale'), { status: 409 })) });
    await m.settle();
    m.view().restore(1, 2);
    await waitFor(m.actor, (s) => s.matches('ready') && m.calls.pages.length === 2);
    expect(m.notices).toEqual([{ key: 'history.staleNotice', color: 'error' }]);
    expect(m.calls.reloads).toBe(1);
  });

  it('a restore the server refuses otherwise says why and changes nothing', async () => {
    const m = boot({ restore: () => Promise.reject(Object.assign(new Error('slug taken'), { status: 400 })) });
    await m.settle();
    m.view().restore(1, 2);
    await waitFor(m.actor, (s) => s.matches('ready') && m.notices.length === 1);
    expect(m.notices[0]).toMatchObject({ key: 'history.restoreFailed', color: 'error' });
    expect(m.calls.reloads).toBe(0);
    expect(m.calls.pages).toHaveLength(1);
  });
});
