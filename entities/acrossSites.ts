import type { EntityDef } from './define.js';
import type { Field } from './fields.js';

/** The field an `acrossSites` entity's rows carry on the master back-office: their dealer site, kept in `tenant_id`. */
export const SITE_FIELD = 'tenant';

/**
 * An `acrossSites` entity as the master back-office serves it (entities/define.ts
 * AcrossSitesDef): its site as a reference to the dealer site (`tenant`, whose column is the
 * row's own `tenant_id`), the first column of the list, a filter, and the first field of the
 * form. Any other entity is itself.
 */
export function acrossSitesView<T extends EntityDef>(entity: T): T {
  const def = entity.acrossSites;
  if (!def) return entity;
  const site: Field = { type: 'fk', label: def.label, ...(def.help ? { help: def.help } : {}), target: 'tenant', required: true };
  const [first, ...others] = entity.form.tabs;
  return {
    ...entity,
    fields: { [SITE_FIELD]: site, ...entity.fields },
    list: {
      ...entity.list,
      columns: [SITE_FIELD, ...entity.list.columns],
      filters: [{ field: SITE_FIELD, kind: 'fk' }, ...entity.list.filters],
    },
    form: { tabs: first ? [{ ...first, groups: [{ fields: [SITE_FIELD] }, ...first.groups] }, ...others] : [] },
  };
}
