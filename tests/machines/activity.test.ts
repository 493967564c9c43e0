import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { connectActivity } from '../../machines/activity.connect';
import { type ActivityPageInput, activityMachine } from '../../machines/activity.machine';
import { activityModel } from '../../machines/activity.model';
import { activityQuery, dayStart, NO_FILTERS } from '../../machines/activity.query';
import type { ActivityEntry, KeysetPage } from '../../machines/history.types';
import { pathsOf, uncoveredTransitions, unvisitedStates, walkPath } from './modelHarness';

const paths = pathsOf(activityModel);

describe('activity machine (model-based)', () => {
  it('the generated paths visit every state and take every transition', () => {
    expect(unvisitedStates(activityMachine, paths)).toEqual([]);
    expect(uncoveredTransitions(activityMachine, paths)).toEqual([]);
  });
  for (const path of paths) {
    it(path.description, async () => {
      const actor = await walkPath(activityModel, path);
      const s = actor.getSnapshot();
      const view = connectActivity(s, () => {});
      expect(view.loadError !== null).toBe(s.matches('failed'));
      if (s.matches('failed')) expect(view.entries).toEqual([]);
      actor.stop();
    });
  }
});

const entry = (id: number): ActivityEntry => ({
  id,
  at: '2026-11-26T10:00:00.000Z',
  site: 1,
  user: { id: 3, username: 'rossi' },
  ip: null,
  action: 'update',
  model: 'product',
  object_id: 5,
  version: 2,
  changes: null,
});

describe('the activity log', () => {
  it('reads the first page of each filter anew and the next page before the last entry', async () => {
    const asked: ActivityPageInput[] = [];
    const pages: KeysetPage<ActivityEntry>[] = [
      { items: [entry(9), entry(8)], next: 8 },
      { items: [entry(7)], next: null },
      { items: [entry(4)], next: null },
      { items: [entry(9)], next: null },
    ];
    const actor = createActor(
      activityMachine.provide({
        actors: { fetchActivity: fromPromise<KeysetPage<ActivityEntry>, ActivityPageInput>(async ({ input }) => (asked.push(input), pages.shift()!)) },
      }),
      { input: {} },
    ).start();
    const view = () => connectActivity(actor.getSnapshot(), actor.send);
    await waitFor(actor, (s) => s.matches('ready'));
    view().more();
    await waitFor(actor, (s) => s.matches('ready') && s.context.entries.length === 3);
    view().filter({ action: 'delete', user: { id: 3, username: 'rossi' } });
    await waitFor(actor, (s) => s.matches('ready') && s.context.entries.length === 1);
    expect(view().entries.map((e) => e.id)).toEqual([4]);
    view().clear();
    await waitFor(actor, (s) => s.matches('ready') && asked.length === 4);
    expect(asked.map((a) => [a.filters.action, a.filters.user?.id ?? null, a.before])).toEqual([
      ['', null, null],
      ['', null, 8],
      ['delete', 3, null],
      ['', null, null],
    ]);
  });
});

describe('the activity query', () => {
  it('sends only the filters set; a day runs from its start to the start of the next, where the user is', () => {
    expect(activityQuery(NO_FILTERS, null)).toEqual({});
    const q = activityQuery({ user: { id: 3, username: 'rossi' }, model: 'product', action: 'delete', from: '2026-11-01', to: '2026-11-26' }, 40);
    expect(q).toEqual({
      user: '3',
      model: 'product',
      action: 'delete',
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(2026, 10, 27).toISOString(),
      before: '40',
    });
    expect(dayStart('2026-12-31', 1)).toBe(new Date(2027, 0, 1).toISOString());
    expect(dayStart('not a day')).toBeUndefined();
  });
});
