import type { Kysely } from 'kysely';
import { runStatements } from '../columns.js';
import type { Dialect } from '../database.js';
import type { MigrationHooks } from './hooks.js';

/**
 * The accounts lists on the list engine's path (issue 20, docs/decisions.md §12).
 * - users_search: the words of each account (server/users/words.ts), once per roster it
 *   belongs to — `site` (a dealer site's dealer users, tenant_id = the site), `dealers`
 *   (every site's dealer users, tenant_id 0), `master` (staff and market administrators,
 *   tenant_id 0) — so that a search word is one range of the primary key in any roster.
 * - for each order the list offers (sortable columns, then id): (tenant_id, role, sort, id)
 *   for a site's dealer users and the dealer users filtered by site, (role, sort, id,
 *   tenant_id) for the rosters of a role (tenant_id rides along, so "has a site" is
 *   checked in the index); each again with is_active, the filter both lists offer.
 */
const STATEMENTS = [
  `create table "users_search" (
    "roster" varchar(8) not null,
    "tenant_id" integer not null,
    "token" %token% not null,
    "user_id" integer not null references "users" ("id") on delete cascade,
    constraint "users_search_pk" primary key ("roster", "tenant_id", "token", "user_id")
  )`,
  `create index "users_search_user" on "users_search" ("user_id")`,
  `create index "users_site_by_username" on "users" ("tenant_id", "role", "username", "id")`,
  `create index "users_site_by_email" on "users" ("tenant_id", "role", "email", "id")`,
  `create index "users_site_by_first_name" on "users" ("tenant_id", "role", "first_name", "id")`,
  `create index "users_site_by_last_name" on "users" ("tenant_id", "role", "last_name", "id")`,
  `create index "users_site_by_is_active" on "users" ("tenant_id", "role", "is_active", "id")`,
  `create index "users_site_by_updated_at" on "users" ("tenant_id", "role", "updated_at", "id")`,
  `create index "users_site_is_active_by_username" on "users" ("tenant_id", "role", "is_active", "username", "id")`,
  `create index "users_site_is_active_by_email" on "users" ("tenant_id", "role", "is_active", "email", "id")`,
  `create index "users_site_is_active_by_first_name" on "users" ("tenant_id", "role", "is_active", "first_name", "id")`,
  `create index "users_site_is_active_by_last_name" on "users" ("tenant_id", "role", "is_active", "last_name", "id")`,
  `create index "users_site_is_active_by_updated_at" on "users" ("tenant_id", "role", "is_active", "updated_at", "id")`,
  `create index "users_role_by_username" on "users" ("role", "username", "id", "tenant_id")`,
  `create index "users_role_by_email" on "users" ("role", "email", "id", "tenant_id")`,
  `create index "users_role_by_first_name" on "users" ("role", "first_name", "id", "tenant_id")`,
  `create index "users_role_by_last_name" on "users" ("role", "last_name", "id", "tenant_id")`,
  `create index "users_role_by_is_active" on "users" ("role", "is_active", "id", "tenant_id")`,
  `create index "users_role_by_updated_at" on "users" ("role", "updated_at", "id", "tenant_id")`,
  `create index "users_role_is_active_by_username" on "users" ("role", "is_active", "username", "id", "tenant_id")`,
  `create index "users_role_is_active_by_email" on "users" ("role", "is_active", "email", "id", "tenant_id")`,
  `create index "users_role_is_active_by_first_name" on "users" ("role", "is_active", "first_name", "id", "tenant_id")`,
  `create index "users_role_is_active_by_last_name" on "users" ("role", "is_active", "last_name", "id", "tenant_id")`,
  `create index "users_role_is_active_by_updated_at" on "users" ("role", "is_active", "updated_at", "id", "tenant_id")`,
];

export function accountListsMigration(dialect: Dialect, hooks: MigrationHooks) {
  return {
    async up(db: Kysely<any>) {
      await runStatements(db, dialect, STATEMENTS);
      await hooks.reindex(db, 'user');
    },
  };
}
