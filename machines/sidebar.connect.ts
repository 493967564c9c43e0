import type { SnapshotFrom } from 'xstate';
import type { SidebarEvent, sidebarMachine } from './sidebar.machine';

export type SidebarSnapshot = SnapshotFrom<typeof sidebarMachine>;

/** How the sidebar sits beside the page (docs/spec.md §2): hidden, a drawer, icons only, or an overlay on a narrow screen. */
export type SidebarMode = 'hidden' | 'drawer' | 'mini' | 'overlay';

/** Snapshot + send → the props of the layout, its display menu, the sidebar's groups and the drawer button. */
export function connectSidebar(snapshot: SidebarSnapshot, send: (event: SidebarEvent) => void) {
  const c = snapshot.context;
  const mini = c.minivariant && !c.narrow;
  return {
    mode: (c.narrow ? 'overlay' : !c.drawer ? 'hidden' : mini ? 'mini' : 'drawer') as SidebarMode,
    /** The overlay is open (narrow screens only). */
    overlayOpen: c.narrow && c.overlayOpen,
    /** The sidebar under the header rather than beside it; a narrow screen has no room for it. */
    clippedLayout: c.clipped && !c.narrow,
    /** Icons only, labels for screen readers. */
    mini,
    /** The display menu's two checkboxes: the saved choices, whatever the viewport. */
    options: { clipped: c.clipped, minivariant: c.minivariant },
    expanded: c.expanded,
    toggleDrawer: () => send({ type: 'drawer.toggle' }),
    toggleClipped: () => send({ type: 'clipped.toggle' }),
    toggleMinivariant: () => send({ type: 'minivariant.toggle' }),
    toggleGroup: (name: string) => send({ type: 'group.toggle', name }),
    /** The route changed: its group opens, the overlay closes. */
    routeChanged: (group: string | null) => send({ type: 'route.changed', group }),
  };
}

export type SidebarProps = ReturnType<typeof connectSidebar>;
