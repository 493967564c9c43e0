/**
 * The one job runner (issue 17): runs the jobs of the `jobs` table one batch at a time, on
 * the claim/lease/retry core the indexing dispatcher shares (lease.ts, loop.ts).
 *
 * A batch: lease the next due job (one runner per job across instances), run the kind's
 * `prepare` if it has one (its work outside the database, before any transaction), then in one
 * transaction check the lease still holds and the job is still live (this also locks the
 * job's row on PostgreSQL, so a cancel waits for the batch), run the kind's batch from the
 * job's checkpoint, and write the new checkpoint, counts and problems, releasing the lease.
 * The batch's writes and its checkpoint commit together: a runner that dies mid-batch leaves
 * nothing of it, and the job is due again when its lease runs out. A cancelled job, or one
 * whose lease another runner took, rolls its batch back. A batch that throws is retried
 * after an exponential backoff with jitter, up to `maxAttempts`, then the job `failed`.
 * Jobs take turns: each batch puts its job at the back of the queue.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DatabaseSchema } from '../../db/schema.js';
import { PlannerStatistics } from '../../db/statistics.js';
import type { JobKind } from './kinds.js';
import { backoff } from './lease.js';
import { type Batch, LoopWorker } from './loop.js';
import { type ClaimedJob, claimJob, ENDED, insertProblems, LIVE } from './store.js';

/** Jobs one prune deletes at most; the next one goes on. */
const PRUNE_LIMIT = 100;

export interface RunnerOptions {
  db: Kysely<DatabaseSchema>;
  dialect: Dialect;
  /** Each kind prepares its own type, which only its batch reads. */
  kinds: readonly JobKind<any>[];
  /** Milliseconds since the epoch; tests pass their own clock. */
  now?: () => number;
  /** [0, 1): the jitter of the backoff. */
  random?: () => number;
  pollMs?: number;
  maxAttempts?: number;
  /** How long a runner holds a job for one batch; one that stops for longer loses it to another. */
  leaseMs?: number;
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Ended jobs are pruned, with their row outcomes and problems, this many days after they ended (JOBS_KEEP_DAYS). */
  keepDays?: number;
  onError?: (error: unknown) => void;
}

/** What one batch of the runner did. */
export type BatchOutcome = { job: number; outcome: 'committed' | 'finished' | 'lost' | 'retry' | 'failed' } | { job: undefined; outcome: 'idle' };

/** The job was cancelled, or its lease taken over, while the batch ran: the batch rolls back. */
class LostJob extends Error {}

const iso = (ms: number) => new Date(ms).toISOString();
const DAY_MS = 86_400_000;
/** A runner with no job due prunes at most this often. */
const PRUNE_EVERY_MS = 3600_000;

export class JobRunner extends LoopWorker<BatchOutcome> {
  private readonly db: Kysely<DatabaseSchema>;
  private readonly dialect: Dialect;
  private readonly kinds: Map<string, JobKind<any>>;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly maxAttempts: number;
  private readonly leaseMs: number;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly keepMs: number;
  private prunedAt = -Infinity;
  private readonly statistics: PlannerStatistics;

  constructor(opts: RunnerOptions) {
    super(opts.pollMs ?? 1000, opts.onError, opts.dialect);
    this.db = opts.db;
    this.dialect = opts.dialect;
    this.kinds = new Map(opts.kinds.map((k) => [k.name, k]));
    this.now = opts.now ?? Date.now;
    this.random = opts.random ?? Math.random;
    this.maxAttempts = opts.maxAttempts ?? 5;
    this.leaseMs = opts.leaseMs ?? 60_000;
    this.backoffMs = opts.backoffMs ?? 5_000;
    this.maxBackoffMs = opts.maxBackoffMs ?? 3600_000;
    this.keepMs = (opts.keepDays ?? 30) * DAY_MS;
    this.statistics = new PlannerStatistics(opts.db, opts.dialect, this.now);
  }

  protected async nextBatch(): Promise<Batch<BatchOutcome>> {
    const result = await this.runBatch();
    // A job's batches are the bulk work that outgrows the planner's statistics (db/statistics.ts).
    if (result.outcome === 'committed' || result.outcome === 'finished') await this.statistics.refresh();
    if (result.outcome === 'idle' && this.now() - this.prunedAt >= PRUNE_EVERY_MS) {
      this.prunedAt = this.now();
      await this.prune();
    }
    return { result, more: result.outcome !== 'idle' };
  }

