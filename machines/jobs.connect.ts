import type { SnapshotFrom } from 'xstate';
import { isLive, kindKey, percentOf, timeLeftMs } from './jobs.helpers';
import type { JobsEvent, jobsMachine } from './jobs.machine';
import type { Job } from './jobs.types';

export type JobsSnapshot = SnapshotFrom<typeof jobsMachine>;

/** Snapshot + send → the jobs panel's props; `now` (ms) dates the time left. */
export function connectJobs(snapshot: JobsSnapshot, send: (event: JobsEvent) => void, now: number = Date.now()) {
  const c = snapshot.context;
  const idleAction = snapshot.matches({ action: 'idle' });
  const job = (j: Job) => ({
    id: j.id,
    kindKey: kindKey(j.kind),
    status: j.status,
    live: isLive(j.status),
    done: j.done,
    total: j.total,
    errors: j.errors,
    /** null: not known yet (queued, or a total still being counted). */
    percent: percentOf(j),
    timeLeftMs: timeLeftMs(j, now),
    createdAt: j.created_at,
    canCancel: idleAction && isLive(j.status),
    cancelling: c.pendingCancel === j.id,
    cancel: () => send({ type: 'job.cancel', id: j.id }),
    hasReport: j.report_url !== undefined,
    canDownload: idleAction && j.report_url !== undefined,
    downloading: c.pendingReport === j.id,
    downloadReport: () => send({ type: 'job.report', id: j.id }),
  });
  return {
    jobs: c.jobs.map(job),
    /** The badge on the panel's button. */
    liveCount: c.jobs.filter((j) => isLive(j.status)).length,
    loading: snapshot.matches({ poll: 'loading' }) && c.jobs.length === 0,
    loadError: c.loadError,
    refresh: () => send({ type: 'jobs.refresh' }),
  };
}

export type JobsProps = ReturnType<typeof connectJobs>;
export type JobRowProps = JobsProps['jobs'][number];
