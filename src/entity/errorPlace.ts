import type { EntityDef } from '../../entities/define';
import { NON_FIELD } from '../../machines/fieldErrors';

/** The form field a message path belongs to: `translations.it.seo.title` → `seo`, `specs.2.value` → `specs`. */
export const rootField = (path: string) => {
  const parts = path.split('.');
  return (parts[0] === 'translations' ? parts[2] : parts[0]) ?? path;
};

/** The section (tab) of the form that shows the field of an error path; -1 for the form's own messages. */
export function sectionOf(entity: EntityDef, path: string): number {
  const field = path === NON_FIELD ? null : rootField(path);
  return entity.form.tabs.findIndex((tb) => tb.groups.some((g) => field !== null && g.fields.includes(field)));
}
