/**
 * PostgreSQL plans every statement from statistics that autovacuum refreshes a minute apart at
 * best. Bulk work outgrows them within seconds: an import into a database whose tables were
 * last analyzed near-empty (a fresh install, a new platform) is planned as if they still were.
 * The slug check of each batch then filtered a site's whole slug index by a list of 300
 * candidates instead of looking each one up (1 s a batch at 30,000 rows, growing with every
 * batch; docs/decisions.md §54). After bulk work, the tables that have at least doubled since
 * they were last analyzed are analyzed at once, which also re-plans the prepared statements
 * that read them. SQLite plans without statistics unless asked, and assumes indexes selective.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from './database.js';

/** Fewer changed rows than this never make a table's statistics stale enough to matter. */
const MIN_CHANGED_ROWS = 1000;
/** One look at the counters per this many milliseconds at most. */
const EVERY_MS = 1000;

/** The tables of this database that bulk work has at least doubled since they were last analyzed. */
async function grownTables(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select quote_ident(schemaname) || '.' || quote_ident(relname) as name from pg_stat_user_tables
    where n_mod_since_analyze >= ${MIN_CHANGED_ROWS} and n_mod_since_analyze >= n_live_tup / 2`.execute(db);
  return rows.map((r) => r.name);
}

export class PlannerStatistics {
  private checkedAt = -Infinity;

  constructor(
    private readonly db: Kysely<any>,
    private readonly dialect: Dialect,
    private readonly now: () => number = Date.now,
  ) {}

  /** Analyzes the tables bulk work has outgrown (PostgreSQL); the tables analyzed. */
  async refresh(): Promise<string[]> {
    if (this.dialect !== 'postgres' || this.now() - this.checkedAt < EVERY_MS) return [];
    this.checkedAt = this.now();
    const tables = await grownTables(this.db);
    if (tables.length) await sql`analyze ${sql.raw(tables.join(', '))}`.execute(this.db);
    return tables;
  }
}
