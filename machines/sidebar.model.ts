import type { MachineModel } from './model/paths';
import { sidebarMachine } from './sidebar.machine';

export const sidebarModel: MachineModel = {
  machine: sidebarMachine,
  input: { drawer: true, clipped: false, minivariant: false, narrow: false, activeGroup: null },
  actorIds: [],
  contextKey: (c) => [c.narrow, c.drawer, c.overlayOpen],
  events: [
    { type: 'drawer.toggle' },
    { type: 'clipped.toggle' },
    { type: 'minivariant.toggle' },
    { type: 'group.toggle', name: 'products' },
    { type: 'route.changed', group: 'pages' },
    { type: 'viewport.changed', narrow: true },
    { type: 'viewport.changed', narrow: false },
  ],
};
