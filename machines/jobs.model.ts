import { jobsMachine } from './jobs.machine';
import type { Job } from './jobs.types';
import { done, fail, type MachineModel } from './model/paths';

export const job = (over: Partial<Job> = {}): Job => ({
  id: 7,
  kind: 'bulk_update',
  status: 'running',
  done: 10,
  total: 40,
  errors: 0,
  created_at: '2026-11-26T10:00:00.000Z',
  started_at: '2026-11-26T10:00:01.000Z',
  finished_at: null,
  ...over,
});

export const running = job();
export const finished = job({ status: 'done', done: 40, errors: 2, finished_at: '2026-11-26T10:00:09.000Z', report_url: '/api/jobs/7/report/' });

/** The jobs panel as a test model: every server answer, the pause and the confirm answer are events. */
export const jobsModel: MachineModel = {
  machine: jobsMachine,
  input: {},
  actorIds: ['fetchJobs', 'pollDelay', 'confirm', 'cancelJob', 'downloadReport'],
  contextKey: (c) => c.jobs.map((j: Job) => j.status).join(),
  events: [
    { type: 'jobs.refresh' },
    { type: 'job.started', job: job({ status: 'queued', done: 0, started_at: null }) },
    done('fetchJobs', [running]),
    done('fetchJobs', [finished]),
    fail('fetchJobs', { status: 502 }),
    done('pollDelay'),
    { type: 'job.cancel', id: 7 },
    { type: 'job.report', id: 7 },
    done('confirm', true),
    done('confirm', false),
    fail('confirm', new Error('dialog closed')),
    done('cancelJob', job({ status: 'cancelled' })),
    fail('cancelJob', { status: 409, data: { detail: 'This job has ended (done): there is nothing to cancel.' } }),
    done('downloadReport'),
    fail('downloadReport', { status: 500 }),
  ],
};
