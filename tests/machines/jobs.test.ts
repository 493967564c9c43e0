import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { connectJobs } from '../../machines/jobs.connect';
import { endedJobs, timeLeftMs } from '../../machines/jobs.helpers';
import { jobsMachine } from '../../machines/jobs.machine';
import { finished, job, jobsModel, running } from '../../machines/jobs.model';
import type { Job } from '../../machines/jobs.types';
import { pathsOf, uncoveredTransitions, unvisitedStates, walkPath } from './modelHarness';

const paths = pathsOf(jobsModel);

describe('jobs machine (model-based)', () => {
  it('the generated paths visit every state and take every transition', () => {
    expect(unvisitedStates(jobsMachine, paths)).toEqual([]);
    expect(uncoveredTransitions(jobsMachine, paths)).toEqual([]);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const actor = await walkPath(jobsModel, path, { actions: { failed: () => {} } });
      const s = actor.getSnapshot();
      // It waits to read again only while a job it knows of is live.
      if (s.matches({ poll: 'waiting' })) expect(s.context.jobs.some((j: Job) => j.status === 'running' || j.status === 'queued')).toBe(true);
      if (s.matches({ action: 'confirming' }) || s.matches({ action: 'cancelling' })) expect(s.context.pendingCancel).toBe(7);
      if (s.matches({ action: 'downloading' })) expect(s.context.pendingReport).toBe(7);
      actor.stop();
    });
  }
});

/** A jobs actor whose reads answer `answers` in turn (the last one repeated) and whose pause is settled by hand. */
function boot(answers: Job[][], more: { confirm?: boolean; cancel?: () => unknown } = {}) {
  const calls: Record<string, unknown[]> = {};
  const ended: Job[] = [];
  const failures: string[] = [];
  let reads = 0;
  const waits: Array<() => void> = [];
  const fake = (name: string, answer: (input: unknown) => unknown) =>
    fromPromise(async ({ input }: { input: unknown }) => {
      (calls[name] ??= []).push(input);
      return answer(input);
    });
  const actor = createActor(
    jobsMachine.provide({
      actors: {
        fetchJobs: fake('fetchJobs', () => answers[Math.min(reads++, answers.length - 1)]),
        pollDelay: fromPromise(({ input }: { input: { ms: number } }) => {
          (calls.wait ??= []).push(input);
          return new Promise<void>((resolve) => waits.push(resolve));
        }),
        confirm: fake('confirm', () => more.confirm ?? true),
        cancelJob: fake('cancelJob', more.cancel ?? (() => job({ status: 'cancelled' }))),
        downloadReport: fake('downloadReport', () => undefined),
      } as any,
      actions: {
        failed: (_: unknown, p: { key: string }) => void failures.push(p.key),
      },
    }),
    { input: { pollMs: 1500 } },
  );
  actor.on('jobs.ended', (e) => void ended.push(...e.jobs));
  actor.start();
  const tick = () => waits.shift()!();
  const settled = (state: 'idle' | 'waiting', n: number) => waitFor(actor, (s) => s.matches({ poll: state }) && (calls.fetchJobs?.length ?? 0) === n);
  return { actor, calls, ended, failures, tick, settled };
}

