import type { Kysely } from 'kysely';
import { runStatements } from '../columns.js';
import type { Dialect } from '../database.js';

/**
 * A lease's rows come back from the UPDATE that takes them (server/services/jobs/lease.ts),
 * so nothing looks rows up by `claim` any more: without its index, taking and dropping a
 * lease changes no indexed column, and PostgreSQL can write the new row version in place of
 * inserting it into each of the indexing log's 17 indexes (docs/decisions.md §45).
 */
const STATEMENTS = [`drop index "indexing_actions_claim"`, `drop index "jobs_claim"`];

export function unindexedLeasesMigration(dialect: Dialect) {
  return { up: (db: Kysely<any>) => runStatements(db, dialect, STATEMENTS) };
}
