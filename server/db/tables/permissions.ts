import type { Generated } from 'kysely';

/** Django-style: codename is `<action>_<model>`. */
export interface PermissionsTable {
  id: Generated<number>;
  codename: string;
  name: string;
  model: string;
  action: string;
}

export interface UserPermissionsTable {
  user_id: number;
  permission_id: number;
}
