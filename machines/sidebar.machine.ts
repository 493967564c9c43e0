import { assign, setup } from 'xstate';
import { type SidebarFlags, toggleIn } from './sidebar.helpers';

export interface SidebarContext extends SidebarFlags {
  /** Below tablet width the drawer overlays the page instead of pushing it. */
  narrow: boolean;
  overlayOpen: boolean;
  expanded: string[];
}

export type SidebarEvent =
  | { type: 'drawer.toggle' }
  | { type: 'clipped.toggle' }
  | { type: 'minivariant.toggle' }
  | { type: 'group.toggle'; name: string }
  | { type: 'route.changed'; group: string | null }
  | { type: 'viewport.changed'; narrow: boolean };

/**
 * Sidebar display modes (drawer, clipped, mini-variant; persisted as cookies through the
 * provided `persist` action) and expandable groups (docs/spec.md §4). On a narrow viewport the
 * drawer is an overlay: toggling it is not persisted and navigating closes it.
 */
export const sidebarMachine = setup({
  types: {
    context: {} as SidebarContext,
    events: {} as SidebarEvent,
    input: {} as SidebarFlags & { narrow: boolean; activeGroup: string | null },
  },
  actions: {
    persist: (_, _flags: SidebarFlags) => {},
  },
  guards: {
    narrow: ({ context }) => context.narrow,
  },
}).createMachine({
  id: 'sidebar',
  context: ({ input }) => ({
    drawer: input.drawer,
    clipped: input.clipped,
    minivariant: input.minivariant,
    narrow: input.narrow,
    overlayOpen: false,
    expanded: input.activeGroup ? [input.activeGroup] : [],
  }),
  initial: 'ready',
  states: {
    ready: {
      on: {
        'drawer.toggle': [
          { guard: 'narrow', actions: assign({ overlayOpen: ({ context }) => !context.overlayOpen }) },
          {
            actions: [assign({ drawer: ({ context }) => !context.drawer }), { type: 'persist', params: ({ context }) => flags(context) }],
          },
        ],
        'clipped.toggle': {
          actions: [assign({ clipped: ({ context }) => !context.clipped }), { type: 'persist', params: ({ context }) => flags(context) }],
        },
        'minivariant.toggle': {
          actions: [assign({ minivariant: ({ context }) => !context.minivariant }), { type: 'persist', params: ({ context }) => flags(context) }],
        },
        'group.toggle': { actions: assign({ expanded: ({ context, event }) => toggleIn(context.expanded, event.name) }) },
        'route.changed': {
          actions: assign({
            overlayOpen: false,
            expanded: ({ context, event }) => (event.group && !context.expanded.includes(event.group) ? [...context.expanded, event.group] : context.expanded),
          }),
        },
        'viewport.changed': { actions: assign({ narrow: ({ event }) => event.narrow, overlayOpen: false }) },
      },
    },
  },
});

const flags = (c: SidebarContext): SidebarFlags => ({ drawer: c.drawer, clipped: c.clipped, minivariant: c.minivariant });
