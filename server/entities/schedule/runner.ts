/**
 * The scheduler (issue 16 item 3, docs/decisions.md §30): carries out due rows of
 * `scheduled_actions` on the claim/lease core of the indexing dispatcher and the job runner
 * (services/jobs/lease.ts, loop.ts). A batch leases up to `batchSize` due actions and carries
 * them out in transactions of as many as fit in `transactionMs` (a commit per action was most
 * of an action's cost: bench/schedule.ts), each action under a savepoint that first marks it
 * done under the lease's token, then writes the row through the engine — a publish applies
 * the pending draft as `POST …/publish/` does (or sets the row's public status), an unpublish
 * sets a non-public status. The write and its marking commit together: a runner killed
 * mid-transaction leaves nothing, its actions are due again when their lease runs out, and a
 * dead runner's late commit finds its token gone and undoes that action. Each action happens
 * once across instances.
 *
 * The write is the scheduling user's, marked `scheduled_publish` / `scheduled_unpublish` in
 * the row's history; its write hooks record the indexing notification then, at go-live, and
 * move the site's data version (cached lists and delivery answers are outdated at commit).
 * A write the engine refuses (a slug taken since, a reference deleted since: 4xx) fails the
 * action at once with the reason, leaving the others of its transaction; anything else is
 * retried after a backoff.
 */
import { performance } from 'node:perf_hooks';
import type { Kysely, Selectable } from 'kysely';
import type { EntityDef } from '../../../entities/define.js';
import { scheduledStatus } from '../../../entities/schedule.js';
import type { Dialect } from '../../db/database.js';
import type { DatabaseSchema } from '../../db/schema.js';
import type { ScheduledActionsTable } from '../../db/tables/scheduledActions.js';
import { FieldErrors, HttpError } from '../../errors.js';
import { backoff, claimLeased, type LeasedTable } from '../../services/jobs/lease.js';
import { type Batch, LoopWorker } from '../../services/jobs/loop.js';
import { contextForSite, type EngineContext, hasTable } from '../context.js';
import { applyDraft, pendingDraft } from '../drafts/store.js';
import { loadRecord } from '../read.js';
import { MEDIA_TABLE } from '../references.js';
import { savepoint } from '../savepoint.js';
import { writeUpdate } from '../write.js';

type Action = Selectable<ScheduledActionsTable>;

const TABLE: LeasedTable = {
  table: 'scheduled_actions',
  due: (eb, nowIso) => eb.and([eb('status', '=', 'pending'), eb('due_at', '<=', nowIso)]),
  order: ['due_at', 'id'],
};

export interface SchedulerOptions {
  db: Kysely<DatabaseSchema>;
  dialect: Dialect;
  /** Milliseconds since the epoch: the one clock the scheduler reads (tests and the e2e build's clock control shift it). */
  now?: () => number;
  random?: () => number;
  pollMs?: number;
  batchSize?: number;
  /** A transaction takes on more actions until it has run this long (SQLite: its one connection is every request's meanwhile). */
  transactionMs?: number;
  leaseMs?: number;
  maxAttempts?: number;
  backoffMs?: number;
  onError?: (error: unknown) => void;
}

export type ActionOutcome = 'done' | 'lost' | 'retry' | 'failed';

/** The action was taken over by another runner (its lease ran out) or cleared meanwhile: roll back. */
class LostAction extends Error {}

const iso = (ms: number) => new Date(ms).toISOString();

export class Scheduler extends LoopWorker<number> {
  private readonly db: Kysely<DatabaseSchema>;
  private readonly dialect: Dialect;
  readonly now: () => number;
  private readonly random: () => number;
  private readonly batchSize: number;
  private readonly transactionMs: number;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private readonly backoffMs: number;
  private media: boolean | undefined;

  constructor(opts: SchedulerOptions) {
    super(opts.pollMs ?? 1000, opts.onError);
    this.db = opts.db;
    this.dialect = opts.dialect;
    this.now = opts.now ?? Date.now;
    this.random = opts.random ?? Math.random;
    this.batchSize = opts.batchSize ?? 50;
    this.transactionMs = opts.transactionMs ?? 20;
    this.leaseMs = opts.leaseMs ?? 60_000;
    this.maxAttempts = opts.maxAttempts ?? 5;
    this.backoffMs = opts.backoffMs ?? 5_000;
  }

  protected async nextBatch(): Promise<Batch<number>> {
    const claimed = await this.runBatch();
    return { result: claimed, more: claimed === this.batchSize };
  }

  /** Runs batches until no action is due; how many each leased. */
  runUntilIdle(): Promise<number[]> {
    return this.drain();
  }

  /** Leases up to `batchSize` due actions to a new token: the token and the actions. */
  async claim(): Promise<{ token: string; actions: Action[] }> {
    const t = this.now();
    const token = await claimLeased(this.db, this.dialect, TABLE, this.batchSize, iso(t), iso(t + this.leaseMs));
    const actions = await this.db.selectFrom('scheduled_actions').selectAll().where('claim', '=', token).orderBy('due_at').orderBy('id').execute();
    return { token, actions };
  }

  /** One batch: the due actions leased, then carried out a transaction's worth at a time; how many were leased. */
  async runBatch(): Promise<number> {
    const { token, actions } = await this.claim();
    for (let next = 0; next < actions.length;) {
      if (next > 0) await new Promise((resolve) => setImmediate(resolve));
      next += (await this.runClaimed(actions.slice(next), token)).length;
    }
    return actions.length;
  }

