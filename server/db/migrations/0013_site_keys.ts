import { type Kysely, sql } from 'kysely';
import { runStatements } from '../columns.js';
import type { Dialect } from '../database.js';

/**
 * Site API keys (issue 15): a website served elsewhere reads its site's delivery API with
 * `Authorization: Bearer <key>`. Only a key's SHA-256 is kept (the key is shown once); its
 * prefix lets people tell keys apart. A revoked key stays listed. And `api_origins` on the
 * sites: the extra origins CORS allows, a JSON list as text like the other list fields.
 *
 * On PostgreSQL a revocation (or a key deleted with its site) notifies the change feed of
 * 0010, so every instance forgets the keys it remembered; a use (`last_used_at`) does not.
 */
const STATEMENTS = [
  `alter table "tenants" add column "api_origins" text default '[]' not null`,
  `create table "site_api_keys" (
    "id" %id%,
    "tenant_id" integer not null references "tenants" ("id") on delete cascade,
    "name" text not null,
    "prefix" text not null,
    "key_hash" text not null,
    "created_at" text not null,
    "created_by" integer references "users" ("id") on delete set null,
    "last_used_at" text,
    "revoked_at" text
  )`,
  `create unique index "site_api_keys_unique_hash" on "site_api_keys" ("key_hash")`,
  `create index "site_api_keys_by_tenant" on "site_api_keys" ("tenant_id", "id")`,
  `create index "site_api_keys_by_creator" on "site_api_keys" ("created_by")`,
];

export function siteKeysMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await runStatements(db, dialect, STATEMENTS);
      if (dialect !== 'postgres') return;
      await sql`create trigger "site_api_keys_notify_change" after update of "revoked_at" or delete on "site_api_keys"
        for each statement execute function bo_notify_change()`.execute(db);
    },
  };
}
