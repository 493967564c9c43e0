import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';
import type { Principal } from './principal.js';

export interface PermissionRef {
  codename: string;
  name: string;
}

/** A superuser holds every permission, as Django's get_all_permissions reports it. */
export async function permissionsOf(db: Kysely<DatabaseSchema>, user: Principal): Promise<PermissionRef[]> {
  if (user.is_superuser) {
    return db.selectFrom('permissions').select(['codename', 'name']).orderBy('codename').execute();
  }
  return db
    .selectFrom('user_permissions as up')
    .innerJoin('permissions as p', 'p.id', 'up.permission_id')
    .select(['p.codename', 'p.name'])
    .where('up.user_id', '=', user.id)
    .orderBy('p.codename')
    .execute();
}
