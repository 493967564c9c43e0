import type { Job, JobStatus } from './jobs.types';

/** Jobs the runner has yet to finish: the panel polls while one is. */
export const isLive = (status: JobStatus) => status === 'queued' || status === 'running';

export const anyLive = (jobs: readonly Job[]) => jobs.some((j) => isLive(j.status));

/** The jobs that were live in `before` and have ended in `after`: each gets its snackbar. */
export function endedJobs(before: readonly Job[], after: readonly Job[]): Job[] {
  const wasLive = new Set(before.filter((j) => isLive(j.status)).map((j) => j.id));
  return after.filter((j) => wasLive.has(j.id) && !isLive(j.status));
}

/** The kinds of job the UI names; any other shows as a plain "job". */
const KINDS = new Set(['bulk_update', 'import', 'export']);
export const kindKey = (kind: string) => `jobs.kind.${KINDS.has(kind) ? kind : 'generic'}`;

/** 0–100, or null while the total is not known yet. */
export const percentOf = (job: Job) => (job.total > 0 ? Math.min(100, (job.done / job.total) * 100) : null);

/**
 * Milliseconds left at the pace since the job started (rows done over time spent), or null
 * while there is no pace yet: not started, nothing done, or not running.
 */
export function timeLeftMs(job: Job, now: number): number | null {
  if (job.status !== 'running' || !job.started_at || job.done <= 0 || job.total <= job.done) return null;
  const spent = now - Date.parse(job.started_at);
  if (!Number.isFinite(spent) || spent <= 0) return null;
  return Math.round((spent / job.done) * (job.total - job.done));
}
