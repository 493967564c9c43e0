/**
 * The scheduler (issue 16 item 3, docs/decisions.md §30, §40): carries out due rows of
 * `scheduled_actions` on the claim/lease core of the indexing dispatcher and the job runner
 * (services/jobs/lease.ts, loop.ts). A batch leases up to `batchSize` due actions and carries
 * them out in transactions of as many as fit in `transactionMs` (a commit per action was most
 * of an action's cost: bench/schedule.ts), in chunks under a savepoint that first marks them
 * done under the lease's token, then writes their rows through the engine's batched update
 * (one read, one statement per table and one hook run for the chunk, not per row) — a publish
 * applies the pending draft as `POST …/publish/` does (or sets the row's public status), an
 * unpublish sets a non-public status. The writes and their marking commit together: a runner
 * killed mid-transaction leaves nothing, its actions are due again when their lease runs out,
 * and a dead runner's late commit finds its token gone and leaves those actions alone. Each
 * action happens once across instances.
 *
 * The write is the scheduling user's, marked `scheduled_publish` / `scheduled_unpublish` in
 * the row's history; its write hooks record the indexing notification then, at go-live, and
 * move the site's data version (cached lists and delivery answers are outdated at commit).
 * A write the engine refuses (a slug taken since, a reference deleted since: 4xx) undoes its
 * chunk, which is then carried out an action at a time: the refused action fails at once with
 * the reason, the others of its transaction are done; anything else is retried after a backoff.
 */
import type { Kysely, Selectable } from 'kysely';
import type { EntityDef } from '../../../entities/define.js';
import { type ScheduledAction, scheduledStatus } from '../../../entities/schedule.js';
import type { Dialect } from '../../db/database.js';
import type { DatabaseSchema } from '../../db/schema.js';
import type { ScheduledActionsTable } from '../../db/tables/scheduledActions.js';
import { FieldErrors, HttpError } from '../../errors.js';
import { GIVE_WAY_MS, requestsSettled } from '../../plugins/inFlight.js';
import { ChunkSizer, transactionMsFor } from '../../services/jobs/chunks.js';
import { backoff, claimLeased, type LeasedTable } from '../../services/jobs/lease.js';
import { type Batch, LoopWorker } from '../../services/jobs/loop.js';
import { contextForSite, type EngineContext, hasTable } from '../context.js';
import { draftChange, pendingDrafts } from '../drafts/store.js';
import { MEDIA_TABLE } from '../references.js';
import { savepoint } from '../savepoint.js';
import { type RowUpdate, updateRecords } from '../write.js';

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
  /** A transaction takes on more actions until it has run this long (default: 10 ms on SQLite, 200 ms on PostgreSQL). */
  transactionMs?: number;
  leaseMs?: number;
  maxAttempts?: number;
  backoffMs?: number;
  onError?: (error: unknown) => void;
}

export type ActionOutcome = 'done' | 'lost' | 'retry' | 'failed';

const iso = (ms: number) => new Date(ms).toISOString();

export class Scheduler extends LoopWorker<number> {
  private readonly db: Kysely<DatabaseSchema>;
  private readonly dialect: Dialect;
  readonly now: () => number;
  private readonly random: () => number;
  private readonly batchSize: number;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private readonly backoffMs: number;
  private media: boolean | undefined;
  /** Actions carried out together: sized toward what takes `transactionMs`. */
  private readonly chunks: ChunkSizer;

  constructor(opts: SchedulerOptions) {
    super(opts.pollMs ?? 1000, opts.onError, opts.dialect);
    this.db = opts.db;
    this.dialect = opts.dialect;
    this.now = opts.now ?? Date.now;
    this.random = opts.random ?? Math.random;
    this.batchSize = opts.batchSize ?? 50;
    this.chunks = new ChunkSizer(opts.transactionMs ?? transactionMsFor(opts.dialect), this.batchSize);
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
    const { token, rows } = await claimLeased<Action>(this.db, this.dialect, TABLE, this.batchSize, iso(t), iso(t + this.leaseMs));
    return { token, actions: rows };
  }

  /** One batch: the due actions leased, then carried out a transaction's worth at a time; how many were leased. */
  async runBatch(): Promise<number> {
    const { token, actions } = await this.claim();
    for (let next = 0; next < actions.length;) {
      await requestsSettled(GIVE_WAY_MS);
      next += (await this.runClaimed(actions.slice(next), token)).length;
    }
    return actions.length;
  }

