/**
 * Sends pending indexing actions through a notifier, in the background of the server, on
 * the claim/lease/retry core every background worker shares (server/services/jobs/lease.ts,
 * loop.ts).
 *
 * A run claims a small batch of due actions under a lease (store.ts claimDue), sends them
 * per host, records the outcome in one short transaction and yields to the event loop
 * before the next batch, so API requests keep their turn. A failure that may pass is tried
 * again after an exponential backoff with jitter; after `maxAttempts`, or at once for a
 * permanent failure, the action is `failed`. Runs happen every `pollMs`, and soon after
 * `nudge()` (a content write recorded actions). Nothing is lost when the process stops: a
 * lease that runs out makes its actions due again for whichever dispatcher looks next.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { backoff } from '../jobs/lease.js';
import { type Batch, LoopWorker } from '../jobs/loop.js';
import { GIVE_WAY_MS, requestsSettled } from '../../plugins/inFlight.js';
import { MAX_URLS_PER_REQUEST, type Notifier, type NotifyResult } from './notifier.js';
import { type ClaimedAction, claimDue, type Outcome, recordOutcomes } from './store.js';

export interface DispatcherOptions {
  db: Kysely<any>;
  dialect: Dialect;
  notifier: Notifier;
  /** Milliseconds since the epoch; tests pass their own clock. */
  now?: () => number;
  /** [0, 1): the jitter of the backoff. */
  random?: () => number;
  pollMs?: number;
  maxAttempts?: number;
  batchSize?: number;
  /** How long a claim holds its actions; a dispatcher that stops for longer loses them to another. */
  leaseMs?: number;
  /** First retry delay; each further one doubles, up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  onError?: (error: unknown) => void;
}

export interface RunResult {
  claimed: number;
  sent: number;
  retried: number;
  failed: number;
}

export class Dispatcher extends LoopWorker<RunResult> {
  readonly notifier: Notifier;
  private readonly db: Kysely<any>;
  private readonly dialect: Dialect;
  private readonly now: () => number;
  private readonly random: () => number;
  readonly maxAttempts: number;
  private readonly batchSize: number;
  private readonly leaseMs: number;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;

  constructor(opts: DispatcherOptions) {
    super(opts.pollMs ?? 2000, opts.onError, opts.dialect);
    this.db = opts.db;
    this.dialect = opts.dialect;
    this.notifier = opts.notifier;
    this.now = opts.now ?? Date.now;
    this.random = opts.random ?? Math.random;
    this.maxAttempts = opts.maxAttempts ?? 8;
    this.batchSize = opts.batchSize ?? 200;
    this.leaseMs = opts.leaseMs ?? 60_000;
    this.backoffMs = opts.backoffMs ?? 30_000;
    this.maxBackoffMs = opts.maxBackoffMs ?? 6 * 3600_000;
  }

  protected async nextBatch(): Promise<Batch<RunResult>> {
    const result = await this.runBatch();
    return { result, more: result.claimed >= this.batchSize };
  }

  /** Delay before attempt `attempts + 1`: exponential, with jitter so failed hosts are not hit in step. */
  backoff(attempts: number): number {
    return backoff(attempts, { baseMs: this.backoffMs, maxMs: this.maxBackoffMs, random: this.random });
  }

  /** Sends batches until nothing is due; one run at a time per dispatcher. */
  async runUntilIdle(): Promise<RunResult> {
    const total: RunResult = { claimed: 0, sent: 0, retried: 0, failed: 0 };
    for (const r of await this.drain()) {
      total.claimed += r.claimed;
      total.sent += r.sent;
      total.retried += r.retried;
      total.failed += r.failed;
    }
    return total;
  }

  /** Claims, sends and records one batch. */
  async runBatch(): Promise<RunResult> {
    const t = this.now();
    const { token, rows } = await claimDue(this.db, this.dialect, this.batchSize, iso(t), iso(t + this.leaseMs));
    const result: RunResult = { claimed: rows.length, sent: 0, retried: 0, failed: 0 };
    if (!rows.length) return result;
    // The claim and the record are two transactions: requests in flight go between them
    // (a notifier that answers at once, as the log's does, would otherwise make them one block).
    await requestsSettled(GIVE_WAY_MS);
    const outcomes: Outcome[] = [];
    for (const [host, group] of byHost(rows)) {
      for (let i = 0; i < group.length; i += MAX_URLS_PER_REQUEST) {
        const chunk = group.slice(i, i + MAX_URLS_PER_REQUEST);
        const answer = await this.send(host, chunk);
        outcomes.push(...this.outcomesOf(chunk, answer));
      }
    }
    await recordOutcomes(this.db, token, outcomes, iso(this.now()));
    for (const o of outcomes) {
      if (o.status === 'sent') result.sent += o.ids.length;
      else if (o.status === 'failed') result.failed += o.ids.length;
      else result.retried += o.ids.length;
    }
    return result;
  }

  private async send(host: string, actions: readonly ClaimedAction[]): Promise<NotifyResult> {
    try {
      return await this.notifier.notify(host, [...new Set(actions.map((a) => a.url))]);
    } catch (e) {
      return { ok: false, retry: true, response: `notifier error: ${(e as Error).message}` };
    }
  }

  /** What each action of a chunk becomes, grouped by attempts made (one UPDATE per group). */
  private outcomesOf(chunk: readonly ClaimedAction[], answer: NotifyResult): Outcome[] {
    const groups = new Map<number, number[]>();
    for (const a of chunk) {
      const attempts = a.attempts + 1;
      groups.set(attempts, [...(groups.get(attempts) ?? []), a.id]);
    }
    return [...groups].map(([attempts, ids]) => {
      if (answer.ok) return { ids, status: 'sent', attempts, response: answer.response };
      if (!answer.retry || attempts >= this.maxAttempts) return { ids, status: 'failed', attempts, response: answer.response };
      return { ids, status: 'pending', attempts, response: answer.response, nextAttemptIso: iso(this.now() + this.backoff(attempts)) };
    });
  }
}

const iso = (ms: number) => new Date(ms).toISOString();

function byHost(rows: readonly ClaimedAction[]): Map<string, ClaimedAction[]> {
  const out = new Map<string, ClaimedAction[]>();
  for (const r of rows) {
    let host = r.site;
    try {
      host = new URL(r.url).host;
    } catch {
      // A URL that does not parse still goes out under its site's name.
    }
    const list = out.get(host);
    if (list) list.push(r);
    else out.set(host, [r]);
  }
  return out;
}
