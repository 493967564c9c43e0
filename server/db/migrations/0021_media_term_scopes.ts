import type { Kysely } from 'kysely';
import { runStatements } from '../columns.js';
import type { Dialect } from '../database.js';

/**
 * media_terms' primary key starts (tenant_id, term, …): a search word is a range of `term`,
 * after which the folder and the type group are checked row by row, so a word frequent in
 * the library but absent from a folder or a type read every one of its rows (measured at
 * 1,000,000 media: `tractor` among the videos, 20–30 ms to find none). One index per scope
 * a list asks for puts its equalities before the word (docs/decisions.md §12): a folder and
 * a type, a folder, every folder and a type (every folder and no type is the primary key).
 */
const STATEMENTS = [
  `create index "media_terms_folder_group" on "media_terms" ("tenant_id", "folder_id", "mime_group", "term", "media_id")`,
  `create index "media_terms_folder" on "media_terms" ("tenant_id", "folder_id", "term", "media_id")`,
  `create index "media_terms_group" on "media_terms" ("tenant_id", "mime_group", "term", "media_id")`,
];

export function mediaTermScopesMigration(dialect: Dialect) {
  return { up: (db: Kysely<any>) => runStatements(db, dialect, STATEMENTS) };
}
