/**
 * The background loop of a worker (the indexing dispatcher, the job runner): runs batches
 * until one says there is nothing more, yielding to the event loop between batches so API
 * requests keep their turn (SQLite has one writer: no long transactions in a batch); runs
 * every `pollMs`, and soon after `nudge()` (new work was recorded). One run at a time per loop.
 */
import { performance } from 'node:perf_hooks';
import type { Dialect } from '../../db/database.js';
import { GIVE_WAY_MS, requestsSettled } from '../../plugins/inFlight.js';

/** A batch no longer than this held a request for no longer: after it, the worker only gives way. */
const SHORT_BATCH_MS = 20;

/**
 * On SQLite a batch's statements run on the event loop, so a batch held it as long as it took.
 * After one longer than SHORT_BATCH_MS, a pause as long (at most 50 ms): a worker takes at most
 * about half of the event loop while requests are waiting. Not only while requests are in
 * flight: a client that reads again a moment after its answer finds the loop free only so.
 * After a shorter batch (transactions bounded by time, chunks.ts) such a client waits for one
 * short batch at most, so the worker goes on once the requests in flight have their answers
 * (plugins/inFlight.ts).
 * On PostgreSQL the statements run in the database's processes: the loop is free at each round
 * trip of a batch, and requests go on between them, so the worker only gives way. The pause had
 * taken 50 ms of every 144 of an import (1,313 rows/s; 2,042 without, another user's list p99
 * 12 → 20 ms; docs/decisions.md §42).
 */
function yieldToRequests(busyMs: number, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres' || busyMs <= SHORT_BATCH_MS) return requestsSettled(GIVE_WAY_MS);
  return new Promise<void>((resolve) => setTimeout(resolve, Math.min(50, busyMs)));
}

export interface Batch<R> {
  result: R;
  /** Whether more work may be waiting right now. */
  more: boolean;
}

export class BackgroundLoop<R> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<R[]> | undefined;
  private again = false;
  /** Polling (start) or not; runs asked for directly happen either way. */
  private polling = false;
  /** stop() was called: a run in progress ends after its current batch. */
  private halted = false;

  constructor(
    private readonly batch: () => Promise<Batch<R>>,
    private readonly pollMs: number,
    private readonly onError: (error: unknown) => void,
    /** The database the batches write to: whether a batch holds the event loop while it runs. */
    private readonly dialect: Dialect,
  ) {}

  start(): void {
    if (this.polling) return;
    this.polling = true;
    this.halted = false;
    this.schedule(0);
  }

  /** Stops polling and waits for a run in progress (its current batch is recorded first). */
  async stop(): Promise<void> {
    this.polling = false;
    this.halted = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** New work was recorded: run soon rather than at the next poll. */
  nudge(): void {
    if (!this.polling) return;
    if (this.running) this.again = true;
    else this.schedule(25);
  }

  /**
   * Runs batches until none says there is more; the results of each. Asked while a run is in
   * progress, it runs again after that one: the run may have looked for work before the caller
   * recorded its own. A stop() meanwhile wins.
   */
  runUntilIdle(): Promise<R[]> {
    if (this.running) {
      const again = () => (this.halted ? [] : this.runUntilIdle());
      return this.running.then(again, again);
    }
    // A run asked for after stop() (a test holding the worker) drains: stop() halts only the run it finds.
    this.halted = false;
    this.running = this.drain().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private schedule(ms: number) {
    clearTimeout(this.timer);
    if (!this.polling) return;
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref();
  }

  private async tick() {
    try {
      await this.runUntilIdle();
    } catch (e) {
      this.onError(e);
    }
    if (this.again) {
      this.again = false;
      this.schedule(0);
    } else this.schedule(this.pollMs);
  }

  private async drain(): Promise<R[]> {
    const results: R[] = [];
    for (;;) {
      const started = performance.now();
      const { result, more } = await this.batch();
      results.push(result);
      if (!more || this.halted) return results;
      await yieldToRequests(performance.now() - started, this.dialect);
    }
  }
}

/**
 * A worker on a BackgroundLoop of its own (the indexing dispatcher, the job runner, the
 * scheduler): polling, nudging and stopping are the loop's, the same for each; a worker says
 * what one batch is.
 */
export abstract class LoopWorker<R> {
  private readonly loop: BackgroundLoop<R>;

  protected constructor(pollMs: number, onError: ((error: unknown) => void) | undefined, dialect: Dialect) {
    // The batch is looked up when the loop runs, once the subclass has set its fields.
    this.loop = new BackgroundLoop(() => this.nextBatch(), pollMs, onError ?? (() => undefined), dialect);
  }

  /** One batch of the worker's work, and whether more may be waiting right now. */
  protected abstract nextBatch(): Promise<Batch<R>>;

  start(): void {
    this.loop.start();
  }

  /** Stops polling and waits for a run in progress (its current batch is recorded first). */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** New work was recorded: run soon rather than at the next poll. */
  nudge(): void {
    this.loop.nudge();
  }

  /** Runs batches until none says there is more: the results of each. */
  protected drain(): Promise<R[]> {
    return this.loop.runUntilIdle();
  }
}
