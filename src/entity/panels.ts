import { type ComponentType, lazy, type LazyExoticComponent } from 'react';
import type { FormPanel } from '../../entities/define';

/** What a panel gets: the id of the row whose form shows it. */
export interface PanelProps {
  rowId: number;
}

/**
 * The panels a form tab may name (entities/define.ts `FormTab.panel`): rows of their own
 * beside a form's fields, each in its own chunk, loaded when its tab is shown.
 */
export const PANELS: Record<FormPanel, LazyExoticComponent<ComponentType<PanelProps>>> = {
  siteKeys: lazy(() => import('./SiteKeysPanel')),
};
