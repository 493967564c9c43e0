import type { Kysely } from 'kysely';
import { hotQuery } from '../db/hotQuery.js';
import type { DatabaseSchema } from '../db/schema.js';
import type { Principal } from './principal.js';

export interface PermissionRef {
  codename: string;
  name: string;
}

// The vocabulary only changes when the server starts (syncPermissions), so each
// process reads it once per database.
const vocabularies = new WeakMap<object, Promise<PermissionRef[]>>();

export function allPermissions(db: Kysely<DatabaseSchema>): Promise<PermissionRef[]> {
  let all = vocabularies.get(db);
  if (!all) {
    all = db.selectFrom('permissions').select(['codename', 'name']).orderBy('codename').execute();
    all.catch(() => vocabularies.delete(db));
    vocabularies.set(db, all);
  }
  return all;
}

/** A superuser holds every permission, as Django's get_all_permissions reports it. */
export async function permissionsOf(db: Kysely<DatabaseSchema>, user: Principal): Promise<PermissionRef[]> {
  if (user.is_superuser) return allPermissions(db);
  return userPermissions(db, user.id);
}

// Every request of a user who is not a superuser checks permissions with this.
const userPermissions = hotQuery<PermissionRef, [userId: number]>(
  `select p.codename, p.name from user_permissions up inner join permissions p on p.id = up.permission_id
   where up.user_id = ? order by p.codename`,
  (v) => ({ codename: v[0] as string, name: v[1] as string }),
);
