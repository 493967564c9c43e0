import type { ComponentType } from 'react';
import type { IconName } from '../ui/icons';

/* The route table's vocabulary, apart from the table (routes.ts), so the screens it loads can name their props without importing it. */

export type Backoffice = 'master' | 'dealer' | 'both';
export type Role = 'MA' | 'DE';

export interface ScreenProps {
  params: Record<string, string | undefined>;
}
export type ScreenLoader = (() => Promise<{ default: ComponentType<ScreenProps> }>) & {
  /** Set for a screen loaded with the shell (src/app/shell.ts): it renders at once, not through React.lazy. */
  loaded?: ComponentType<ScreenProps>;
};

/** One entry of the route table (docs/spec.md §2, §6): where it is, who may see it, how it shows in the sidebar. */
export interface RouteDef {
  name: string;
  path: string;
  /** Permission model (docs/spec.md §3); view on it is needed to open the route. */
  model?: string;
  /** docs/spec.md §6 roles: when listed, a non-superuser whose role is not listed gets 404. */
  roles?: Role[];
  /** Roles that never see this route, e.g. market administrators and the indexing logs. */
  notForRoles?: Role[];
  superuserOnly?: boolean;
  auth: boolean;
  /** The login page sends a signed-in user on to where it was going. */
  guestOnly?: boolean;
  label: string;
  icon?: IconName;
  hidden?: boolean;
  footer?: boolean;
  group?: string;
  backoffice: Backoffice;
  /** Spec: a route whose validate check fails answers not found. */
  validate?: (params: Record<string, string | undefined>) => boolean;
  screen?: ScreenLoader;
}

export interface GroupDef {
  name: string;
  label: string;
  icon: IconName;
  backoffice: Backoffice;
}
