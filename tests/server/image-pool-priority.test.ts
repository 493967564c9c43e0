/**
 * The image pool's child processes run all their threads at a lower CPU priority
 * (server/services/media/imageWorker.ts): Linux keeps a nice value per thread, and the image
 * work runs on libuv's thread pool and libvips's workers, not on the thread that starts. When
 * the server and image work both want the CPU, the server's requests go first.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, expect, it } from 'vitest';
import { ImagePool } from '../../server/services/media/imagePool.js';
import { allowedType } from '../../server/services/media/types.js';
import { statFields } from '../../bench/lib/procStat.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-image-priority-'));
const pool = new ImagePool({ workers: 1, maxQueue: 4, timeoutMs: 30_000, maxAnimatedPixels: 50_000_000 });
afterAll(async () => {
  await pool.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The nice value of every thread of this process's image workers. */
function workerThreads(): number[] {
  const nice: number[] = [];
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const ppid = Number(statFields(`/proc/${pid}/stat`)[1]);
      if (ppid !== process.pid || !fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('imageWorker')) continue;
      // Field 19 of the line: the nice value.
      for (const tid of fs.readdirSync(`/proc/${pid}/task`)) nice.push(Number(statFields(`/proc/${pid}/task/${tid}/stat`)[16]));
    } catch {
      // A process that ended while it was read.
    }
  }
  return nice;
}

it.runIf(process.platform === 'linux')('runs every thread of an image worker at a lower priority than the server', async () => {
  const file = path.join(dir, 'photo.jpg');
  await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#6a8' } })
    .jpeg()
    .toFile(file);
  const result = await pool.process(file, allowedType('image/jpeg')!, { thumbnail: path.join(dir, 't.webp'), web: path.join(dir, 'w.webp') });
  expect(result).toMatchObject({ width: 2000, height: 1500 });
  const threads = workerThreads();
  // libuv's pool (4) and libvips's workers besides the main thread and V8's.
  expect(threads.length).toBeGreaterThan(8);
  expect(threads.filter((n) => n <= os.getPriority())).toEqual([]);
});
