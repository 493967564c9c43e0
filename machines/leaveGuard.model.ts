import { leaveGuardMachine } from './leaveGuard.machine';
import { done, fail, type MachineModel } from './model/paths';

/**
 * The leave guard as a test model: the form's dirtiness and the app's own leave are
 * events; the ways out arrive through the running history effect; the question and the
 * leave itself are settled like any actor.
 */
export const leaveGuardModel: MachineModel & { callbackEvents: Record<string, string[]> } = {
  machine: leaveGuardMachine,
  actorIds: ['confirm', 'leave'],
  callbackEvents: { holdHistory: ['leave.attempt'] },
  contextKey: (c) => [c.dirty, c.attempt?.kind ?? null],
  events: [
    { type: 'dirty.change', dirty: true },
    { type: 'dirty.change', dirty: false },
    { type: 'leave.attempt', attempt: { kind: 'push', data: null, url: '/products' } },
    { type: 'leave.attempt', attempt: { kind: 'traverse', key: 'k1' } },
    { type: 'leave.pass' },
    done('confirm', true),
    done('confirm', false),
    fail('confirm', new Error('dialog closed')),
    done('leave'),
    fail('leave', new Error('navigation aborted')),
  ],
};
