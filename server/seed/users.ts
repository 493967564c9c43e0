import type { Kysely } from 'kysely';
import { codename, type Model } from '../../entities/permissions.js';
import type { DatabaseSchema } from '../db/schema.js';
import { nowIso } from '../services/clock.js';

interface Sites {
  rossi: number;
  verdi: number;
  passwordHash: string;
}

const CATALOG: Model[] = ['product', 'usedproduct', 'brand', 'brandservice', 'category', 'tag', 'featuredProducts', 'promo', 'news'];

/**
 * Accounts beyond the five demo logins, so the user lists look like a platform in use: a
 * second Rossi user who may only look, a Verdi salesman on the catalogue, Spain's market
 * administrator, and a former staff member whose account is switched off. Password demo1234.
 */
export async function seedMoreUsers(db: Kysely<DatabaseSchema>, sites: Sites) {
  const spain = await db.selectFrom('markets').select('id').where('code', '=', 'ES').executeTakeFirstOrThrow();
  const perms = new Map((await db.selectFrom('permissions').select(['id', 'codename']).execute()).map((p) => [p.codename, p.id]));
  const now = nowIso();
  const add = async (
    username: string,
    who: { first_name: string; last_name: string; role: 'MA' | 'DE' | null; tenant?: number; market?: number; active?: boolean },
    codenames: string[],
  ) => {
    const { id } = await db
      .insertInto('users')
      .values({
        username,
        email: `${username.replace(/\W/g, '.')}@example.com`,
        password_hash: sites.passwordHash,
        first_name: who.first_name,
        last_name: who.last_name,
        role: who.role,
        is_superuser: 0,
        is_active: who.active === false ? 0 : 1,
        tenant_id: who.tenant ?? null,
        market_id: who.market ?? null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (codenames.length)
      await db
        .insertInto('user_permissions')
        .values(codenames.map((c) => ({ user_id: id, permission_id: perms.get(c)! })))
        .execute();
  };
  const view = (models: Model[]) => models.map((m) => codename('view', m));
  const edit = (models: Model[]) => models.flatMap((m) => (['view', 'add', 'change'] as const).map((a) => codename(a, m)));
  await add('rossi.viewer', { first_name: 'Lucia', last_name: 'Rossi', role: 'DE', tenant: sites.rossi }, view([...CATALOG, 'user', 'media', 'page']));
  await add('verdi.sales', { first_name: 'Paolo', last_name: 'Neri', role: 'DE', tenant: sites.verdi }, edit(['product', 'usedproduct', 'media']));
  await add('spain', { first_name: 'Elena', last_name: 'García', role: 'MA', market: spain.id }, view(['tenant', 'tenantuser', 'user', 'media', 'page']));
  await add('former.staff', { first_name: 'Franco', last_name: 'Bruni', role: null, active: false }, view(['tenant', 'user']));
}
