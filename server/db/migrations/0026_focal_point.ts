import type { Kysely } from 'kysely';
import { runStatements } from '../columns.js';
import type { Dialect } from '../database.js';

/**
 * The focal point of an image (docs/decisions.md, renditions): where a `cover` rendition's
 * crop is centred, as fractions of the width and height from the top left; null is the centre.
 */
const STATEMENTS = [`alter table "media" add column "focal_x" %real%`, `alter table "media" add column "focal_y" %real%`];

export function focalPointMigration(dialect: Dialect) {
  return { up: (db: Kysely<any>) => runStatements(db, dialect, STATEMENTS) };
}
