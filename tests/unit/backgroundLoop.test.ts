import { expect, it, vi } from 'vitest';
import type { Dialect } from '../../server/db/database.js';
import { BackgroundLoop } from '../../server/services/jobs/loop.js';

/** A loop over `n` batches of work, each saying whether more is waiting. */
function countdown(n: number) {
  let left = n;
  return new BackgroundLoop(
    async () => ({ result: left, more: --left > 0 }),
    60_000,
    () => undefined,
    'sqlite',
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
 * Two batches, the first kept busy `busyMs`: whether the second waited for a timer. Timers are
 * fake here (the clock is not), so a pause on one holds the second batch until they are run,
 * while a give-way (a turn of the event loop) does not. A real timer set as the first batch
 * ended told the two apart only by how fast the machine turned: a full run on a busy machine
 * failed so.
 */
async function waitedForATimer(busyMs: number, dialect: Dialect = 'sqlite'): Promise<boolean> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    let begun = 0;
    const loop = new BackgroundLoop(
      async () => {
        begun++;
        const until = performance.now() + busyMs;
        while (performance.now() < until);
        return { result: begun, more: begun < 2 };
      },
      60_000,
      () => undefined,
      dialect,
    );
    const run = loop.runUntilIdle();
    for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setImmediate(resolve));
    const waited = begun < 2;
    await vi.runAllTimersAsync();
    expect(await run).toEqual([1, 2]);
    return waited;
  } finally {
    vi.useRealTimers();
  }
}

it('pauses after a long batch as long as it was busy, so waiting requests get about half the loop', async () => {
  expect(await waitedForATimer(40)).toBe(true);
});

it('only gives way after a short batch: with no request in flight the next batch starts at the next turn', async () => {
  expect(await waitedForATimer(0)).toBe(false);
});

it('only gives way after a long batch on PostgreSQL, whose statements left the event loop free while they ran', async () => {
  expect(await waitedForATimer(40, 'postgres')).toBe(false);
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
    'sqlite',
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
