import type { Kysely } from 'kysely';
import { runStatements } from '../columns.js';
import type { Dialect } from '../database.js';

/**
 * The job runner (issue 17, server/services/jobs/): one row per job of a user on a site,
 * leased like the indexing actions (`claim`, `locked_until`) so one runner holds a job
 * across instances; `checkpoint` is where the job resumes, committed with each batch's
 * writes; due work is a range scan of (status, next_attempt_at, id), a user's jobs of
 * (tenant_id, user_id, id). A job's problems (`job_errors`) make its error report.
 */
const STATEMENTS = [
  `create table "jobs" (
    "id" %id%,
    "tenant_id" integer not null references "tenants" ("id") on delete cascade,
    "user_id" integer not null references "users" ("id") on delete cascade,
    "kind" varchar(40) not null,
    "status" varchar(16) not null,
    "payload" text not null,
    "checkpoint" text,
    "done" integer default 0 not null,
    "total" integer default 0 not null,
    "errors" integer default 0 not null,
    "attempts" integer default 0 not null,
    "next_attempt_at" varchar(32),
    "claim" varchar(64),
    "locked_until" varchar(32),
    "last_error" text default '' not null,
    "created_at" varchar(32) not null,
    "updated_at" varchar(32) not null,
    "started_at" varchar(32),
    "finished_at" varchar(32)
  )`,
  `create index "jobs_due" on "jobs" ("status", "next_attempt_at", "id")`,
  `create index "jobs_by_user" on "jobs" ("tenant_id", "user_id", "id")`,
  `create index "jobs_claim" on "jobs" ("claim")`,
  `create table "job_errors" (
    "id" %id%,
    "job_id" integer not null references "jobs" ("id") on delete cascade,
    "ref" varchar(64) default '' not null,
    "field" varchar(200) default '' not null,
    "message" text not null
  )`,
  `create index "job_errors_job" on "job_errors" ("job_id", "id")`,
];

export function jobsMigration(dialect: Dialect) {
  return { up: (db: Kysely<any>) => runStatements(db, dialect, STATEMENTS) };
}
