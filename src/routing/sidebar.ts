import type { IconName } from '../ui/icons';
import { resolveRoute, type Viewer } from './resolve';
import type { GroupDef, RouteDef } from './types';

export interface MenuLink {
  kind: 'link';
  name: string;
  label: string;
  icon?: IconName;
  path: string;
}
export interface MenuGroup {
  kind: 'group';
  name: string;
  label: string;
  icon: IconName;
  children: MenuLink[];
}
export type MenuEntry = MenuLink | MenuGroup;

export interface Menu {
  main: MenuEntry[];
  footer: MenuLink[];
}

/**
 * The sidebar of docs/spec.md §6 as one pure function. An item is visible when the route guard
 * would let the viewer in (view permission on its model, or signed in for auth-only
 * items; superuser-only pages and role exclusions; this back-office's routes only); a
 * group is visible when any child is. Groups take the place of their first child.
 */
export function sidebarMenu(routes: RouteDef[], groups: GroupDef[], viewer: Viewer, opts: { withScreenOnly?: boolean } = {}): Menu {
  const visible = routes.filter((r) => !r.hidden && (!opts.withScreenOnly || r.screen) && resolveRoute(routes, r.path, '', viewer).kind === 'ok');
  const link = (r: RouteDef): MenuLink => ({ kind: 'link', name: r.name, label: r.label, icon: r.icon, path: r.path });
  const main: MenuEntry[] = [];
  const placed = new Map<string, MenuGroup>();
  for (const r of visible.filter((r) => !r.footer)) {
    const group = r.group ? groups.find((g) => g.name === r.group) : undefined;
    if (!group) {
      main.push(link(r));
      continue;
    }
    let entry = placed.get(group.name);
    if (!entry) {
      entry = { kind: 'group', name: group.name, label: group.label, icon: group.icon, children: [] };
      placed.set(group.name, entry);
      main.push(entry);
    }
    entry.children.push(link(r));
  }
  return { main, footer: visible.filter((r) => r.footer).map(link) };
}
