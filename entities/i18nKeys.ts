import type { EntityDef } from './define.js';
import type { Field } from './fields.js';

/** i18n keys a declaration refers to, for checking the locale files. */
export function i18nKeys(entity: EntityDef): string[] {
  const keys = new Set<string>([entity.label.one, entity.label.many]);
  const walk = (fields: Readonly<Record<string, Field>>) => {
    for (const f of Object.values(fields)) {
      keys.add(f.label);
      if (f.help) keys.add(f.help);
      if (f.type === 'select' || f.type === 'list') for (const o of f.options ?? []) if (o.label) keys.add(o.label);
      if (f.type === 'repeater') walk(f.fields);
    }
  };
  walk(entity.fields);
  if (entity.addFrom) keys.add(entity.addFrom.label);
  for (const tab of entity.form.tabs) {
    keys.add(tab.label);
    for (const g of tab.groups) if (g.label) keys.add(g.label);
  }
  return [...keys];
}
