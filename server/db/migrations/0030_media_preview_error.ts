import type { Kysely } from 'kysely';
import { runStatements } from '../columns.js';
import type { Dialect } from '../database.js';

/**
 * Why an image has no preview (docs/decisions.md §37): its `media_variants` job found it
 * unreadable (`imageInvalid`) or over the time limit (`imageSlow`), as a problem code the
 * back-office says in the user's language; null for every other file. A new file clears it.
 */
const STATEMENTS = [`alter table "media" add column "preview_error" varchar(32)`];

export function mediaPreviewErrorMigration(dialect: Dialect) {
  return { up: (db: Kysely<any>) => runStatements(db, dialect, STATEMENTS) };
}
