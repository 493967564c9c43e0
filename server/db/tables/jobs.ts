import type { Generated } from 'kysely';

/** A background job of a user on a site (migration 0022, server/services/jobs/). */
export interface JobsTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  kind: string;
  status: string;
  /** JSON: what the job does, as its kind reads it. */
  payload: string;
  /** JSON: where the job resumes; null before its first batch. */
  checkpoint: string | null;
  done: number;
  total: number;
  errors: number;
  attempts: number;
  next_attempt_at: string | null;
  claim: string | null;
  locked_until: string | null;
  last_error: string;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** One problem a job met: the row it was about (`ref`), the field, the message. */
export interface JobErrorsTable {
  id: Generated<number>;
  job_id: number;
  ref: string;
  field: string;
  message: string;
}
