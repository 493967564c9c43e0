import { defineEntity } from './define.js';
import { accountFields, accountList } from './userFields.js';

/** `/tenantUsers` on the master site: the dealer users (role DE) of every dealer site. */
export const tenantUser = defineEntity({
  name: 'tenantUser',
  model: 'tenantuser',
  scope: 'master',
  path: '/tenantUsers',
  table: 'users',
  label: { one: 'entities.tenantUser.one', many: 'entities.tenantUser.many' },
  titleField: 'username',
  // Exported and imported by the accounts' own routes (server/routes/users.ts, docs/decisions.md §33).
  exportable: true,
  importKeys: ['username', 'email'],
  addFrom: { entity: 'tenant', field: 'tenant', label: 'users.addDealerUser' },
  fields: {
    ...accountFields,
    tenant: { type: 'fk', label: 'fields.user.tenant', target: 'tenant', required: true },
    permissions: { type: 'permissions', label: 'fields.user.permissions', backoffice: 'dealer', grantAllOnCreate: true },
  },
  list: accountList(
    ['username', 'first_name', 'last_name', 'email', 'tenant', 'is_active'],
    [
      { field: 'tenant', kind: 'fk' },
      { field: 'is_active', kind: 'boolean' },
    ],
  ),
  form: {
    tabs: [
      {
        label: 'tabs.general',
        groups: [
          { fields: ['username', 'email', 'first_name', 'last_name'], columns: 2 },
          { label: 'groups.user.access', fields: ['tenant', 'is_active'], columns: 2 },
          { label: 'groups.user.password', fields: ['password'] },
        ],
      },
      { label: 'tabs.permissions', groups: [{ fields: ['permissions'] }] },
    ],
  },
});
