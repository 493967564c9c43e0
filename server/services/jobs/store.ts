/**
 * The jobs table (migration 0022): queuing a job, what its user reads of it, cancelling it,
 * and the runner's claims (server/services/jobs/lease.ts, as the indexing actions').
 */
import type { ExpressionBuilder, Kysely, Selectable, Transaction } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import type { Dialect } from '../../db/database.js';
import { nowIso } from '../clock.js';
import { type HeldJob, INTERNAL_KINDS, type JobProblem } from './kinds.js';
import { claimLeased, type LeasedTable } from './lease.js';
import type { JobStatus, JobView } from '../../../entities/jobView.js';

type DB = DatabaseSchema;

export const LIVE: JobStatus[] = ['queued', 'running'];
/** A job that will run no more batches. */
export const ENDED: JobStatus[] = ['done', 'failed', 'cancelled'];

export interface NewJob {
  tenantId: number;
  userId: number;
  kind: string;
  payload: unknown;
  total: number;
  /** Problems known when the job is asked (rows that were not there): they start its report. */
  problems?: readonly JobProblem[];
}

/** Queues a job, due now; its id. */
export function insertJob(db: Kysely<DB>, job: NewJob): Promise<number> {
  return db.transaction().execute((trx) => queueJob(trx, job));
}

/** Queues a job within the caller's transaction (the write that owes it: it commits with it, or neither does); its id. */
export async function queueJob(trx: Transaction<DB>, job: NewJob): Promise<number> {
  const now = nowIso();
  const problems = job.problems ?? [];
  const row = await trx
    .insertInto('jobs')
    .values({
      tenant_id: job.tenantId,
      user_id: job.userId,
      kind: job.kind,
      status: 'queued',
      payload: JSON.stringify(job.payload),
      checkpoint: null,
      done: problems.length,
      total: job.total + problems.length,
      errors: problems.length,
      attempts: 0,
      next_attempt_at: now,
      last_error: '',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  await insertProblems(trx, id, problems);
  return id;
}

export async function insertProblems(db: Kysely<DB>, jobId: number, problems: readonly JobProblem[]) {
  for (let i = 0; i < problems.length; i += 500) {
    const chunk = problems.slice(i, i + 500).map((p) => ({ job_id: jobId, ref: p.ref.slice(0, 64), field: p.field.slice(0, 200), message: p.message }));
    await db.insertInto('job_errors').values(chunk).execute();
  }
}

const VIEW_COLUMNS = ['id', 'kind', 'status', 'done', 'total', 'errors', 'created_at', 'started_at', 'finished_at', 'checkpoint'] as const;

const summaryOf = (checkpoint: string | null) => (checkpoint === null ? undefined : (JSON.parse(checkpoint) as { summary?: JobView['summary'] }).summary);

function viewOf(r: Pick<Selectable<DB['jobs']>, (typeof VIEW_COLUMNS)[number]>): JobView {
  const id = Number(r.id);
  const errors = Number(r.errors);
  const summary = summaryOf(r.checkpoint);
  return {
    id,
    kind: r.kind,
    status: r.status as JobStatus,
    done: Number(r.done),
    total: Number(r.total),
    errors,
    created_at: r.created_at,
    started_at: r.started_at,
    finished_at: r.finished_at,
    ...(errors > 0 ? { report_url: `/api/jobs/${id}/report/` } : {}),
    ...(summary ? { summary } : {}),
  };
}

/** Whose jobs a request reaches: its user's, on its site. */
export interface Owner {
  tenantId: number;
  userId: number;
}

/** The owner's jobs, but for the server's own (kinds.ts INTERNAL_KINDS). */
const ownedBy = (owner: Owner) => (eb: ExpressionBuilder<DB, 'jobs'>) =>
  eb.and([eb('tenant_id', '=', owner.tenantId), eb('user_id', '=', owner.userId), eb('kind', 'not in', INTERNAL_KINDS)]);

export async function findJob(db: Kysely<DB>, owner: Owner, id: number): Promise<JobView | undefined> {
  const row = await db.selectFrom('jobs').select(VIEW_COLUMNS).where(ownedBy(owner)).where('id', '=', id).executeTakeFirst();
  return row && viewOf(row);
}

export async function countJobs(db: Kysely<DB>, owner: Owner): Promise<number> {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll().as('n'))
    .where(ownedBy(owner))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A page of the owner's jobs, newest first. */
export async function listJobs(db: Kysely<DB>, owner: Owner, page: number, size: number): Promise<JobView[]> {
  const rows = await db
    .selectFrom('jobs')
    .select(VIEW_COLUMNS)
    .where(ownedBy(owner))
    .orderBy('id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  return rows.map(viewOf);
}

/**
 * Cancels a queued or running job: a batch in progress is rolled back (its commit finds the
 * job no longer live, runner.ts), batches committed before stay. Whether it was live.
 */
export async function cancelJob(db: Kysely<DB>, owner: Owner, id: number): Promise<boolean> {
  const now = nowIso();
  const result = await db
    .updateTable('jobs')
    .where(ownedBy(owner))
    .set({ status: 'cancelled', claim: null, locked_until: null, finished_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', 'in', LIVE)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The job's problems in the order met, for its report. */
export async function jobProblems(db: Kysely<DB>, jobId: number): Promise<JobProblem[]> {
  const rows = await db.selectFrom('job_errors').select(['ref', 'field', 'message']).where('job_id', '=', jobId).orderBy('id').execute();
  return rows.map((r) => ({ ref: String(r.ref), field: String(r.field), message: String(r.message) }));
}

/** Live jobs whose next batch is due; a running job whose runner died is due again once its lease runs out. */
const DUE: LeasedTable = {
  table: 'jobs',
  due: (eb, now) => eb.and([eb('status', 'in', LIVE), eb('next_attempt_at', '<=', now)]),
  order: ['next_attempt_at', 'id'],
};

/** A job as a runner holds it (kinds.ts `HeldJob`), with the attempts its batches have made. */
export interface ClaimedJob extends HeldJob {
  attempts: number;
}

/** Leases the next due job to a runner for one batch. */
export async function claimJob(db: Kysely<DB>, dialect: Dialect, now: string, leaseUntil: string): Promise<{ token: string; job: ClaimedJob } | undefined> {
  const {
    token,
    rows: [row],
  } = await claimLeased<Selectable<DB['jobs']>>(db, dialect, DUE, 1, now, leaseUntil);
  if (!row) return undefined;
  return {
    token,
    job: {
      id: Number(row.id),
      tenantId: Number(row.tenant_id),
      userId: Number(row.user_id),
      kind: row.kind,
      payload: JSON.parse(row.payload) as unknown,
      checkpoint: row.checkpoint === null ? null : (JSON.parse(row.checkpoint) as unknown),
      attempts: Number(row.attempts),
    },
  };
}
