import type { ChildProcess } from 'node:child_process';
import { type ChildSlot, forkWorker, stopSlot } from '../../childSlots.js';
import { HttpError } from '../../errors.js';
import { type ImageLimits, type ImageResult, InvalidImageError } from './images.js';
import type { ImageAnswer, ImageJob } from './imageWorker.js';
import type { AllowedType } from './types.js';

/** The image took longer than the pool's time limit: it was abandoned. */
export class ImageTimeoutError extends InvalidImageError {}

export interface ImagePoolOptions extends ImageLimits {
  /** Child processes, each making one image's variants at a time. */
  workers: number;
  /** Jobs waiting for a worker; one more is refused with 503. */
  maxQueue: number;
  /** A job still running after this long is abandoned (its worker killed). */
  timeoutMs: number;
}

interface Pending {
  job: ImageJob;
  resolve(result: ImageResult): void;
  reject(error: Error): void;
}

type Slot = ChildSlot<Pending>;

const busy = () => new HttpError(503, { detail: 'The server is busy processing images. Try again in a minute.' }, { 'retry-after': '60' });

/**
 * Makes image variants (images.ts) in child processes (imageWorker.ts), never on this
 * process's libuv thread pool, which argon2 logins and file reads share: `workers` jobs
 * at a time, at most `maxQueue` waiting, each within `timeoutMs`. Children start with the
 * first job and are replaced when one is killed or dies.
 */
export class ImagePool {
  private readonly slots: Slot[];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly opts: ImagePoolOptions) {
    this.slots = Array.from({ length: opts.workers }, () => ({}));
  }

  process(file: string, type: AllowedType, out: { thumbnail: string; web: string }): Promise<ImageResult> {
    if (this.closed) return Promise.reject(new Error('the image pool is closed'));
    // A worker still starting is not free: the job given to it waits in the queue.
    const idle = this.slots.some((slot) => !slot.running && (!slot.child || slot.ready));
    if (!idle && this.queue.length >= this.opts.maxQueue) return Promise.reject(busy());
    const limits: ImageLimits = { maxAnimatedPixels: this.opts.maxAnimatedPixels };
    return new Promise((resolve, reject) => {
      this.queue.push({ job: { id: this.nextId++, file, type, out, limits }, resolve, reject });
      this.dispatch();
    });
  }

  async close() {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.reject(new Error('the image pool is closed'));
    for (const slot of this.slots) stopSlot(slot, new Error('the image pool is closed'));
  }

  private dispatch() {
    for (const slot of this.slots) {
      if (slot.running || this.queue.length === 0) continue;
      if (!slot.child) this.spawn(slot);
      if (!slot.ready) continue;
      const pending = this.queue.shift()!;
      slot.running = pending;
      slot.timer = setTimeout(() => {
        stopSlot(slot, new ImageTimeoutError(`no variants after ${this.opts.timeoutMs} ms`));
        this.dispatch();
      }, this.opts.timeoutMs);
      slot.child!.send(pending.job);
    }
  }

  private spawn(slot: Slot): ChildProcess {
    const child = forkWorker(import.meta.url, 'imageWorker');
    slot.child = child;
    slot.ready = false;
    child.on('message', (answer: ImageAnswer | 'ready') => {
      if (answer === 'ready') {
        slot.ready = true;
        return this.dispatch();
      }
      const pending = slot.running;
      if (!pending || pending.job.id !== answer.id) return;
      clearTimeout(slot.timer);
      slot.running = undefined;
      if ('result' in answer) pending.resolve(answer.result);
      else if ('invalid' in answer) pending.reject(new InvalidImageError(answer.invalid));
      else pending.reject(new Error(answer.error));
      this.dispatch();
    });
    // A decoder that kills its process was handed something it could not read.
    child.on('exit', (code, signal) => {
      if (slot.child !== child) return;
      stopSlot(slot, new InvalidImageError(`the image worker ended (${signal ?? code}) on this image`));
      if (!this.closed) this.dispatch();
    });
    child.on('error', (error) => {
      if (slot.child === child) stopSlot(slot, error);
    });
    return child;
  }
}
