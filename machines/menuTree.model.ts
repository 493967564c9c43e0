import { menuTreeMachine } from './menuTree.machine';
import { done, fail, type MachineModel } from './model/paths';

/** The menu tree's delete as a test model: the question's answers are events. */
export const menuTreeModel: MachineModel = {
  machine: menuTreeMachine,
  actorIds: ['confirm'],
  events: [
    { type: 'item.delete', path: [0, 1], label: 'Tractors' },
    done('confirm', true),
    done('confirm', false),
    fail('confirm', new Error('dialog closed')),
  ],
};
