import { focalPointMachine } from './focalPoint.machine';
import type { MachineModel } from './model/paths';

/** From no point and from a saved one; the events go to it, away from it and back. */
export const focalPointModel: MachineModel = {
  machine: focalPointMachine,
  actorIds: [],
  inputs: [{ point: null }, { point: { x: 0.25, y: 0.75 } }],
  contextKey: (c) => JSON.stringify(c.point),
  events: [
    { type: 'focal.place', x: 0.25, y: 0.75 },
    { type: 'focal.place', x: 1.4, y: -0.2 },
    { type: 'focal.nudge', dx: 0.05, dy: 0 },
    { type: 'focal.nudge', dx: -0.05, dy: 0 },
    { type: 'focal.centre' },
  ],
};
