import type { Kysely } from 'kysely';
import { runStatements } from '../columns.js';
import type { Dialect } from '../database.js';

/**
 * Image work off the request path (docs/decisions.md §34): an image's row is filed at once
 * and its variants are made by a `media_variants` job. `processing` holds the ticket of the
 * job that owes the row its variants, null once they exist (or the file had none to make):
 * rows filed before this migration are ready. A replace gives the row a new ticket, so a job
 * of the file before it finds its ticket gone and keeps nothing.
 */
const STATEMENTS = [`alter table "media" add column "processing" varchar(64)`];

export function mediaProcessingMigration(dialect: Dialect) {
  return { up: (db: Kysely<any>) => runStatements(db, dialect, STATEMENTS) };
}
