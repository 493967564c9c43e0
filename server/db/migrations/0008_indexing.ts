import type { Kysely } from 'kysely';
import { runStatements } from '../columns.js';
import type { Dialect } from '../database.js';

/**
 * Indexing actions (issue 6): the columns of entities/indexingLog.ts as it was, plus what
 * only the dispatcher uses — the site the action came from, and the lease (`claim` token,
 * `locked_until`) that keeps two server instances from sending the same action; due work is
 * a range scan of (status, next_attempt_at, id).
 * The statements are written out (frozen): what the entity declarations made of this
 * field list on the day it landed; a later change to a declaration comes with a migration of its own.
 */
const STATEMENTS = [
  `create table "indexing_actions" (
    "id" %id%,
    "url" text default '' not null,
    "action" text,
    "status" text,
    "site" text default '' not null,
    "entity" text default '' not null,
    "entity_id" integer,
    "attempts" integer,
    "next_attempt_at" text,
    "response" text default '' not null,
    "version" integer default 1 not null,
    "created_at" varchar(32) not null,
    "updated_at" varchar(32) not null
  )`,
  `create index "indexing_actions_by_created_at" on "indexing_actions" ("created_at", "id")`,
  `create index "indexing_actions_by_action" on "indexing_actions" ("action", "id")`,
  `create index "indexing_actions_by_status" on "indexing_actions" ("status", "id")`,
  `create index "indexing_actions_by_site" on "indexing_actions" ("site", "id")`,
  `create index "indexing_actions_by_attempts" on "indexing_actions" ("attempts", "id")`,
  `create table "indexing_actions_search" (
    "tenant_id" integer not null,
    "token" %token% not null,
    "entity_id" integer not null references "indexing_actions" ("id") on delete cascade,
    constraint "indexing_actions_search_pk" primary key ("tenant_id", "token", "entity_id")
  )`,
  `create index "indexing_actions_search_entity" on "indexing_actions_search" ("entity_id")`,
  `alter table "indexing_actions" add column "tenant_id" integer references "tenants" ("id") on delete set null`,
  `alter table "indexing_actions" add column "claim" varchar(64)`,
  `alter table "indexing_actions" add column "locked_until" varchar(32)`,
  `create index "indexing_actions_due" on "indexing_actions" ("status", "next_attempt_at", "id")`,
  `create index "indexing_actions_claim" on "indexing_actions" ("claim")`,
  `create index "indexing_actions_tenant" on "indexing_actions" ("tenant_id")`,
];

export function indexingMigration(dialect: Dialect) {
  return {
    up: (db: Kysely<any>) => runStatements(db, dialect, STATEMENTS),
  };
}
