/**
 * A job as `GET /api/jobs/<id>/` answers it (docs/decisions.md §24): written by the runner's
 * store (server/services/jobs/store.ts), read by the SPA's jobs machine.
 */
export type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

export interface JobView {
  id: number;
  kind: string;
  status: JobStatus;
  /** Rows dealt with so far (written or reported). */
  done: number;
  total: number;
  /** Rows reported so far. */
  errors: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** Set once the job has reported a row: its problems as CSV. */
  report_url?: string;
  /** What the job's batches counted, when its kind keeps a `summary` in its checkpoint (an import's outcomes). */
  summary?: Readonly<Record<string, number | boolean>>;
}
