/** A job's state as `GET /api/jobs/<id>/` answers it (docs/decisions.md §24). */
export type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

export interface Job {
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
}

export interface JobIdInput {
  id: number;
}

export type { ConfirmInput } from './shell.types';
export type { BootError as LoadError } from './session.types';
