import { expect, it } from 'vitest';
import { BackgroundLoop } from '../../server/services/jobs/loop.js';

/** A loop over `n` batches of work, each saying whether more is waiting. */
function countdown(n: number) {
  let left = n;
  return new BackgroundLoop(
    async () => ({ result: left, more: --left > 0 }),
    60_000,
    () => undefined,
  );
}

it('drains all the work when asked after stop(): only a run stop() finds in progress is cut short', async () => {
  const loop = countdown(3);
  loop.start();
  await loop.stop();
  expect(await loop.runUntilIdle()).toEqual([3, 2, 1]);
});

it('drains all the work of a loop never started', async () => {
  expect(await countdown(3).runUntilIdle()).toEqual([3, 2, 1]);
});

/**
 * Two batches, the first kept busy `busyMs`: whether a timer due at once, set as the first ended, had
 * fired when the second began — whether the loop paused on a timer or only gave way.
 */
async function pausedAfter(busyMs: number): Promise<boolean> {
  let left = 2;
  let fired = false;
  let firedBeforeSecond: boolean | undefined;
  const loop = new BackgroundLoop(
    async () => {
      if (left === 1) firedBeforeSecond = fired;
      const until = performance.now() + busyMs;
      while (performance.now() < until);
      setTimeout(() => (fired = true), 0);
      return { result: left, more: --left > 0 };
    },
    60_000,
    () => undefined,
  );
  await loop.runUntilIdle();
  return firedBeforeSecond!;
}

it('pauses after a long batch as long as it was busy, so waiting requests get about half the loop', async () => {
  expect(await pausedAfter(30)).toBe(true);
});

it('only gives way after a short batch: with no request in flight the next batch starts at the next turn', async () => {
  expect(await pausedAfter(0)).toBe(false);
});

/** A loop of one-batch runs whose first batch waits until `release()`: `batches()` counts the batches begun. */
function heldFirst() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let begun = 0;
  const loop = new BackgroundLoop(
    async () => {
      begun++;
      if (begun === 1) await gate;
      return { result: begun, more: false };
    },
    60_000,
    () => undefined,
  );
  return { loop, release, batches: () => begun };
}

it('asked while a run is in progress, runs again after it: that run may have looked for work before the caller recorded its own', async () => {
  const { loop, release } = heldFirst();
  const first = loop.runUntilIdle();
  const second = loop.runUntilIdle();
  release();
  expect(await first).toEqual([1]);
  expect(await second).toEqual([2]);
});

it('a run asked while one is in progress does not outlive a stop()', async () => {
  const { loop, release, batches } = heldFirst();
  void loop.runUntilIdle();
  const asked = loop.runUntilIdle();
  const stopped = loop.stop();
  release();
  await stopped;
  expect(await asked).toEqual([]);
  expect(batches()).toBe(1);
});
