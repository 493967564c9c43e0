import { type ComponentType, createElement, lazy, type LazyExoticComponent } from 'react';
import type { FieldType } from '../../entities/fields';
import {
  booleanCell,
  type CellOf,
  colorCell,
  dateCell,
  dateTimeCell,
  fkCell,
  listCell,
  m2mCell,
  mediaCell,
  mediaManyCell,
  numberCell,
  plainCell,
  richTextCell,
  selectCell,
  urlCell,
} from './cells';
import type { FieldWidgetProps } from './types';

type AnyWidget = ComponentType<FieldWidgetProps<any, any>>;
type Loader = () => Promise<{ default: AnyWidget }>;

/** What the SPA shows a field type with: its form widget, loaded in its chunk, and its list cell. */
interface FieldUi<T extends FieldType> {
  widget: Loader;
  cell: CellOf<T>;
}

/** One entry per field type. Small families share a widget file; heavy widgets load their libraries lazily again inside. */
export const FIELD_UI: { readonly [T in FieldType]: FieldUi<T> } = {
  text: { widget: () => import('./TextField'), cell: plainCell },
  textarea: { widget: () => import('./TextField'), cell: plainCell },
  slug: { widget: () => import('./TextField'), cell: plainCell },
  email: { widget: () => import('./TextField'), cell: plainCell },
  url: { widget: () => import('./TextField'), cell: urlCell },
  number: { widget: () => import('./NumberField'), cell: numberCell },
  integer: { widget: () => import('./NumberField'), cell: numberCell },
  boolean: { widget: () => import('./BooleanField'), cell: booleanCell },
  select: { widget: () => import('./SelectField'), cell: selectCell },
  color: { widget: () => import('./ColorField'), cell: colorCell },
  date: { widget: () => import('./DateField'), cell: dateCell },
  datetime: { widget: () => import('./DateTimeField'), cell: dateTimeCell },
  time: { widget: () => import('./TimeField'), cell: plainCell },
  // The media library's widgets (issue 4).
  media: { widget: () => import('./MediaField'), cell: mediaCell },
  mediaMany: { widget: () => import('./MediaManyField'), cell: mediaManyCell },
  file: { widget: () => import('./FileField'), cell: mediaCell },
  fk: { widget: () => import('./FkField'), cell: fkCell },
  m2m: { widget: () => import('./M2mField'), cell: m2mCell },
  repeater: { widget: () => import('./RepeaterField'), cell: plainCell },
  seo: { widget: () => import('./SeoField'), cell: plainCell },
  map: { widget: () => import('./MapField'), cell: plainCell },
  richtext: { widget: () => import('./RichTextField'), cell: richTextCell },
  menuTree: { widget: () => import('./MenuTreeField'), cell: plainCell },
  list: { widget: () => import('./ListField'), cell: listCell },
  password: { widget: () => import('./PasswordField'), cell: plainCell },
  permissions: { widget: () => import('./PermissionsField'), cell: plainCell },
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
    const load = FIELD_UI[type]?.widget;
    w = lazy(() =>
      (load ? load() : Promise.reject(new Error(type))).catch((error: unknown) => {
        console.warn(`[fields] no widget for "${type}"`, error);
        return { default: Unavailable as AnyWidget };
      }),
    );
    widgets.set(type, w);
  }
  return w;
}

/** Starts loading the widgets of these types at once, rather than as each field renders. */
export function preloadWidgets(types: Iterable<FieldType>) {
  for (const type of new Set(types)) void FIELD_UI[type]?.widget().catch(() => {});
}