describe('jobs behaviour', () => {
  it('reads nothing until asked, then polls while a job runs and stops once none does, with one snackbar for the job that ended', async () => {
    const { actor, calls, ended, tick, settled } = boot([[running], [job({ done: 30 })], [finished]]);
    expect(actor.getSnapshot().matches({ poll: 'idle' })).toBe(true);
    expect(calls.fetchJobs).toBeUndefined();
    actor.send({ type: 'jobs.refresh' });
    await settled('waiting', 1);
    expect(calls.wait).toEqual([{ ms: 1500 }]);
    tick();
    await settled('waiting', 2);
    expect(ended).toEqual([]);
    tick();
    await settled('idle', 3);
    expect(ended).toEqual([finished]);
    expect(calls.wait).toHaveLength(2);
  });

  it('jobs that had ended before the first read get no snackbar', async () => {
    const { actor, ended, settled } = boot([[finished]]);
    actor.send({ type: 'jobs.refresh' });
    await settled('idle', 1);
    expect(ended).toEqual([]);
  });

  it('a job a screen has just queued is told when it ends, even if it ended before the first read', async () => {
    const { actor, ended, settled } = boot([[finished]]);
    actor.send({ type: 'job.started', job: job({ status: 'queued', done: 0, started_at: null }) });
    expect(actor.getSnapshot().context.jobs).toHaveLength(1);
    await settled('idle', 1);
    expect(ended).toEqual([finished]);
  });

  it('a job started elsewhere wakes it up: a refresh reads at once', async () => {
    const { actor, settled } = boot([[], [running]]);
    actor.send({ type: 'jobs.refresh' });
    await settled('idle', 1);
    actor.send({ type: 'jobs.refresh' });
    await settled('waiting', 2);
  });

  it('a cancel asks first, then cancels and reads the jobs again', async () => {
    const { actor, calls, settled } = boot([[running], [job({ status: 'cancelled' })]]);
    actor.send({ type: 'jobs.refresh' });
    await settled('waiting', 1);
    actor.send({ type: 'job.cancel', id: 7 });
    await settled('idle', 2);
    expect(calls.confirm).toEqual([
      { title: 'jobs.cancelTitle', question: 'jobs.cancelQuestion', values: { id: 7 }, danger: true, approveLabel: 'jobs.cancelApprove' },
    ]);
    expect(calls.cancelJob).toEqual([{ id: 7 }]);
    expect(actor.getSnapshot().context.pendingCancel).toBeNull();
  });

  it('a cancel declined does nothing; an ended job cannot be cancelled', async () => {
    const { actor, calls, settled } = boot([[running, job({ id: 8, status: 'done' })]], { confirm: false });
    actor.send({ type: 'jobs.refresh' });
    await settled('waiting', 1);
    expect(actor.getSnapshot().can({ type: 'job.cancel', id: 8 })).toBe(false);
    actor.send({ type: 'job.cancel', id: 7 });
    await waitFor(actor, (s) => s.matches({ action: 'idle' }) && (calls.confirm?.length ?? 0) === 1);
    expect(calls.cancelJob).toBeUndefined();
  });

  it('a cancel refused (the job ended meanwhile) says why and reads again', async () => {
    const { actor, failures, settled } = boot([[running], [finished]], {
      cancel: () => Promise.reject({ status: 409, data: { detail: 'This job has ended (done).' } }),
    });
    actor.send({ type: 'jobs.refresh' });
    await settled('waiting', 1);
    actor.send({ type: 'job.cancel', id: 7 });
    await settled('idle', 2);
    expect(failures).toEqual(['jobs.cancelFailed']);
  });

  it('downloads the error report of a job that has one', async () => {
    const { actor, calls, settled } = boot([[finished, job({ id: 9, status: 'done', done: 40 })]]);
    actor.send({ type: 'jobs.refresh' });
    await settled('idle', 1);
    expect(actor.getSnapshot().can({ type: 'job.report', id: 9 })).toBe(false);
    actor.send({ type: 'job.report', id: 7 });
    await waitFor(actor, (s) => s.matches({ action: 'idle' }) && (calls.downloadReport?.length ?? 0) === 1);
    expect(calls.downloadReport).toEqual([{ id: 7 }]);
  });
});

describe('jobs panel props', () => {
  it('counts the live jobs, gives each its progress, time left, and what can be done with it', async () => {
    const { actor, settled } = boot([[running, finished]]);
    actor.send({ type: 'jobs.refresh' });
    await settled('waiting', 1);
    // 10 of 40 rows in the 9 s since it started: 27 s left at that pace.
    const props = connectJobs(actor.getSnapshot(), actor.send, Date.parse('2026-11-26T10:00:10.000Z'));
    expect(props.liveCount).toBe(1);
    expect(props.jobs[0]).toMatchObject({ kindKey: 'jobs.kind.bulk_update', percent: 25, timeLeftMs: 27_000, canCancel: true, hasReport: false });
    expect(props.jobs[1]).toMatchObject({ percent: 100, timeLeftMs: null, canCancel: false, canDownload: true, errors: 2 });
  });

  it('has no time left to tell before the first row, nor a kind it does not know', () => {
    expect(timeLeftMs(job({ done: 0 }), Date.now())).toBeNull();
    expect(timeLeftMs(job({ status: 'queued', started_at: null }), Date.now())).toBeNull();
    expect(endedJobs([running], [job({ status: 'failed' })])).toHaveLength(1);
  });
});
