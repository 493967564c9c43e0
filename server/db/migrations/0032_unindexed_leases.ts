import type { Kysely } from 'kysely';
import { runStatements } from '../columns.js';
import type { Dialect } from '../database.js';

/**
 * Cheaper writes of the indexing log, which every publish of a row writes to twice more
 * (docs/decisions.md §45):
 * - a lease's rows come back from the UPDATE that takes them (server/services/jobs/lease.ts),
 *   so nothing looks rows up by `claim`: its two indexes go, and taking or dropping a lease
 *   changes no indexed column;
 * - the log's list orders by a sortable column, also under a site or action filter (the
 *   composite indexes of migration 0012): its (site, id) and (action, id) indexes serve no
 *   query;
 * - on PostgreSQL an action's pages are filled half: it is written once and updated twice
 *   (its lease, its outcome), and with room on its page the lease's update is written in
 *   place (HOT) instead of into each index.
 */
const STATEMENTS = [
  `drop index "indexing_actions_claim"`,
  `drop index "jobs_claim"`,
  `drop index "indexing_actions_by_site"`,
  `drop index "indexing_actions_by_action"`,
];
const POSTGRES = [`alter table "indexing_actions" set (fillfactor = 50)`];

export function unindexedLeasesMigration(dialect: Dialect) {
  return { up: (db: Kysely<any>) => runStatements(db, dialect, dialect === 'postgres' ? [...STATEMENTS, ...POSTGRES] : STATEMENTS) };
}
