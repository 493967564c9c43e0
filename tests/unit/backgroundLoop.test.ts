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
