import { activityMachine } from './activity.machine';
import type { ActivityEntry } from './history.types';
import { done, fail, type MachineModel } from './model/paths';

const entry = (id: number, action: string): ActivityEntry => ({
  id,
  at: '2026-11-26T10:00:00.000Z',
  site: 1,
  user: { id: 3, username: 'rossi' },
  ip: '127.0.0.1',
  action,
  model: action === 'login' ? 'auth' : 'product',
  object_id: action === 'login' ? null : 5,
  version: null,
  changes: null,
});

/** The activity screen as a test model: every answer of the server is an event. */
export const activityModel: MachineModel = {
  machine: activityMachine,
  input: {},
  actorIds: ['fetchActivity'],
  contextKey: (c: { next: number | null; filters: { action: string } }) => [c.next !== null, c.filters.action !== ''],
  events: [
    done('fetchActivity', { items: [entry(2, 'update'), entry(1, 'login')], next: 1 }),
    fail('fetchActivity', { status: 500 }),
    { type: 'retry' },
    { type: 'more' },
    { type: 'filter.change', filters: { action: 'delete' } },
    { type: 'filter.clear' },
  ],
};
