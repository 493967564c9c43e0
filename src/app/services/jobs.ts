import { useSelector } from '@xstate/react';
import { createContext, useCallback, useContext, useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import { connectJobs, type JobsProps } from '../../../machines/jobs.connect';
import type { JobsEnded, jobsMachine } from '../../../machines/jobs.machine';
import type { Job } from '../../../machines/jobs.types';
import { propsEqual } from '../../ui/propsEqual';
import { useProvided } from './provided';

/** The signed-in user's jobs and their progress (issue 17 §5): one actor for the app, started by startApp. */
export type JobsService = ActorRefFrom<typeof jobsMachine>;

export const JobsContext = createContext<JobsService | null>(null);

/**
 * A slice of the jobs panel's props; the caller re-renders when it changes. `now` dates the
 * time left, so a caller that shows it passes the time it renders at.
 */
export function useJobsView<T>(pick: (props: JobsProps) => T, now?: number): T {
  const jobs = useProvided(JobsContext, 'jobs');
  return useSelector(jobs, (s) => pick(connectJobs(s, jobs.send, now)), propsEqual);
}

/** Has the jobs panel read the jobs now (it opened, someone signed in). Outside the app there is no panel. */
export function useRefreshJobs(): () => void {
  const jobs = useContext(JobsContext);
  return useCallback(() => jobs?.send({ type: 'jobs.refresh' }), [jobs]);
}

/** Calls `onEnded` with the jobs seen running that have ended, while the caller is mounted. */
export function useJobsEnded(onEnded: (ended: JobsEnded['jobs']) => void) {
  const jobs = useContext(JobsContext);
  useEffect(() => {
    const subscription = jobs?.on('jobs.ended', (e) => e.jobs.length > 0 && onEnded(e.jobs));
    return () => subscription?.unsubscribe();
  }, [jobs, onEnded]);
}

/** Hands the jobs panel a job a screen has just queued, to watch until it ends. Outside the app there is no panel. */
export function useJobStarted(): (job: Job) => void {
  const jobs = useContext(JobsContext);
  return useCallback((job: Job) => jobs?.send({ type: 'job.started', job }), [jobs]);
}
