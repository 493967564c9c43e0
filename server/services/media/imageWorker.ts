/**
 * A child process that makes image variants (images.ts) for the parent's ImagePool
 * (imagePool.ts), one job at a time: a process of its own has its own libuv thread pool,
 * so sharp never holds the threads the server's logins (argon2) and file reads wait for,
 * it runs at a lower CPU priority, and a job over its time limit is ended by killing it.
 */
import fs from 'node:fs';
import os from 'node:os';
import sharp from 'sharp';
import { type ImageLimits, InvalidImageError, processImage } from './images.js';
import type { AllowedType } from './types.js';

export interface ImageJob {
  id: number;
  file: string;
  type: AllowedType;
  out: { thumbnail: string; web: string };
  limits: ImageLimits;
}

export type ImageAnswer = { id: number; result: Awaited<ReturnType<typeof processImage>> } | { id: number; invalid: string } | { id: number; error: string };

/** Nice value: when the server and image work both want the CPU, the server wins. */
const NICENESS = 10;

// sharp's own libvips threads stay at one per core: measured against one thread, 12 MP
// JPEGs went from 7.7 to 8.7 a second and other sites' logins were no slower (nice wins).
// Every image is seen once: an operation cache only holds memory.
sharp.cache(false);

/**
 * Linux keeps a nice value per thread, and setting the process's sets only the calling
 * thread's. The image work runs on libuv's thread pool and libvips's workers, which module
 * loading has started by now: every thread is lowered, and threads started later inherit
 * their starter's value. Before, only the idle main thread was (docs/decisions.md §55).
 */
function lowerPriority(niceness: number) {
  let threads = [0];
  try {
    threads = fs.readdirSync('/proc/self/task').map(Number);
  } catch {
    // No /proc (not Linux): there the value is the process's, set through the calling thread.
  }
  for (const tid of threads) {
    try {
      os.setPriority(tid, niceness);
    } catch {
      // Not allowed here (a container's policy), or the thread ended: the separate thread pool still holds.
    }
  }
}
lowerPriority(NICENESS);

process.on('message', (job: ImageJob) => {
  processImage(job.file, job.type, job.out, job.limits).then(
    (result) => process.send!({ id: job.id, result } satisfies ImageAnswer),
    (error: unknown) =>
      process.send!(
        error instanceof InvalidImageError
          ? ({ id: job.id, invalid: error.message } satisfies ImageAnswer)
          : ({ id: job.id, error: error instanceof Error ? error.message : String(error) } satisfies ImageAnswer),
      ),
  );
});
// The server went away: nothing is left to work for.
process.on('disconnect', () => process.exit(0));
process.send!('ready');
