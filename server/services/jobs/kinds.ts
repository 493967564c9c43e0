/**
 * What a kind of job plugs into the runner (runner.ts): one batch at a time, from the
 * checkpoint the last committed batch left, inside the transaction that commits the batch's
 * writes together with its new checkpoint and counts — so a job resumed after a restart or
 * `kill -9` starts exactly after its last committed batch and never writes a row twice.
 * Slow work that writes nothing to the database (an image's variants) is the batch's
 * `prepare`, run before its transaction opens, so no transaction (SQLite's one writer) waits for it.
 */
import type { Kysely } from 'kysely';

/** The kind that makes an upload's image variants (services/media/variantsJob.ts). */
export const MEDIA_VARIANTS = 'media_variants';

/**
 * Kinds the server queues for a write it owes, not at a user's request: the user's jobs panel
 * neither lists, counts nor cancels them (a cancelled one would leave its row processing).
 */
export const INTERNAL_KINDS: readonly string[] = [MEDIA_VARIANTS];

/** One problem a job met on one row: the report's line. */
export interface JobProblem {
  /** The row it was about (an id, a line number). */
  ref: string;
  field: string;
  message: string;
}

export interface HeldJob {
  id: number;
  tenantId: number;
  userId: number;
  kind: string;
  payload: unknown;
  /** Null before the first batch. */
  checkpoint: unknown;
}

export interface BatchResult {
  checkpoint: unknown;
  /** Rows this batch dealt with (written, or reported in `problems`). */
  done: number;
  problems: readonly JobProblem[];
  finished: boolean;
}

export interface JobKind<Prepared = undefined> {
  readonly name: string;
  /**
   * The batch's work outside the database, before its transaction; what it gives, `batch`
   * commits. A throw retries the batch later, as the batch's does; a runner that dies after it
   * runs it again, so what it leaves outside the database must be harmless when nothing commits it.
   */
  prepare?(job: HeldJob): Promise<Prepared>;
  /** One batch of the job; `db` is the batch's transaction. A throw rolls the batch back and retries it later. */
  batch(db: Kysely<any>, job: HeldJob, prepared: Prepared): Promise<BatchResult>;
  /** What the job left outside the database (an import's rows file), removed when the runner prunes the ended job. */
  discard?(payload: unknown): Promise<void>;
}
