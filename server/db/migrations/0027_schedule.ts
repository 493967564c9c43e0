import type { Kysely } from 'kysely';
import { runStatements } from '../columns.js';
import type { Dialect } from '../database.js';

/**
 * Scheduled publish and unpublish (issue 16 item 3, server/entities/schedule/): one row per
 * action asked for a row of a site, leased by the scheduler like the indexing actions and the
 * jobs (`claim`, `locked_until`); due work is a range scan of (status, due_at, id), a row's
 * pending actions a probe of (model, object_id, status). And the site's own front-end
 * (`preview_url`), where a preview link points when it is set.
 */
const STATEMENTS = [
  `create table "scheduled_actions" (
    "id" %id%,
    "tenant_id" integer not null references "tenants" ("id") on delete cascade,
    "model" varchar(40) not null,
    "object_id" integer not null,
    "action" varchar(16) not null,
    "status" varchar(16) not null,
    "due_at" varchar(32) not null,
    "user_id" integer,
    "username" varchar(150) default '' not null,
    "attempts" integer default 0 not null,
    "claim" varchar(64),
    "locked_until" varchar(32),
    "last_error" text default '' not null,
    "created_at" varchar(32) not null,
    "done_at" varchar(32)
  )`,
  `create index "scheduled_actions_due" on "scheduled_actions" ("status", "due_at", "id")`,
  `create index "scheduled_actions_row" on "scheduled_actions" ("model", "object_id", "status")`,
  `alter table "tenants" add column "preview_url" varchar(300) default '' not null`,
];

export function scheduleMigration(dialect: Dialect) {
  return { up: (db: Kysely<any>) => runStatements(db, dialect, STATEMENTS) };
}
