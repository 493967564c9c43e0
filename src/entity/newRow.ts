import type { EntityDef } from '../../entities/define';
import type { PermissionHolder } from '../../entities/permissions';
import type { Values } from '../../machines/entityForm.types';
import { permissionRows } from '../fields/permissionsGrid';
import { formDefaults } from './formValues';

/**
 * The values a new row's form opens with: the declared defaults, on a mono-brand site its
 * one brand in every brand field (docs/spec.md §9: no choice to make), then what the URL names
 * (`/tenantUsers/new?tenant=7`, from a list row's "new …" link), then, for a permissions
 * field that asks for it, everything the editor may grant.
 */
export function newRowValues(
  entity: EntityDef,
  languages: readonly string[],
  search: string,
  editor: PermissionHolder | null | undefined,
  siteKind: 'default' | 'dealer',
  monoBrand: number | null = null,
): Values {
  const values = formDefaults(entity, languages);
  if (monoBrand !== null)
    for (const [name, field] of Object.entries(entity.fields)) if (field.type === 'fk' && field.target === 'brand') values[name] = monoBrand;
  const query = new URLSearchParams(search);
  for (const [name, field] of Object.entries(entity.fields)) {
    const given = query.get(name);
    if (given !== null && !field.translated && !field.readOnly) {
      if (field.type === 'fk' && /^[1-9]\d{0,9}$/.test(given)) values[name] = Number(given);
      else if (field.type === 'select' && field.options.some((o) => o.value === given)) values[name] = given;
      else if (field.type === 'text' || field.type === 'email') values[name] = given;
    }
    if (field.type === 'permissions' && field.grantAllOnCreate && editor) {
      const backoffice = field.backoffice === 'site' ? (siteKind === 'dealer' ? 'dealer' : 'master') : field.backoffice;
      values[name] = permissionRows(backoffice, editor, [])
        .flatMap((row) => row.cells.filter((c) => c.enabled).map((c) => c.codename))
        .sort();
    }
  }
  return values;
}
