import { acrossSitesView } from './acrossSites.js';
import type { EntityDef } from './define.js';

/**
 * The declaration as one kind of site serves it: on the master site, a dealer entity served
 * across sites with its site field (entities/acrossSites.ts); fields marked `site` for the
 * other kind (and, for a viewer who is no superuser, fields marked `superuserOnly`) dropped
 * from the fields, the form, the list columns and the filters.
 */
export function forSite<T extends EntityDef>(declared: T, kind: 'default' | 'dealer', superuser = true): T {
  const site = kind === 'dealer' ? 'dealer' : 'master';
  const entity = site === 'master' ? acrossSitesView(declared) : declared;
  const keep = (name: string) => {
    const f = entity.fields[name];
    return !f || ((f.site === undefined || f.site === site) && (superuser || !f.superuserOnly));
  };
  if (Object.keys(entity.fields).every(keep)) return entity;
  return {
    ...entity,
    fields: Object.fromEntries(Object.entries(entity.fields).filter(([n]) => keep(n))),
    list: {
      ...entity.list,
      columns: entity.list.columns.filter(keep),
      sortable: entity.list.sortable.filter(keep),
      filters: entity.list.filters.filter((f) => keep(f.field)),
    },
    form: {
      tabs: entity.form.tabs
        .map((t) => ({ ...t, groups: t.groups.map((g) => ({ ...g, fields: g.fields.filter(keep) })).filter((g) => g.fields.length) }))
        .filter((t) => t.groups.length),
    },
  };
}
