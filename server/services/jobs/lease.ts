/**
 * The claim/lease/retry core of every background worker (docs/decisions.md §Jobs): the
 * indexing dispatcher's actions and the job runner's jobs are rows leased this way.
 *
 * A claim marks up to `limit` due rows with a fresh token and a lease end in one UPDATE
 * whose conditions are checked again by the UPDATE itself, so two workers never hold the
 * same row (PostgreSQL also skips rows another worker is claiming right now; SQLite has
 * one writer at a time). A lease that runs out makes its rows due again: a worker that
 * died (a restart, `kill -9`) loses nothing, whichever worker looks next takes them over.
 */
import { randomUUID } from 'node:crypto';
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { Dialect } from '../../db/database.js';

export interface LeasedTable {
  table: string;
  /** The table's own conditions of a due row, besides the lease (status, next attempt). */
  due: (eb: ExpressionBuilder<any, any>, nowIso: string) => Expression<SqlBool>;
  /** Which due rows go first. */
  order: readonly string[];
}

/** The lease columns every leased table has: `claim` (the holder's token) and `locked_until`. */
const unleased = (q: any, nowIso: string) => q.where((eb: any) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', nowIso)]));

/**
 * Leases up to `limit` due rows to a new token: the token, and the rows now carrying it in
 * `claim` (as the UPDATE left them; `Row` is the caller's type of them), in the due order.
 * The rows come back from the UPDATE, so no index on `claim` is needed: setting and clearing
 * a lease then changes no indexed column, and PostgreSQL can update the row in place (a HOT
 * update) instead of adding an entry to every index of a table that the list screens index
 * by each sortable column.
 */
export async function claimLeased<Row extends { id: number }>(
  db: Kysely<any>,
  dialect: Dialect,
  t: LeasedTable,
  limit: number,
  nowIso: string,
  leaseUntilIso: string,
): Promise<{ token: string; rows: Row[] }> {
  const token = randomUUID();
  const due = (q: any) =>
    unleased(
      q.where((eb: ExpressionBuilder<any, any>) => t.due(eb, nowIso)),
      nowIso,
    );
  // The ids first, then the UPDATE, in one transaction: as a sub-select of the UPDATE, PostgreSQL
  // may run the pick again per row, and each run skips the rows just leased and picks the next
  // ones — a claim of `limit` rows took every due row.
  return db.transaction().execute(async (trx) => {
    let pick = due(trx.selectFrom(t.table).select('id'));
    for (const column of t.order) pick = pick.orderBy(column);
    pick = pick.limit(limit);
    if (dialect === 'postgres') pick = pick.forUpdate().skipLocked();
    const ids = ((await pick.execute()) as { id: number }[]).map((r) => Number(r.id));
    if (!ids.length) return { token, rows: [] };
    const leased = (await due(trx.updateTable(t.table).set({ claim: token, locked_until: leaseUntilIso }).where('id', 'in', ids))
      .returningAll()
      .execute()) as Row[];
    const byId = new Map(leased.map((r) => [Number(r.id), r]));
    return { token, rows: ids.flatMap((id) => byId.get(id) ?? []) };
  });
}

export interface BackoffOptions {
  /** First retry delay; each further one doubles, up to maxMs. */
  baseMs: number;
  maxMs: number;
  /** [0, 1): the jitter. */
  random: () => number;
}

/** Delay before attempt `attempts + 1`: exponential, with jitter so failing work is not retried in step. */
export function backoff(attempts: number, o: BackoffOptions): number {
  const ceiling = Math.min(o.maxMs, o.baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling * (0.5 + o.random() * 0.5));
}
