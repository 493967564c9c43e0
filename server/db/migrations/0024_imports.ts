import type { Kysely } from 'kysely';
import { runStatements } from '../columns.js';
import type { Dialect } from '../database.js';

/**
 * Imports (issue 17, server/entities/import/): each row's outcome of an import job
 * (`job_rows`: created, updated with the columns it changes, unchanged, error), paged by
 * line for the dry run's report and counted by outcome; and the column mapping a user last
 * imported an entity with on a site (`import_mappings`), offered again next time.
 */
const STATEMENTS = [
  `create table "job_rows" (
    "job_id" integer not null references "jobs" ("id") on delete cascade,
    "line" integer not null,
    "outcome" varchar(16) not null,
    "row_id" integer,
    "changes" text default '' not null,
    primary key ("job_id", "line")
  )`,
  `create index "job_rows_outcome" on "job_rows" ("job_id", "outcome", "line")`,
  `create table "import_mappings" (
    "tenant_id" integer not null references "tenants" ("id") on delete cascade,
    "user_id" integer not null references "users" ("id") on delete cascade,
    "entity" varchar(64) not null,
    "mapping" text not null,
    "options" text not null,
    "updated_at" varchar(32) not null,
    primary key ("tenant_id", "user_id", "entity")
  )`,
];

export function importsMigration(dialect: Dialect) {
  return { up: (db: Kysely<any>) => runStatements(db, dialect, STATEMENTS) };
}
