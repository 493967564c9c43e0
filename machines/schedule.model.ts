import { done, fail, type MachineModel } from './model/paths';
import { scheduleMachine } from './schedule.machine';

const loaded = { version: 3, schedule: { publish_at: '2026-12-01T08:00:00.000Z', unpublish_at: null } };
const stale = { status: 409, data: { detail: 'changed', current: { version: 4, schedule: { publish_at: null, unpublish_at: null } } } };

/** The schedule control as a test model: every answer of the server is an event. */
export const scheduleModel: MachineModel = {
  machine: scheduleMachine,
  input: { resource: 'products', id: 7 },
  actorIds: ['loadSchedule', 'saveSchedule'],
  contextKey: (c: { failure: string | null; edit: { publish_at: string | null } }) => [c.failure, c.edit.publish_at !== null],
  events: [
    done('loadSchedule', loaded),
    fail('loadSchedule', { status: 500 }),
    { type: 'retry' },
    { type: 'open' },
    { type: 'change', field: 'publish_at', value: '2026-12-02T08:00:00.000Z' },
    { type: 'clear' },
    { type: 'cancel' },
    { type: 'submit', version: 3 },
    done('saveSchedule', { version: 4, schedule: { publish_at: '2026-12-02T08:00:00.000Z', unpublish_at: null } }),
    fail('saveSchedule', { status: 400, data: { unpublish_at: ['The unpublish time must be after the publish time.'] } }),
    fail('saveSchedule', stale),
    fail('saveSchedule', { status: 500 }),
  ],
};