  /**
   * Carries out actions this runner holds under `token` in one transaction, each under a
   * savepoint, until the transaction has taken `transactionMs` (at least one action): their
   * outcomes, one per action carried out or tried, in order; the rest are left for the next
   * call. runBatch calls it; tests hold a lease and stop, as a runner killed mid-action.
   */
  async runClaimed(actions: readonly Action[], token: string): Promise<ActionOutcome[]> {
    const outcomes: ActionOutcome[] = [];
    /** Actions the engine refused, by their place in `outcomes`: recorded once the transaction is over. */
    const refused: Array<[number, Action, unknown]> = [];
    let tried: readonly Action[] = actions;
    try {
      this.media ??= await hasTable(this.db, this.dialect, MEDIA_TABLE);
      const media = this.media;
      await this.db.transaction().execute(async (trx) => {
        const started = performance.now();
        const sites = new Map<number, EngineContext | undefined>();
        for (const [i, action] of actions.entries()) {
          if (i > 0 && performance.now() - started >= this.transactionMs) {
            tried = actions.slice(0, i);
            break;
          }
          try {
            await savepoint(trx, 'scheduled_action', async () => {
              const marked = await trx
                .updateTable('scheduled_actions')
                .set({ status: 'done', done_at: iso(this.now()), claim: null, locked_until: null, last_error: '' })
                .where('id', '=', action.id)
                .where('claim', '=', token)
                .where('status', '=', 'pending')
                .executeTakeFirst();
              if (Number(marked.numUpdatedRows) !== 1) throw new LostAction();
              if (!sites.has(action.tenant_id)) sites.set(action.tenant_id, await contextForSite(trx, action.tenant_id, { media }));
              const ctx = sites.get(action.tenant_id);
              // A site deleted since takes its rows and its actions with it.
              if (ctx) await carryOut({ ...ctx, actor: { userId: action.user_id, username: action.username, ip: '' } }, action);
            });
            outcomes.push('done');
          } catch (e) {
            if (e instanceof LostAction) outcomes.push('lost');
            else {
              // SQLite's one connection is the transaction's until then.
              refused.push([outcomes.length, action, e]);
              outcomes.push('retry');
            }
          }
        }
      });
    } catch (e) {
      // The transaction itself failed (its commit, the connection): none of it happened.
      const out: ActionOutcome[] = [];
      for (const action of tried) out.push(await this.recordFailure(action, token, e));
      return out;
    }
    for (const [at, action, error] of refused) outcomes[at] = await this.recordFailure(action, token, error);
    return outcomes;
  }

  /** Refused by the engine: failed with the reason. Else retried after a backoff, up to `maxAttempts`. */
  private async recordFailure(action: Action, token: string, error: unknown): Promise<ActionOutcome> {
    const attempts = action.attempts + 1;
    const gaveUp = error instanceof HttpError || attempts >= this.maxAttempts;
    const t = this.now();
    const message = reasonOf(error).slice(0, 500);
    await this.db
      .updateTable('scheduled_actions')
      .set({
        attempts,
        last_error: message,
        claim: null,
        // Held off by its lease until the backoff ends: no column of its own for the next attempt.
        locked_until: gaveUp ? null : iso(t + backoff(attempts, { baseMs: this.backoffMs, maxMs: 3600_000, random: this.random })),
        ...(gaveUp ? { status: 'failed' as const, done_at: iso(t) } : {}),
      })
      .where('id', '=', action.id)
      .where('claim', '=', token)
      .where('status', '=', 'pending')
      .execute();
    return gaveUp ? 'failed' : 'retry';
  }
}

/** Why an action failed, as its row keeps it: a refusal's problems or detail, else the error's message. */
function reasonOf(error: unknown): string {
  if (error instanceof FieldErrors) return JSON.stringify(error.problems);
  if (error instanceof HttpError) return JSON.stringify(error.body);
  return String((error as Error)?.message ?? error);
}

/** The action's write, in its transaction; a row deleted since, or already as asked, is left alone. */
async function carryOut(ctx: EngineContext, action: Action) {
  const entity: EntityDef = ctx.registry.get(action.model);
  const live = await loadRecord(ctx, entity, action.object_id);
  if (!live) return;
  const statusField = entity.public!.statusField!;
  const isPublic = (values: Record<string, unknown>) => (entity.public!.publicValues ?? [true]).includes(values[statusField] as string | boolean);
  // A status already of the asked kind stays (a used product `sold` is public too).
  const set = (values: Record<string, unknown>) =>
    isPublic(values) === (action.action === 'publish') ? {} : { [statusField]: scheduledStatus(entity, action.action) };
  const version = Number(live.row.version);
  const languageCode = ctx.site.default_language;
  const draft = action.action === 'publish' ? await pendingDraft(ctx, entity, action.object_id) : undefined;
  if (draft) {
    await applyDraft(ctx, entity, action.object_id, draft, { version, languageCode, set: set(draft.record.values), scheduled: 'publish' });
    return;
  }
  const change = set(live.record.values);
  if (Object.keys(change).length) await writeUpdate(ctx, entity, action.object_id, change, { partial: true, version, languageCode, scheduled: action.action });
}
