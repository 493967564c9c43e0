import type { Kysely } from 'kysely';
import { runStatements } from '../columns.js';
import type { Dialect } from '../database.js';

/**
 * The activity log and the revisions of rows (issue 16), one table: every entry says who
 * (`user_id`, `username` as it was; none for the server's own writes), when, from which
 * address, on which site (`tenant_id`, the site the request worked on) and in which market
 * (`market_id`, what a market administrator's view reaches), what (`action` on `model`,
 * `object_id`). An entry of an entity write is a revision: it carries the row's `version`
 * after the write, the names of the fields it changed (`changes`, per language) and the
 * whole row as it then was (`record`; a delete's, the row as it was deleted).
 *
 * No foreign keys: the log outlives the users, rows and sites it names. Its reads walk an
 * index in the order they show (newest first), so a page costs a page whatever the size:
 * a row's history by (model, object_id, id), a site's log by (tenant_id, at, id) and the
 * same behind each filter, a market's and the whole platform's by at. A deleted row stays
 * restorable (the bin) while its delete entry holds its record: the two partial indexes
 * hold only those, so listing a bin and pruning the expired ones read nothing else.
 */
const STATEMENTS = [
  `create table "activity" (
    "id" %id%,
    "at" varchar(32) not null,
    "tenant_id" integer,
    "market_id" integer,
    "user_id" integer,
    "username" text default '' not null,
    "ip" text default '' not null,
    "action" varchar(32) not null,
    "model" varchar(64) not null,
    "object_id" integer,
    "version" integer,
    "changes" text,
    "record" text
  )`,
  `create index "activity_of_row" on "activity" ("model", "object_id", "id")`,
  `create index "activity_of_site" on "activity" ("tenant_id", "at", "id")`,
  `create index "activity_of_site_user" on "activity" ("tenant_id", "user_id", "at", "id")`,
  `create index "activity_of_site_model" on "activity" ("tenant_id", "model", "at", "id")`,
  `create index "activity_of_site_action" on "activity" ("tenant_id", "action", "at", "id")`,
  `create index "activity_of_market" on "activity" ("market_id", "at", "id")`,
  `create index "activity_by_at" on "activity" ("at", "id")`,
  `create index "activity_bin" on "activity" ("tenant_id", "model", "id") where "action" = 'delete' and "record" is not null`,
  `create index "activity_bin_expiry" on "activity" ("at") where "action" = 'delete' and "record" is not null`,
];

export function revisionsMigration(dialect: Dialect) {
  return {
    up: (db: Kysely<any>) => runStatements(db, dialect, STATEMENTS),
  };
}
