import type { Kysely } from 'kysely';
import { transactionRetryingDeadlocks } from '../db/deadlocks.js';
import { type Action, ACTIONS, codename, type Model } from '../../entities/permissions.js';
import type { DatabaseSchema } from '../db/schema.js';
import { nowIso } from '../services/clock.js';
import { hashPassword } from '../services/passwords.js';
import { entityTablesInDeleteOrder } from '../entities/schema.js';
import { seedCatalog } from './catalog.js';
import { seedPages } from './pages.js';
import { fileSiteImages, renderContentImages, seedContent } from './content.js';
import { allMediaKeys } from './demoImages.js';
import type { MediaStorage } from '../storage/index.js';
import { seedSites } from './sites.js';
import { seedMoreUsers } from './users.js';
import { reindexAllAccounts } from '../users/words.js';
// Demo products are published content: their indexing actions are recorded like any others.
import '../services/indexing/recorder.js';
import { syncPermissions } from './permissions.js';

export const DEMO_PASSWORD = 'demo1234';

export const DEMO_SITES = [
  { host: 'localhost', label: 'Master back-office' },
  { host: 'rossi.localhost', label: 'Rossi Trattori (dealer, mono-brand DF)' },
  { host: 'verdi.localhost', label: 'Verdi Macchine Agricole (dealer, several brands)' },
] as const;

export const DEMO_LOGINS = [
  { username: 'admin', what: 'superuser, any site' },
  { username: 'staff', what: 'master staff, view on the master models' },
  { username: 'market', what: 'market administrator (MA) for Italy' },
  { username: 'rossi', what: 'dealer (DE) of rossi.localhost' },
  { username: 'verdi', what: 'dealer (DE) of verdi.localhost' },
] as const;

const MASTER_VIEW: Model[] = ['tenant', 'tenantuser', 'user', 'media', 'page', 'indexingactionlog', 'marketSettings', 'redirect'];
const MARKET_MODELS: Model[] = ['tenant', 'tenantuser', 'user', 'media', 'page', 'redirect'];
const DEALER_MODELS: Model[] = [
  'product',
  'usedproduct',
  'brand',
  'brandservice',
  'category',
  'tag',
  'featuredProducts',
  'promo',
  'news',
  'redirect',
  'user',
  'media',
  'page',
];

const grant = (models: Model[], actions: readonly Action[]) => models.flatMap((m) => actions.map((a) => codename(a, m)));

/** Tables in the order they can be emptied without breaking a foreign key. */
const RESET_ORDER = [
  'sessions',
  'rate_limits',
  'user_permissions',
  'users',
  'media_terms',
  'media_translations',
  'media_counts',
  'media',
  'media_folders',
  'tenant_domains',
  'tenants',
  'markets',
] as const;

export async function isEmpty(db: Kysely<DatabaseSchema>) {
  const row = await db
    .selectFrom('tenants')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

/** True while the demo dealer sites exist, so the start banner only advertises logins that are there. */
export async function hasDemoData(db: Kysely<DatabaseSchema>) {
  const row = await db.selectFrom('tenant_domains').select('domain').where('domain', '=', 'rossi.localhost').executeTakeFirst();
  return row !== undefined;
}

/**
 * Replaces all data with the demo platform: three sites and five logins. With a media
 * storage the dealer sites' content gets pictures, and the files of the media rows the
 * reset drops are removed once it has committed.
 */
export async function seedDemo(db: Kysely<DatabaseSchema>, opts: { media?: MediaStorage } = {}) {
  // Pictures render on sharp's threads while the password hashes and the catalog is written.
  const rendering = opts.media ? renderContentImages() : undefined;
  rendering?.catch(() => undefined); // awaited below; this only keeps an early failure from going unhandled
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await syncPermissions(db);
  const oldFiles = opts.media ? await allMediaKeys(db) : [];
  // A running server's background work (the indexing dispatcher recording outcomes) can lock rows in the order opposite to a reset's.
  await transactionRetryingDeadlocks(db, async (trx) => {
    // Entity tables (entities/) reference tenants and each other: emptied first, in reference order.
    for (const table of entityTablesInDeleteOrder()) await (trx as Kysely<any>).deleteFrom(table).execute();
    for (const table of RESET_ORDER) await trx.deleteFrom(table).execute();
    const now = nowIso();
    const stamp = { created_at: now, updated_at: now };

    const { italy, master, rossi, verdi } = await seedSites(trx);
    const images = await fileSiteImages(trx, { rossi, verdi }, opts.media && rendering ? { storage: opts.media, rendered: await rendering } : undefined);
    await seedCatalog(trx, { rossi, verdi }, images);
    await seedPages(trx, { master, rossi, verdi });
    await seedContent(trx, { rossi, verdi }, images);

    const perms = new Map((await trx.selectFrom('permissions').select(['id', 'codename']).execute()).map((p) => [p.codename, p.id]));
    const user = async (
      username: string,
      fields: { first_name: string; last_name: string; role?: 'MA' | 'DE'; superuser?: boolean; tenant?: number; market?: number },
      codenames: string[] = [],
    ) => {
      const { id } = await trx
        .insertInto('users')
        .values({
          username,
          email: `${username}@example.com`,
          password_hash: passwordHash,
          first_name: fields.first_name,
          last_name: fields.last_name,
          role: fields.role ?? null,
          is_superuser: fields.superuser ? 1 : 0,
          is_active: 1,
          tenant_id: fields.tenant ?? null,
          market_id: fields.market ?? null,
          ...stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (codenames.length) {
        await trx
          .insertInto('user_permissions')
          .values(codenames.map((c) => ({ user_id: id, permission_id: perms.get(c)! })))
          .execute();
      }
    };
    await user('admin', { first_name: 'Ada', last_name: 'Admin', superuser: true });
    await user('staff', { first_name: 'Stefano', last_name: 'Staff' }, grant(MASTER_VIEW, ['view']));
    await user('market', { first_name: 'Marta', last_name: 'Mercato', role: 'MA', market: italy }, grant(MARKET_MODELS, ACTIONS));
    await user('rossi', { first_name: 'Mario', last_name: 'Rossi', role: 'DE', tenant: rossi }, grant(DEALER_MODELS, ACTIONS));
    await user('verdi', { first_name: 'Giuseppe', last_name: 'Verdi', role: 'DE', tenant: verdi }, grant(DEALER_MODELS, ACTIONS));
    await seedMoreUsers(trx, { rossi, verdi, passwordHash });
    // The accounts were written around server/users: their search words too.
    await reindexAllAccounts(trx);
  });
  await Promise.all(oldFiles.map((key) => opts.media!.delete(key)));
}
