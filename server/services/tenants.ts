import { type Kysely, sql } from 'kysely';
import { isMonoBrandList, MONO_BRAND_CODE } from '../../entities/brand.js';
import type { DatabaseSchema } from '../db/schema.js';

export interface Tenant {
  id: number;
  name: string;
  kind: 'default' | 'dealer';
  domain: string;
  aliases: string[];
  brand_list: string[];
  /** On a mono-brand site, its DF brand row: brand fields are pre-filled with it (docs/spec.md §9). */
  mono_brand: { id: number; name: string } | null;
  market_id: number | null;
  languages: string[];
  default_language: string;
  is_active: boolean;
}

/** Host names are compared without port and case, as browsers send them. */
export const normalizeHost = (host: string) => host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');

// Every request resolves its host; sites change rarely. A short-lived cache per process
// keeps that off the database, and a change reaches every instance within the TTL.
const TENANT_TTL_MS = 2000;
const MAX_CACHED_HOSTS = 1000;
const caches = new WeakMap<object, Map<string, { until: number; generation: number; tenant: Promise<Tenant | undefined> }>>();
// Bumped by forgetTenants(): entries of an older generation are stale on every database handle.
let generation = 0;

/**
 * Drops cached sites, for code that has just changed one: those of `db`, or with no
 * argument those of every handle (a write inside a transaction knows only the transaction).
 */
export const forgetTenants = (db?: Kysely<DatabaseSchema>) => {
  if (db) caches.get(db)?.clear();
  else generation++;
};

export function findTenantByHost(db: Kysely<DatabaseSchema>, host: string): Promise<Tenant | undefined> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  // Keyed by the host as sent: a hit costs no normalising.
  const key = host;
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.until > now && hit.generation === generation) return hit.tenant;
  const tenant = loadTenantByHost(db, normalizeHost(host));
  if (cache.size >= MAX_CACHED_HOSTS) cache.clear();
  cache.set(key, { until: now + TENANT_TTL_MS, generation, tenant });
  tenant.catch(() => cache.delete(key));
  return tenant;
}

/** One query: the tenant that owns the host, with all its domains as rows. */
async function loadTenantByHost(db: Kysely<DatabaseSchema>, host: string): Promise<Tenant | undefined> {
  const rows = await db
    .selectFrom('tenant_domains as d')
    .innerJoin('tenants as t', 't.id', 'd.tenant_id')
    .innerJoin('tenant_domains as all_d', 'all_d.tenant_id', 't.id')
    .selectAll('t')
    .select(['all_d.domain as any_domain', 'all_d.is_primary as any_primary'])
    .select(sql<number | null>`(select b.id from brands b where b.tenant_id = t.id and b.code = ${MONO_BRAND_CODE})`.as('df_brand'))
    .select(sql<string | null>`(select b.name from brands b where b.tenant_id = t.id and b.code = ${MONO_BRAND_CODE})`.as('df_brand_name'))
    .where('d.domain', '=', host)
    .where('t.is_active', '=', 1)
    .execute();
  const [domain, ...aliases] = rows
    .map((r) => ({ domain: r.any_domain, primary: r.any_primary === 1 }))
    .sort((a, b) => Number(b.primary) - Number(a.primary) || a.domain.localeCompare(b.domain));
  const row = rows[0];
  if (!row || !domain) return undefined;
  const brand_list: string[] = JSON.parse(row.brand_list);
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    domain: domain.domain,
    aliases: aliases.map((d) => d.domain),
    brand_list,
    mono_brand: isMonoBrandList(brand_list) && row.df_brand !== null ? { id: Number(row.df_brand), name: String(row.df_brand_name) } : null,
    market_id: row.market_id,
    languages: JSON.parse(row.languages),
    default_language: row.default_language,
    is_active: row.is_active === 1,
  };
}

/** What anyone may know about a site: `GET /api/tenants/by_domain`, and the boot data in index.html. */
export const publicTenant = (t: Tenant) => ({
  id: t.id,
  name: t.name,
  kind: t.kind,
  domain: t.domain,
  aliases: t.aliases,
  brand_list: t.brand_list,
  mono_brand: t.mono_brand,
  languages: t.languages,
  default_language: t.default_language,
});
