import type { Kysely } from 'kysely';
import { ACTIONS, codename, MODELS, type Model, permissionName } from '../../entities/permissions.js';
import type { DatabaseSchema } from '../db/schema.js';

/** Makes the permission table hold every action × model; run at every start, like Django's post_migrate. */
export async function syncPermissions(db: Kysely<DatabaseSchema>) {
  const existing = new Set((await db.selectFrom('permissions').select('codename').execute()).map((r) => r.codename));
  const missing = (Object.keys(MODELS) as Model[]).flatMap((model) =>
    ACTIONS.filter((a) => !existing.has(codename(a, model))).map((action) => ({
      codename: codename(action, model),
      name: permissionName(action, model),
      model,
      action,
    })),
  );
  if (missing.length) await db.insertInto('permissions').values(missing).execute();
}
