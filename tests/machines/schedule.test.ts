import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { connectSchedule } from '../../machines/schedule.connect';
import type { SaveScheduleInput, ScheduledRow, ScheduleTarget } from '../../machines/schedule.helpers';
import { scheduleMachine } from '../../machines/schedule.machine';
import { scheduleModel } from '../../machines/schedule.model';
import { pathsOf, uncoveredTransitions, unvisitedStates, walkPath } from './modelHarness';

const paths = pathsOf(scheduleModel);

describe('schedule machine (model-based)', () => {
  it('the generated paths visit every state and take every transition', () => {
    expect(unvisitedStates(scheduleMachine, paths)).toEqual([]);
    expect(uncoveredTransitions(scheduleMachine, paths)).toEqual([]);
  });
  for (const path of paths) {
    it(path.description, async () => {
      const actor = await walkPath(scheduleModel, path);
      const s = actor.getSnapshot();
      const view = connectSchedule(s, () => {});
      // The inputs show while editing or saving; a failure is only ever shown beside them.
      expect(view.editing).toBe(s.matches('editing') || s.matches('saving'));
      if (s.context.failure !== null) expect(view.editing).toBe(true);
      expect(view.loadFailed).toBe(s.matches('failed'));
      actor.stop();
    });
  }
});

describe('schedule behaviour', () => {
  it('saves over the form’s version and tells the form the new one', async () => {
    const sent: Array<Pick<SaveScheduleInput, 'version' | 'schedule'>> = [];
    const actor = createActor(
      scheduleMachine.provide({
        actors: {
          loadSchedule: fromPromise<ScheduledRow, ScheduleTarget>(async () => ({ version: 2, schedule: { publish_at: null, unpublish_at: null } })),
          saveSchedule: fromPromise<ScheduledRow, SaveScheduleInput>(async ({ input }) => {
            sent.push({ version: input.version, schedule: input.schedule });
            return { version: (input.version ?? 0) + 1, schedule: input.schedule };
          }),
        },
      }),
      { input: { resource: 'products', id: 7 } },
    );
    const versions: number[] = [];
    actor.on('versioned', (e) => void versions.push(e.version));
    actor.start();
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'open' });
    actor.send({ type: 'change', field: 'publish_at', value: '2026-12-01T08:00:00.000Z' });
    // The form saved the row meanwhile: its version is 5.
    actor.send({ type: 'submit', version: 5 });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(sent).toEqual([{ version: 5, schedule: { publish_at: '2026-12-01T08:00:00.000Z', unpublish_at: null } }]);
    expect(versions).toEqual([6]);
    expect(connectSchedule(actor.getSnapshot(), () => {})).toMatchObject({ scheduled: true, saved: { publish_at: '2026-12-01T08:00:00.000Z' } });
  });
});
