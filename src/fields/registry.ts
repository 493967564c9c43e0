import { type ComponentType, createElement, lazy, type LazyExoticComponent } from 'react';
import type { FieldType } from '../../entities/fields';
import type { FieldWidgetProps } from './types';

type AnyWidget = ComponentType<FieldWidgetProps<any, any>>;
type Loader = () => Promise<{ default: AnyWidget }>;

/** Field type → its widget's chunk. Small families share a file; heavy widgets load their libraries lazily again inside. */
export const FIELD_WIDGETS: Record<FieldType, Loader> = {
  text: () => import('./TextField'),
  textarea: () => import('./TextField'),
  slug: () => import('./TextField'),
  email: () => import('./TextField'),
  url: () => import('./TextField'),
  number: () => import('./NumberField'),
  integer: () => import('./NumberField'),
  boolean: () => import('./BooleanField'),
  select: () => import('./SelectField'),
  color: () => import('./ColorField'),
  date: () => import('./DateField'),
  datetime: () => import('./DateTimeField'),
  time: () => import('./TimeField'),
  // The media library's widgets (issue 4).
  media: () => import('./MediaField'),
  mediaMany: () => import('./MediaManyField'),
  file: () => import('./FileField'),
  fk: () => import('./FkField'),
  m2m: () => import('./M2mField'),
  repeater: () => import('./RepeaterField'),
  seo: () => import('./SeoField'),
  map: () => import('./MapField'),
  richtext: () => import('./RichTextField'),
  menuTree: () => import('./MenuTreeField'),
  list: () => import('./ListField'),
  password: () => import('./PasswordField'),
  permissions: () => import('./PermissionsField'),
};

/** Shown when a widget's chunk cannot be loaded: the form still opens, the field says why. */
function Unavailable({ field }: FieldWidgetProps) {
  return createElement(
    'p',
    { className: 'rounded-md border border-dashed border-surface-border p-3 text-sm text-ink-faint', 'data-unavailable-widget': field.type },
    field.type,
  );
}

const widgets = new Map<FieldType, LazyExoticComponent<AnyWidget>>();

/** The lazy widget of a field type (one component per type, so React keeps it mounted). */
export function widgetFor(type: FieldType): LazyExoticComponent<AnyWidget> {
  let w = widgets.get(type);
  if (!w) {
    const load = FIELD_WIDGETS[type];
    w = lazy(() => (load ? load() : Promise.reject(new Error(type))).catch((error: unknown) => {
      console.warn(`[fields] no widget for "${type}"`, error);
      return { default: Unavailable as AnyWidget };
    }));
    widgets.set(type, w);
  }
  return w;
}

/** Starts loading the widgets of these types at once, rather than as each field renders. */
export function preloadWidgets(types: Iterable<FieldType>) {
  for (const type of new Set(types)) void FIELD_WIDGETS[type]?.().catch(() => {});
}
