import { defineEntity } from './define.js';
import { accountFields, accountList } from './userFields.js';

/**
 * `/users` (sidebar footer): on the master site its staff, market administrators and
 * superusers; on a dealer site that site's dealer users (docs/decisions.md §3).
 */
export const user = defineEntity({
  name: 'user',
  model: 'user',
  scope: 'both',
  path: '/users',
  table: 'users',
  label: { one: 'entities.user.one', many: 'entities.user.many' },
  titleField: 'username',
  // Exported and imported by the accounts' own routes (server/routes/users.ts, docs/decisions.md §33).
  exportable: true,
  importKeys: ['username', 'email'],
  importOn: 'dealer',
  fields: {
    ...accountFields,
    current_password: { type: 'password', label: 'fields.user.current_password', help: 'help.user.current_password' },
    role: {
      type: 'select',
      label: 'fields.user.role',
      help: 'help.user.role',
      site: 'master',
      options: [{ value: 'MA', label: 'options.user.role.MA' }],
    },
    market: { type: 'fk', label: 'fields.user.market', help: 'help.user.market', target: 'market', site: 'master' },
    is_superuser: { type: 'boolean', label: 'fields.user.is_superuser', help: 'help.user.is_superuser', site: 'master', superuserOnly: true },
    permissions: { type: 'permissions', label: 'fields.user.permissions', backoffice: 'site' },
  },
  list: accountList(
    ['username', 'first_name', 'last_name', 'email', 'role', 'is_superuser', 'is_active'],
    [
      { field: 'role', kind: 'select' },
      { field: 'is_active', kind: 'boolean' },
    ],
  ),
  form: {
    tabs: [
      {
        label: 'tabs.general',
        groups: [
          { fields: ['username', 'email', 'first_name', 'last_name'], columns: 2 },
          { label: 'groups.user.access', fields: ['role', 'market', 'is_active', 'is_superuser'], columns: 2 },
          { label: 'groups.user.password', fields: ['password', 'current_password'], columns: 2 },
        ],
      },
      { label: 'tabs.permissions', groups: [{ fields: ['permissions'] }] },
    ],
  },
});
