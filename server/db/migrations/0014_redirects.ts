import type { Kysely } from 'kysely';
import { runStatements } from '../columns.js';
import type { Dialect } from '../database.js';

/**
 * Redirects of a dealer's public site (issue 15 §4, entities/redirect.ts): what the entity
 * declaration made on the day it landed, plus the (tenant_id, to_path) index a chain collapse
 * reads (every redirect that pointed at a path that now redirects elsewhere). The lookup of
 * the delivery API is the unique (tenant_id, from_path) index.
 */
const STATEMENTS = [
  `create table "redirects" ("id" %id%, "tenant_id" integer not null references "tenants" ("id") on delete cascade, "from_path" text default '' not null, "to_path" text default '' not null, "language" text, "origin" text, "version" integer default 1 not null, "created_at" varchar(32) not null, "updated_at" varchar(32) not null)`,
  `create index "redirects_tenant" on "redirects" ("tenant_id", "id")`,
  `create index "redirects_by_updated_at" on "redirects" ("tenant_id", "updated_at", "id")`,
  `create index "redirects_by_from_path" on "redirects" ("tenant_id", "from_path", "id")`,
  `create unique index "redirects_unique_from_path" on "redirects" ("tenant_id", "from_path") where "from_path" <> ''`,
  `create index "redirects_by_language" on "redirects" ("tenant_id", "language", "id")`,
  `create index "redirects_by_origin" on "redirects" ("tenant_id", "origin", "id")`,
  `create table "redirects_search" ("tenant_id" integer not null, "token" %token% not null, "entity_id" integer not null references "redirects" ("id") on delete cascade, constraint "redirects_search_pk" primary key ("tenant_id", "token", "entity_id"))`,
  `create index "redirects_search_entity" on "redirects_search" ("entity_id")`,
  `create index "redirects_origin_by_from_path" on "redirects" ("tenant_id", "origin", "from_path", "id")`,
  `create index "redirects_origin_by_updated_at" on "redirects" ("tenant_id", "origin", "updated_at", "id")`,
  `create index "redirects_language_by_from_path" on "redirects" ("tenant_id", "language", "from_path", "id")`,
  `create index "redirects_language_by_updated_at" on "redirects" ("tenant_id", "language", "updated_at", "id")`,
  `create index "redirects_by_to_path" on "redirects" ("tenant_id", "to_path")`,
];

export function redirectsMigration(dialect: Dialect) {
  return {
    up: (db: Kysely<any>) => runStatements(db, dialect, STATEMENTS),
  };
}
