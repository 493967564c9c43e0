import type { Kysely } from 'kysely';
import { adoptEntityTable, addEntityColumn } from '../../entities/schema.js';
import { reindexEntity } from '../../entities/maintenance.js';
import type { Dialect } from '../database.js';

/**
 * Dealer sites and market settings (issue 6) as entities over the tables of 0001_core:
 * their indexes and search tables, the new columns (contacts, location, logo, the domain
 * and aliases the declaration edits, indexing settings), and the domains that existing
 * sites already have in tenant_domains copied onto their rows.
 */
export function sitesMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await adoptEntityTable(db, dialect, 'market', ['code', 'name', 'languages', 'currency']);
      for (const f of ['contact_emails', 'indexing_enabled', 'indexing_endpoint', 'indexing_key']) await addEntityColumn(db, dialect, 'market', f);
      await adoptEntityTable(db, dialect, 'tenant', ['name', 'market', 'brand_list', 'languages', 'default_language', 'is_active']);
      for (const f of ['domain', 'aliases', 'contact_email', 'phone', 'address', 'location', 'logo']) await addEntityColumn(db, dialect, 'tenant', f);

      const domains = await db.selectFrom('tenant_domains').select(['domain', 'tenant_id', 'is_primary']).orderBy('domain').execute();
      const byTenant = new Map<number, { domain: string; aliases: string[] }>();
      for (const d of domains.sort((a, b) => Number(b.is_primary) - Number(a.is_primary))) {
        const site = byTenant.get(Number(d.tenant_id));
        if (site) site.aliases.push(d.domain);
        else byTenant.set(Number(d.tenant_id), { domain: d.domain, aliases: [] });
      }
      for (const [id, site] of byTenant) {
        await db.updateTable('tenants').set({ domain: site.domain, aliases: JSON.stringify(site.aliases) }).where('id', '=', id).execute();
      }
      await reindexEntity(db, 'market');
      await reindexEntity(db, 'tenant');
    },
  };
}
