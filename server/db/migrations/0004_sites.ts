import type { Kysely } from 'kysely';
import { runStatements } from '../columns.js';
import type { Dialect } from '../database.js';
import type { MigrationHooks } from './hooks.js';

/**
 * Dealer sites and market settings (issue 6) as entities over the tables of 0001_core:
 * their indexes and search tables, the new columns (contacts, location, logo, the domain
 * and aliases the declaration edits, indexing settings), and the domains that existing
 * sites already have in tenant_domains copied onto their rows. The statements are written
 * out (frozen): what the declarations made of these fields the day it landed.
 *
 * Landed after 0006–0008 with a lower number, so a database made in between runs it last
 * (server/db/migrate.ts); nothing in it depends on those three.
 */
const STATEMENTS = [
  `create index "markets_by_updated_at" on "markets" ("updated_at", "id")`,
  `create index "markets_by_code" on "markets" ("code", "id")`,
  `create unique index "markets_unique_code" on "markets" ("code") where "code" <> ''`,
  `create index "markets_by_name" on "markets" ("name", "id")`,
  `create index "markets_by_currency" on "markets" ("currency", "id")`,
  `create table "markets_search" (
    "tenant_id" integer not null,
    "token" %token% not null,
    "entity_id" integer not null references "markets" ("id") on delete cascade,
    constraint "markets_search_pk" primary key ("tenant_id", "token", "entity_id")
  )`,
  `create index "markets_search_entity" on "markets_search" ("entity_id")`,
  `alter table "markets" add column "contact_emails" text default '[]' not null`,
  `alter table "markets" add column "indexing_enabled" integer default 0 not null`,
  `update "markets" set "indexing_enabled" = 0`,
  `create index "markets_by_indexing_enabled" on "markets" ("indexing_enabled", "id")`,
  `alter table "markets" add column "indexing_endpoint" text default '' not null`,
  `alter table "markets" add column "indexing_key" text default '' not null`,
  `create index "tenants_by_updated_at" on "tenants" ("updated_at", "id")`,
  `create index "tenants_by_name" on "tenants" ("name", "id")`,
  `create index "tenants_by_market" on "tenants" ("market_id", "id")`,
  `create index "tenants_by_is_active" on "tenants" ("is_active", "id")`,
  `create table "tenants_search" (
    "tenant_id" integer not null,
    "token" %token% not null,
    "entity_id" integer not null references "tenants" ("id") on delete cascade,
    constraint "tenants_search_pk" primary key ("tenant_id", "token", "entity_id")
  )`,
  `create index "tenants_search_entity" on "tenants_search" ("entity_id")`,
  `alter table "tenants" add column "domain" text default '' not null`,
  `create index "tenants_by_domain" on "tenants" ("domain", "id")`,
  `alter table "tenants" add column "aliases" text default '[]' not null`,
  `alter table "tenants" add column "contact_email" text default '' not null`,
  `alter table "tenants" add column "phone" text default '' not null`,
  `alter table "tenants" add column "address" text default '' not null`,
  `alter table "tenants" add column "location" text`,
  `alter table "tenants" add column "logo_id" integer`,
  `create index "tenants_by_logo" on "tenants" ("logo_id", "id")`,
];

export function sitesMigration(dialect: Dialect, hooks: MigrationHooks) {
  return {
    async up(db: Kysely<any>) {
      await runStatements(db, dialect, STATEMENTS);
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
      await hooks.reindex(db, 'market');
      await hooks.reindex(db, 'tenant');
    },
  };
}
