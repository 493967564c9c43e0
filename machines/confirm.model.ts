import { confirmMachine } from './confirm.machine';
import type { MachineModel } from './model/paths';

const ask = { type: 'ask', title: 'Delete', question: 'Delete 2 items?', danger: true, reply: () => {} };

export const confirmModel: MachineModel = {
  machine: confirmMachine,
  actorIds: [],
  contextKey: (c) => Math.min(c.queue.length, 2),
  events: [ask, { type: 'approve' }, { type: 'dismiss' }],
};
