import { loadingBarMachine } from './loadingBar.machine';
import type { MachineModel } from './model/paths';

/** Delays are modelled as the events XState raises when they elapse. */
export const loadingBarModel: MachineModel = {
  machine: loadingBarMachine,
  actorIds: [],
  contextKey: (c) => Math.min(c.active, 2),
  events: [
    { type: 'start' },
    { type: 'finish' },
    { type: 'xstate.after.throttle.loadingBar.pending' },
    { type: 'xstate.after.duration.loadingBar.visible' },
    { type: 'xstate.after.fade.loadingBar.completing' },
  ],
};
