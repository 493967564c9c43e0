/**
 * What a user account and a dealer user share (entities/user.ts, entities/tenantUser.ts).
 * Both are rows of the `users` table, served by server/routes/users.ts, not by the engine.
 */
import type { FilterDef, ListDef } from './define.js';

export const USERNAME_PATTERN = '^[\\w.@+-]+$';

export const accountFields = {
  username: {
    type: 'text',
    label: 'fields.user.username',
    help: 'help.user.username',
    required: true,
    maxLength: 150,
    pattern: USERNAME_PATTERN,
    patternCode: 'username',
  },
  first_name: { type: 'text', label: 'fields.user.first_name', maxLength: 150 },
  last_name: { type: 'text', label: 'fields.user.last_name', maxLength: 150 },
  email: { type: 'email', label: 'fields.user.email', maxLength: 254 },
  password: { type: 'password', label: 'fields.user.password', help: 'help.user.password' },
  is_active: { type: 'boolean', label: 'fields.user.is_active', help: 'help.user.is_active', default: true },
} as const;

/** The list of an account entity: these columns and filters, sorted and searched alike. */
export function accountList(columns: readonly string[], filters: readonly FilterDef[]): ListDef {
  return {
    columns,
    sort: 'username',
    sortable: ['username', 'email', 'first_name', 'last_name', 'is_active', 'updated_at'],
    search: ['username', 'email', 'first_name', 'last_name'],
    filters,
  };
}
