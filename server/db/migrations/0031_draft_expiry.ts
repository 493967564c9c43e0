import type { Kysely } from 'kysely';
import { runStatements } from '../columns.js';
import type { Dialect } from '../database.js';

/**
 * The drafts that still hold their record, oldest first (docs/decisions.md §38): what the
 * hourly sweep reads to drop the records of superseded drafts past REVISIONS_KEEP_DAYS. A
 * pruned draft leaves the index, so the sweep reads only what is left to judge.
 */
const STATEMENTS = [`create index "activity_draft_expiry" on "activity" ("at", "id") where "action" = 'draft' and "record" is not null`];

export function draftExpiryMigration(dialect: Dialect) {
  return { up: (db: Kysely<any>) => runStatements(db, dialect, STATEMENTS) };
}
