/**
 * What a kind of job plugs into the runner (runner.ts): one batch at a time, from the
 * checkpoint the last committed batch left, inside the transaction that commits the batch's
 * writes together with its new checkpoint and counts — so a job resumed after a restart or
 * `kill -9` starts exactly after its last committed batch and never writes a row twice.
 */
import type { Kysely } from 'kysely';

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

export interface JobKind {
  readonly name: string;
  /** One batch of the job; `db` is the batch's transaction. A throw rolls the batch back and retries it later. */
  batch(db: Kysely<any>, job: HeldJob): Promise<BatchResult>;
}
