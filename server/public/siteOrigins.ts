import type { Kysely } from 'kysely';
import { WEB_ORIGIN } from '../../entities/patterns.js';
import type { DatabaseSchema } from '../db/schema.js';
import { onEntityWrite } from '../entities/hooks.js';
import { parseJson } from '../entities/storage.js';
import { primaryDomain } from '../services/indexing/publicUrls.js';

// Read on every cross-origin or keyed delivery request; sites change rarely. As for the site of a
// host (services/tenants.ts), a short-lived cache per process, dropped by this process's
// own site writes; another instance's reach every instance within the TTL.
const TTL_MS = 2000;
const MAX_ENTRIES = 1000;

/** An origin as a site may list it (entities/tenant.ts `api_origins`). */
export const isWebOrigin = (origin: string) => ORIGIN.test(origin);
const ORIGIN = new RegExp(`^(?:${WEB_ORIGIN})$`, 'u');

type Entry<T> = { until: number; generation: number; value: Promise<T> };
// Bumped by every write of a site: entries of an older generation are stale.
let generation = 0;
onEntityWrite('tenant', async () => {
  generation++;
});

function remembered<K, T>(load: (db: Kysely<DatabaseSchema>, key: K) => Promise<T>) {
  const caches = new WeakMap<object, Map<K, Entry<T>>>();
  return (db: Kysely<DatabaseSchema>, key: K): Promise<T> => {
    let cache = caches.get(db);
    if (!cache) caches.set(db, (cache = new Map<K, Entry<T>>()));
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && hit.until > now && hit.generation === generation) return hit.value;
    if (cache.size >= MAX_ENTRIES) cache.clear();
    const value = load(db, key);
    cache.set(key, { until: now + TTL_MS, generation, value });
    value.catch(() => cache.delete(key));
    return value;
  };
}

/** The site's primary domain, as a request with the site's key finds its site (siteOfRequest.ts). */
export const primaryDomainOf = remembered(primaryDomain);

/** Origins a site's pages are served from: https on each of its domains, and the origins listed on the site. */
export const originsOfSite = remembered(async (db, siteId: number): Promise<ReadonlySet<string>> => {
  const [domains, site] = await Promise.all([
    db.selectFrom('tenant_domains').select('domain').where('tenant_id', '=', siteId).execute(),
    db.selectFrom('tenants').select('api_origins').where('id', '=', siteId).executeTakeFirst(),
  ]);
  return new Set([...domains.map((d) => `https://${d.domain}`), ...parseJson<string[]>(site?.api_origins ?? '[]', [])]);
});

/**
 * Whether any active dealer site allows the origin: for a preflight on a host that names no
 * site, where the key that will pick the site is not sent (browsers never send it there).
 */
export const originOfSomeSite = remembered(async (db, origin: string): Promise<boolean> => {
  // What the LIKE below matches must be an origin as listed, never a pattern sent by a stranger.
  if (!isWebOrigin(origin)) return false;
  const https = /^https:\/\/([^/:]+)$/.exec(origin);
  const byDomain = https
    ? db
        .selectFrom('tenant_domains as d')
        .innerJoin('tenants as t', 't.id', 'd.tenant_id')
        .select('t.id')
        .where('d.domain', '=', https[1]!)
        .where('t.kind', '=', 'dealer')
        .where('t.is_active', '=', 1)
        .executeTakeFirst()
    : Promise.resolve(undefined);
  if (await byDomain) return true;
  // A scan of the sites' lists, at most once per origin and TTL: sites are counted in thousands.
  const listed = await db
    .selectFrom('tenants')
    .select('id')
    .where('kind', '=', 'dealer')
    .where('is_active', '=', 1)
    .where('api_origins', 'like', `%${JSON.stringify(origin)}%`)
    .executeTakeFirst();
  return listed !== undefined;
});
