/**
 * Transactions of background work bounded by time, not by a count of rows (docs/decisions.md
 * §40, §41): the scheduler and the import take work in chunks inside one transaction until it
 * has run `transactionMs`. On SQLite a request waits for the whole of a transaction (its one
 * connection, and the server's one thread), so the bound is short; PostgreSQL's requests have
 * connections of their own, and a longer transaction writes far more rows per statement.
 */
import { performance } from 'node:perf_hooks';
import type { Dialect } from '../../db/database.js';

export const transactionMsFor = (dialect: Dialect) => (dialect === 'sqlite' ? 10 : 200);

/**
 * Sizes chunks toward what takes `transactionMs`, grown or shrunk after each chunk by at most
 * a half or a double: a chunk's time is a fixed part (its reads, hooks and statements) plus a
 * part per row, so a plain ratio from a small chunk would overshoot. The size carries over
 * from one transaction to the next.
 */
export class ChunkSizer {
  private size = 1;

  constructor(
    readonly transactionMs: number,
    private readonly maxSize: number,
  ) {}

  /** How many items the next chunk takes. */
  get next(): number {
    return this.size;
  }

  /**
   * Runs `work` on consecutive chunks of `items` (at least one) until the next would take the
   * time since the call past `transactionMs`: how many items were given to `work`. A throw
   * from `work` ends it.
   */
  async fill<T>(items: readonly T[], work: (chunk: readonly T[]) => Promise<void>): Promise<number> {
    const started = performance.now();
    /** How long the next chunk should take, from the last one's time per item. */
    let expected = 0;
    let given = 0;
    while (given < items.length) {
      if (given > 0 && performance.now() - started + expected > this.transactionMs) break;
      const chunk = items.slice(given, given + this.size);
      given += chunk.length;
      const chunkStarted = performance.now();
      await work(chunk);
      const took = performance.now() - chunkStarted;
      const fit = Math.round((chunk.length * this.transactionMs) / Math.max(took, 0.1));
      this.size = Math.min(this.maxSize, Math.max(1, Math.ceil(this.size / 2), Math.min(fit, this.size * 2)));
      expected = (took * this.size) / chunk.length;
    }
    return given;
  }
}
