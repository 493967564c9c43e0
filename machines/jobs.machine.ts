import { assign, emit, raise, setup } from 'xstate';
import { provided, wait } from './actors';
import { confirmDeleteState } from './confirmDelete.state';
import { anyLive, endedJobs, isLive } from './jobs.helpers';
import type { ConfirmInput, Job, JobIdInput, LoadError } from './jobs.types';
import { toBootError } from './session.helpers';

/** How often the jobs are read again while one is queued or running. */
export const POLL_MS = 2000;

export interface JobsContext {
  /** The user's recent jobs, newest first, as last read. */
  jobs: Job[];
  /** Why the last read failed (the panel keeps showing the jobs read before). */
  loadError: LoadError | null;
  pollMs: number;
  /** The job whose cancel is being asked or sent. */
  pendingCancel: number | null;
  /** The job whose error report is downloading. */
  pendingReport: number | null;
}

/** Told to whoever listens (`actor.on`): the snackbar, and a list that waits to show what a job changed. */
export interface JobsEnded {
  type: 'jobs.ended';
  /** Jobs seen queued or running that have ended since the read before (may be none). */
  jobs: Job[];
}

export type JobsEvent =
  /** Read the jobs now: the panel opened, or the user signed in. */
  | { type: 'jobs.refresh' }
  /** A screen has just queued this job: it is watched from now on, so its end is told even if it comes before the next read. */
  | { type: 'job.started'; job: Job }
  | { type: 'job.cancel'; id: number }
  | { type: 'job.report'; id: number };

const jobsSetup = setup({
  types: {
    context: {} as JobsContext,
    events: {} as JobsEvent,
    input: {} as { pollMs?: number },
    emitted: {} as JobsEnded,
  },
  actors: {
    fetchJobs: provided<Job[]>('fetchJobs'),
    /** The pause between two reads, an actor rather than an `after`: tests settle it like any other. */
    pollDelay: wait,
    confirm: provided<boolean, ConfirmInput>('confirm'),
    cancelJob: provided<Job, JobIdInput>('cancelJob'),
    /** Saves `GET /api/jobs/<id>/report/` as a file. */
    downloadReport: provided<void, JobIdInput>('downloadReport'),
  },
  actions: {
    /** A cancel or a download failed: the app says why. */
    failed: (_, _params: { key: string; because: LoadError }) => {},
  },
  guards: {
    liveAnswer: (_, params: { jobs: Job[] }) => anyLive(params.jobs),
    liveKnown: ({ context }) => anyLive(context.jobs),
    cancellable: ({ context }, params: { id: number }) => context.jobs.some((j) => j.id === params.id && isLive(j.status)),
    reported: ({ context }, params: { id: number }) => context.jobs.some((j) => j.id === params.id && j.report_url !== undefined),
  },
});

/**
 * The signed-in user's jobs, app-wide (issue 17 §5): read when asked, then every `pollMs`
 * while one is queued or running, and no more once none is; the jobs seen running that
 * have ended are told (`jobs.ended`). Beside the reading, one action at a time: a cancel behind the confirm
 * dialog, or the download of a job's error report.
 */
export const jobsMachine = jobsSetup.createMachine({
  id: 'jobs',
  type: 'parallel',
  context: ({ input }) => ({ jobs: [], loadError: null, pollMs: input.pollMs ?? POLL_MS, pendingCancel: null, pendingReport: null }),
  states: {
    poll: {
      initial: 'idle',
      on: {
        'job.started': {
          target: '.loading',
          reenter: true,
          actions: assign({ jobs: ({ context, event }) => [event.job, ...context.jobs.filter((j) => j.id !== event.job.id)] }),
        },
      },
      states: {
        idle: { on: { 'jobs.refresh': { target: 'loading' } } },
        loading: {
          // A job started while a read is on its way may be missing from it: read again.
          on: { 'jobs.refresh': { target: 'loading', reenter: true } },
          invoke: {
            id: 'fetchJobs',
            src: 'fetchJobs',
            onDone: [
              {
                guard: { type: 'liveAnswer', params: ({ event }) => ({ jobs: event.output }) },
                target: 'waiting',
                actions: [
                  emit(({ context, event }) => ({ type: 'jobs.ended' as const, jobs: endedJobs(context.jobs, event.output) })),
                  assign({ jobs: ({ event }) => event.output, loadError: null }),
                ],
              },
              {
                target: 'idle',
                actions: [
                  emit(({ context, event }) => ({ type: 'jobs.ended' as const, jobs: endedJobs(context.jobs, event.output) })),
                  assign({ jobs: ({ event }) => event.output, loadError: null }),
                ],
              },
            ],
            // A failed read while jobs run is tried again at the next tick.
            onError: [
              { guard: 'liveKnown', target: 'waiting', actions: assign({ loadError: ({ event }) => toBootError(event.error) }) },
              { target: 'idle', actions: assign({ loadError: ({ event }) => toBootError(event.error) }) },
            ],
          },
        },
        waiting: {
          on: { 'jobs.refresh': { target: 'loading' } },
          invoke: { id: 'pollDelay', src: 'pollDelay', input: ({ context }) => ({ ms: context.pollMs }), onDone: { target: 'loading' } },
        },
      },
    },
    action: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'job.cancel': {
              guard: { type: 'cancellable', params: ({ event }) => ({ id: event.id }) },
              target: 'confirming',
              actions: assign({ pendingCancel: ({ event }) => event.id }),
            },
            'job.report': {
              guard: { type: 'reported', params: ({ event }) => ({ id: event.id }) },
              target: 'downloading',
              actions: assign({ pendingReport: ({ event }) => event.id }),
            },
          },
        },
        confirming: confirmDeleteState({
          question: ({ context }: { context: JobsContext }) => ({
            title: 'jobs.cancelTitle',
            question: 'jobs.cancelQuestion',
            values: { id: context.pendingCancel ?? 0 },
            danger: true,
            approveLabel: 'jobs.cancelApprove',
          }),
          approved: [{ target: 'cancelling' }],
          declined: [{ target: 'idle', actions: jobsSetup.assign({ pendingCancel: null }) }],
        }),
        cancelling: {
          invoke: {
            id: 'cancelJob',
            src: 'cancelJob',
            input: ({ context }) => ({ id: context.pendingCancel! }),
            onDone: { target: 'idle', actions: [assign({ pendingCancel: null }), raise({ type: 'jobs.refresh' })] },
            // 409: it ended meanwhile; the read that follows shows how.
            onError: {
              target: 'idle',
              actions: [
                { type: 'failed', params: ({ event }) => ({ key: 'jobs.cancelFailed', because: toBootError(event.error) }) },
                assign({ pendingCancel: null }),
                raise({ type: 'jobs.refresh' }),
              ],
            },
          },
        },
        downloading: {
          invoke: {
            id: 'downloadReport',
            src: 'downloadReport',
            input: ({ context }) => ({ id: context.pendingReport! }),
            onDone: { target: 'idle', actions: assign({ pendingReport: null }) },
            onError: {
              target: 'idle',
              actions: [
                { type: 'failed', params: ({ event }) => ({ key: 'jobs.reportFailed', because: toBootError(event.error) }) },
                assign({ pendingReport: null }),
              ],
            },
          },
        },
      },
    },
  },
});