  /** Runs batches until no job is due. */
  runUntilIdle(): Promise<BatchOutcome[]> {
    return this.drain();
  }

  /** Leases the next due job and runs one batch of it. */
  async runBatch(): Promise<BatchOutcome> {
    const t = this.now();
    const claimed = await claimJob(this.db, this.dialect, iso(t), iso(t + this.leaseMs));
    if (!claimed) return { job: undefined, outcome: 'idle' };
    return this.runClaimed(claimed.job, claimed.token);
  }

  /** One batch of a job this runner holds under `token` (runBatch; tests hold a lease and stop, as a runner killed mid-job). */
  async runClaimed(job: ClaimedJob, token: string): Promise<BatchOutcome> {
    const kind = this.kinds.get(job.kind);
    try {
      if (!kind) throw new Error(`no job kind ${job.kind}`);
      const prepared: unknown = await kind.prepare?.(job);
      const finished = await this.db.transaction().execute(async (trx) => {
        const start = iso(this.now());
        const live = await trx
          .updateTable('jobs')
          .set({ status: 'running', locked_until: iso(this.now() + this.leaseMs), updated_at: start })
          .where('id', '=', job.id)
          .where('claim', '=', token)
          .where('status', 'in', LIVE)
          .executeTakeFirst();
        if (Number(live.numUpdatedRows) !== 1) throw new LostJob();
        const r = await kind.batch(trx, job, prepared);
        const end = iso(this.now());
        const done = await trx
          .updateTable('jobs')
          .set((eb) => ({
            checkpoint: JSON.stringify(r.checkpoint),
            done: eb('done', '+', r.done),
            errors: eb('errors', '+', r.problems.length),
            status: r.finished ? 'done' : 'running',
            attempts: 0,
            last_error: '',
            claim: null,
            locked_until: null,
            next_attempt_at: r.finished ? null : end,
            started_at: eb.fn.coalesce('started_at', eb.val(start)),
            finished_at: r.finished ? end : null,
            updated_at: end,
          }))
          .where('id', '=', job.id)
          .where('claim', '=', token)
          .where('status', 'in', LIVE)
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) !== 1) throw new LostJob();
        await insertProblems(trx, job.id, r.problems);
        return r.finished;
      });
      return { job: job.id, outcome: finished ? 'finished' : 'committed' };
    } catch (e) {
      if (e instanceof LostJob) return { job: job.id, outcome: 'lost' };
      return this.recordFailure(job, token, e);
    }
  }

  /**
   * Deletes the jobs that ended more than the retention ago — with their row outcomes
   * (`job_rows`, up to a row per line of a file) and problems — one job a transaction, so
   * a pruned 100,000-row import holds no lock for long; then what their kinds left outside
   * the database. The number pruned.
   */
  async prune(): Promise<number> {
    const before = iso(this.now() - this.keepMs);
    const old = await this.db
      .selectFrom('jobs')
      .select(['id', 'kind', 'payload'])
      .where('status', 'in', ENDED)
      .where('finished_at', '<', before)
      .orderBy('id')
      .limit(PRUNE_LIMIT)
      .execute();
    for (const job of old) {
      await this.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('job_rows').where('job_id', '=', job.id).execute();
        await trx.deleteFrom('job_errors').where('job_id', '=', job.id).execute();
        await trx.deleteFrom('jobs').where('id', '=', job.id).execute();
      });
      await this.kinds.get(job.kind)?.discard?.(JSON.parse(job.payload));
    }
    return old.length;
  }

  /** A batch threw: tried again after a backoff, or the job failed. */
  private async recordFailure(job: ClaimedJob, token: string, error: unknown): Promise<BatchOutcome> {
    const attempts = job.attempts + 1;
    const gaveUp = attempts >= this.maxAttempts;
    const t = this.now();
    const message = String((error as Error)?.message ?? error).slice(0, 500);
    await this.db
      .updateTable('jobs')
      .set({
        attempts,
        last_error: message,
        claim: null,
        locked_until: null,
        ...(gaveUp
          ? { status: 'failed', next_attempt_at: null, finished_at: iso(t) }
          : { next_attempt_at: iso(t + backoff(attempts, { baseMs: this.backoffMs, maxMs: this.maxBackoffMs, random: this.random })) }),
        updated_at: iso(t),
      })
      .where('id', '=', job.id)
      .where('claim', '=', token)
      .where('status', 'in', LIVE)
      .execute();
    return { job: job.id, outcome: gaveUp ? 'failed' : 'retry' };
  }
}
