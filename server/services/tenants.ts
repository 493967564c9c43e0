import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';

export interface Tenant {
  id: number;
  name: string;
  kind: 'default' | 'dealer';
  domain: string;
  aliases: string[];
  brand_list: string[];
  market_id: number | null;
  languages: string[];
  default_language: string;
  is_active: boolean;
}

/** Host names are compared without port and case, as browsers send them. */
export const normalizeHost = (host: string) => host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');

export async function findTenantByHost(db: Kysely<DatabaseSchema>, host: string): Promise<Tenant | undefined> {
  const row = await db
    .selectFrom('tenant_domains as d')
    .innerJoin('tenants as t', 't.id', 'd.tenant_id')
    .selectAll('t')
    .where('d.domain', '=', normalizeHost(host))
    .where('t.is_active', '=', 1)
    .executeTakeFirst();
  if (!row) return undefined;
  const domains = await db
    .selectFrom('tenant_domains')
    .select(['domain', 'is_primary'])
    .where('tenant_id', '=', row.id)
    .orderBy('is_primary', 'desc')
    .orderBy('domain')
    .execute();
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    domain: domains[0]?.domain ?? '',
    aliases: domains.slice(1).map((d) => d.domain),
    brand_list: JSON.parse(row.brand_list),
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
  languages: t.languages,
  default_language: t.default_language,
});