  /**
   * Carries out actions this runner holds under `token` in one transaction, a chunk at a time,
   * until the transaction has taken `transactionMs` (at least one action): their outcomes, one
   * per action carried out or tried, in order; the rest are left for the next call. Chunks are
   * sized toward what takes `transactionMs` (one, before any was timed) and carried out
   * together (runTogether); when the engine refuses one of its rows, it is rolled back and
   * carried out one action at a time, each under a savepoint, so the refusal is that action's
   * only. runBatch calls it; tests hold a lease and stop, as a runner killed mid-action.
   */
  async runClaimed(actions: readonly Action[], token: string): Promise<ActionOutcome[]> {
    const outcomes: ActionOutcome[] = [];
    /** Actions the engine refused, by their place in `outcomes`: recorded once the transaction is over. */
    const refused: Array<[number, Action, unknown]> = [];
    let tried = 0;
    try {
      this.media ??= await hasTable(this.db, this.dialect, MEDIA_TABLE);
      const media = this.media;
      await this.db.transaction().execute(async (trx) => {
        const sites = new SiteContexts(trx, media);
        await this.chunks.fill(actions, async (chunk) => {
          tried += chunk.length;
          try {
            outcomes.push(...(await this.runTogether(trx, chunk, token, sites)));
          } catch {
            for (const action of chunk) {
              try {
                outcomes.push(...(await this.runTogether(trx, [action], token, sites)));
              } catch (e) {
                // SQLite's one connection is the transaction's until then.
                refused.push([outcomes.length, action, e]);
                outcomes.push('retry');
              }
            }
          }
        });
      });
    } catch (e) {
      // The transaction itself failed (its commit, the connection): none of it happened.
      const out: ActionOutcome[] = [];
      for (const action of actions.slice(0, tried)) out.push(await this.recordFailure(action, token, e));
      return out;
    }
    for (const [at, action, error] of refused) outcomes[at] = await this.recordFailure(action, token, error);
    return outcomes;
  }

  /**
   * Actions carried out together under one savepoint: each marked done under the lease's token
   * (one not marked was lost: taken over, or cleared), then their rows written through the
   * engine's batched update. Whatever fails undoes all of it and is thrown.
   */
  private runTogether(trx: Kysely<DatabaseSchema>, actions: readonly Action[], token: string, sites: SiteContexts): Promise<ActionOutcome[]> {
    return savepoint(trx, 'scheduled_actions', async () => {
      const marked = await trx
        .updateTable('scheduled_actions')
        .set({ status: 'done', done_at: iso(this.now()), claim: null, locked_until: null, last_error: '' })
        .where(
          'id',
          'in',
          actions.map((a) => a.id),
        )
        .where('claim', '=', token)
        .where('status', '=', 'pending')
        .returning('id')
        .execute();
      const done = new Set(marked.map((m) => Number(m.id)));
      await carryOut(
        sites,
        actions.filter((a) => done.has(a.id)),
      );
      return actions.map((a): ActionOutcome => (done.has(a.id) ? 'done' : 'lost'));
    });
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

/** The engine's contexts of the sites a transaction's actions write in (undefined: a site deleted since). */
class SiteContexts {
  private readonly known = new Map<number, EngineContext | undefined>();
  constructor(
    private readonly trx: Kysely<DatabaseSchema>,
    private readonly media: boolean,
  ) {}
  async of(tenantId: number): Promise<EngineContext | undefined> {
    if (!this.known.has(tenantId)) this.known.set(tenantId, await contextForSite(this.trx, tenantId, { media: this.media }));
    return this.known.get(tenantId);
  }
}

/**
 * The actions' writes: by site, model and scheduling user, one batched update each; a row
 * asked twice (its publish and unpublish both due) is written once per round, in order.
 * Throws the engine's refusal of any row.
 */
async function carryOut(sites: SiteContexts, actions: readonly Action[]) {
  /** Per round, the actions by site, model and scheduling user. */
  const rounds: Array<Map<string, Action[]>> = [];
  const seen = new Map<string, number>();
  for (const action of actions) {
    const row = `${action.tenant_id}/${action.model}/${action.object_id}`;
    const round = seen.get(row) ?? 0;
    seen.set(row, round + 1);
    const groups = (rounds[round] ??= new Map());
    const key = `${action.tenant_id}/${action.model}/${action.user_id ?? ''}/${action.username}`;
    const group = groups.get(key);
    if (group) group.push(action);
    else groups.set(key, [action]);
  }
  for (const groups of rounds) {
    for (const group of groups.values()) {
      const [first] = group;
      const ctx = await sites.of(first!.tenant_id);
      // A site deleted since takes its rows and its actions with it.
      if (!ctx) continue;
      await carryOutRows({ ...ctx, actor: { userId: first!.user_id, username: first!.username, ip: '' } }, ctx.registry.get(first!.model), group);
    }
  }
}

/** One model's actions of one site and user, on distinct rows: a row deleted since, or already as asked, is left alone. */
async function carryOutRows(ctx: EngineContext, entity: EntityDef, actions: readonly Action[]) {
  const statusField = entity.public!.statusField!;
  const isPublic = (values: Record<string, unknown>) => (entity.public!.publicValues ?? [true]).includes(values[statusField] as string | boolean);
  // A status already of the asked kind stays (a used product `sold` is public too).
  const set = (values: Record<string, unknown>, asked: ScheduledAction) =>
    isPublic(values) === (asked === 'publish') ? {} : { [statusField]: scheduledStatus(entity, asked) };
  const drafts = await pendingDrafts(
    ctx,
    entity,
    actions.filter((a) => a.action === 'publish').map((a) => a.object_id),
  );
  const updates = actions.map((action): RowUpdate => ({
    id: action.object_id,
    change: (current) => {
      const asked = action.action as ScheduledAction;
      const draft = asked === 'publish' ? drafts.get(action.object_id) : undefined;
      if (draft) return draftChange(draft, set(draft.record.values, asked), asked);
      const change = set(current.values, asked);
      return Object.keys(change).length ? { body: change, partial: true, scheduled: asked } : undefined;
    },
  }));
  const outcomes = await updateRecords(ctx, entity, updates, { languageCode: ctx.site.default_language });
  const refused = outcomes.find((r) => r !== undefined && r.statusCode !== 404);
  if (refused) throw refused;
}
