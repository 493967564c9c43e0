import { type ChildSlot, forkWorker, stopSlot } from '../childSlots.js';
import { HttpError } from '../errors.js';
import { ReadOverBudget } from './budget.js';
import type { ReadAnswer, ReadJob } from './readWorker.js';
import { byName } from './rows.js';
import { RETRY_AFTER_SECONDS, UNAVAILABLE_DETAIL } from './unavailable.js';

export interface ReadPoolOptions {
  /** The SQLite file the readers open, read-only. */
  file: string;
  /** Child processes, each running one read at a time. */
  readers: number;
  /** A read running longer than this is stopped. */
  budgetMs: number;
}

type Row = Record<string, unknown>;

interface Pending {
  key: number;
  job: ReadJob;
  resolve(rows: Row[]): void;
  reject(error: Error): void;
}

interface Slot extends ChildSlot<Pending> {
  /** The key whose reads run here, or was stopped here while no replacement is ready. */
  heldBy?: number;
  /** Reads of the same key sent with the running one, to run after it in this order. */
  behind: Pending[];
}

/**
 * Reads of one key sent to a reader at once: it runs them back to back while the event
 * loop is busy elsewhere, and one message carries them. Few enough that another key's
 * turn waits little longer than for one read.
 */
const BATCH = 8;

const readerLost = () => new HttpError(503, { detail: UNAVAILABLE_DETAIL }, { 'retry-after': String(RETRY_AFTER_SECONDS) });

/**
 * Runs SELECTs off the event loop, in child processes with read-only connections
 * (readWorker.ts), so a long read holds no other request (docs/decisions.md §2, "Reads
 * that may take long"):
 * - a read still running after `budgetMs` fails with ReadOverBudget (503): its reader is
 *   killed (a thread inside SQLite's C code could not be stopped) and replaced at once;
 * - reads are queued per key (a site) and taken from the keys in turn, and one key holds at
 *   most all readers but one, so a site that floods the pool with slow reads waits behind
 *   its own and leaves a reader to every other site;
 * - a key's turn sends up to BATCH of its waiting reads to the reader together, each
 *   answered as it ends and each with its own budget; a read that was sent behind a stopped
 *   one did not run, and waits again at the head of its key's queue.
 * Readers start with the first read and stay.
 */
export class ReadPool {
  private readonly slots: Slot[];
  /** Waiting reads per key; the Map's order is the turn order. */
  private readonly queues = new Map<number, Pending[]>();
  /** Readers each key holds now. */
  private readonly holding = new Map<number, number>();
  private readonly perKey: number;
  private nextId = 1;
  private closed = false;

  constructor(private readonly opts: ReadPoolOptions) {
    this.slots = Array.from({ length: opts.readers }, () => ({ behind: [] }));
    this.perKey = Math.max(1, opts.readers - 1);
  }

  read(key: number, sql: string, params: readonly unknown[]): Promise<Row[]> {
    if (this.closed) return Promise.reject(new Error('the read pool is closed'));
    return new Promise((resolve, reject) => {
      const pending: Pending = { key, job: { id: this.nextId++, sql, params: [...params] }, resolve, reject };
      const queue = this.queues.get(key);
      if (queue) queue.push(pending);
      else this.queues.set(key, [pending]);
      this.dispatch();
    });
  }

  async close() {
    this.closed = true;
    for (const p of this.drain()) p.reject(new Error('the read pool is closed'));
    for (const slot of this.slots) this.stop(slot, new Error('the read pool is closed'));
  }

  private dispatch() {
    for (const slot of this.slots) {
      if (slot.running || this.queues.size === 0) continue;
      if (!slot.child) this.spawn(slot);
      if (!slot.ready) continue;
      const batch = this.next();
      if (!batch) return;
      const [first, ...behind] = batch;
      this.hold(slot, first!.key);
      slot.behind = behind;
      this.start(slot, first!);
      slot.child!.send(batch.map((p) => p.job));
    }
  }

  /** The reader of `slot` runs `pending` now: its budget counts from here. */
  private start(slot: Slot, pending: Pending) {
    slot.running = pending;
    slot.timer = setTimeout(() => {
      this.stop(slot, new ReadOverBudget(`a read ran past its budget of ${this.opts.budgetMs} ms`));
      if (!this.closed) this.spawn(slot);
      this.dispatch();
    }, this.opts.budgetMs);
  }

  /** Kills the slot's reader, failing its running read; the reads behind it did not run and wait again. */
  private stop(slot: Slot, error: Error) {
    const behind = slot.behind;
    slot.behind = [];
    stopSlot(slot, error);
    if (!behind.length) return;
    if (this.closed) for (const p of behind) p.reject(error);
    else this.queues.set(behind[0]!.key, [...behind, ...(this.queues.get(behind[0]!.key) ?? [])]);
  }

  /** The next reads to run: up to BATCH of the first key in turn below its share, which then goes last. */
  private next(): Pending[] | undefined {
    for (const [key, queue] of this.queues) {
      if ((this.holding.get(key) ?? 0) >= this.perKey) continue;
      const batch = queue.splice(0, BATCH);
      this.queues.delete(key);
      if (queue.length) this.queues.set(key, queue);
      return batch;
    }
    return undefined;
  }

  private spawn(slot: Slot) {
    const child = forkWorker(import.meta.url, 'readWorker', [this.opts.file]);
    slot.child = child;
    slot.ready = false;
    child.on('message', (answer: ReadAnswer | 'ready') => {
      // A reader already stopped may still have had something on its way.
      if (slot.child !== child) return;
      if (answer === 'ready') {
        slot.ready = true;
        this.release(slot);
        return this.dispatch();
      }
      const pending = slot.running;
      if (!pending || pending.job.id !== answer.id) return;
      clearTimeout(slot.timer);
      slot.running = undefined;
      if ('error' in answer) pending.reject(Object.assign(new Error(answer.error), { code: answer.code }));
      else pending.resolve(answer.rows.map(byName(answer.columns)));
      const next = slot.behind.shift();
      if (next) return this.start(slot, next);
      this.release(slot);
      this.dispatch();
    });
    const lost = () => {
      if (slot.child !== child) return;
      const starting = !slot.ready;
      this.stop(slot, readerLost());
      // A reader that cannot even open the database would fail again at once: the
      // waiting reads fail instead of spawning readers in a loop.
      if (starting) {
        this.release(slot);
        for (const p of this.drain()) p.reject(readerLost());
      }
      if (!this.closed) this.dispatch();
    };
    child.on('exit', lost);
    child.on('error', lost);
  }

  private drain(): Pending[] {
    const all = [...this.queues.values()].flat();
    this.queues.clear();
    return all;
  }

  /**
   * The slot counts as the key's from the start of its read until the read ends or, when
   * its reader was stopped, until a replacement is ready: a site whose read was stopped
   * does not take the reader another site is using meanwhile.
   */
  private hold(slot: Slot, key: number) {
    slot.heldBy = key;
    this.holding.set(key, (this.holding.get(key) ?? 0) + 1);
  }

  private release(slot: Slot) {
    const key = slot.heldBy;
    if (key === undefined) return;
    slot.heldBy = undefined;
    const held = (this.holding.get(key) ?? 1) - 1;
    if (held > 0) this.holding.set(key, held);
    else this.holding.delete(key);
  }
}
