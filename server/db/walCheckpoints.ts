/**
 * Checkpoints of the server's SQLite WAL off the event loop (docs/decisions.md §40). SQLite
 * checkpoints by itself inside the commit that takes the WAL past `wal_autocheckpoint` pages:
 * on the server's one connection, whose driver is synchronous, that commit then holds every
 * request for as long as copying a thousand pages takes (20–30 ms measured, against 2 ms for
 * a commit without). Here a child process (checkpointWorker.ts) checkpoints on a connection of
 * its own every `everyMs` once the WAL has grown past START_BYTES (a server that barely
 * writes never starts it), and the connection's own checkpoint is left as a backstop at
 * `BACKSTOP_PAGES`, for a child that died or fell behind.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type SqliteDatabase from 'better-sqlite3';
import { forkWorker } from '../childSlots.js';

/** The connection's own checkpoint, for a child that falls behind: 10 × SQLite's default (40 MB of WAL at 4 KB pages). */
const BACKSTOP_PAGES = 10_000;

/** The WAL file's size from which the child is started: a quarter of what SQLite's default lets it reach. */
const START_BYTES = 1024 * 1024;

export interface WalCheckpointOptions {
  everyMs: number;
}

export class WalCheckpoints {
  private child: ChildProcess | undefined;
  private asked = false;
  private readonly timer: NodeJS.Timeout;
  private closed = false;

  constructor(
    sqlite: SqliteDatabase.Database,
    private readonly file: string,
    opts: WalCheckpointOptions,
  ) {
    sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
    this.timer = setInterval(() => void this.check(), opts.everyMs);
    this.timer.unref();
  }

  /** Whether a child checkpoints this database. */
  get started(): boolean {
    return this.child !== undefined;
  }

  /** A tick: the child asked to checkpoint, started first once the WAL is past START_BYTES. */
  async check(): Promise<void> {
    if (this.asked || this.closed) return;
    // Asked until the child answers or dies: one checkpoint at a time, and one child.
    this.asked = true;
    if (!this.child) {
      const size = await fs.promises.stat(`${this.file}-wal`).then(
        (s) => s.size,
        () => 0,
      );
      if (size < START_BYTES || this.closed) {
        this.asked = false;
        return;
      }
      this.child = this.start();
    }
    this.child.send('checkpoint', (error) => {
      if (error) this.asked = false;
    });
  }

  private start(): ChildProcess {
    const child = forkWorker(import.meta.url, 'checkpointWorker', [this.file]);
    child.on('message', () => {
      this.asked = false;
    });
    // Started again at the next tick; meanwhile the backstop holds.
    child.on('exit', () => {
      if (this.child === child) this.child = undefined;
      this.asked = false;
    });
    child.on('error', () => undefined);
    return child;
  }

  close(): void {
    this.closed = true;
    clearInterval(this.timer);
    this.child?.kill();
    this.child = undefined;
  }
}
