/**
 * SQLite's WAL checkpointed off the server's thread (server/db/walCheckpoints.ts): once the
 * WAL has grown, a child process copies it into the database file, so no commit of the
 * server's connection does — the connection's own checkpoint is only a backstop.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WalCheckpoints } from '../../server/db/walCheckpoints.js';

describe('WAL checkpoints', () => {
  const open: Array<() => void> = [];
  afterEach(() => {
    for (const close of open.splice(0)) close();
  });

  /** A WAL database with `mb` megabytes written in commits of 64 KB: the size of its file then. */
  function written(checkpoints: boolean, mb: number) {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'wal-')), 'db.sqlite');
    const db = new SqliteDatabase(file);
    db.pragma('journal_mode = WAL');
    const background = checkpoints ? new WalCheckpoints(db, file, { everyMs: 20 }) : undefined;
    open.push(() => {
      background?.close();
      db.close();
    });
    db.exec('create table t (id integer primary key, body blob)');
    const insert = db.prepare('insert into t (body) values (?)');
    for (let i = 0; i < mb * 16; i++) insert.run(Buffer.alloc(64 * 1024, i % 251));
    return { file, db, background };
  }

  it("copies the WAL into the database file from a child process, past SQLite's own point", async () => {
    const { file, background } = written(true, 6);
    await background!.check();
    expect(background!.started).toBe(true);
    // 6 MB is past the 1,000 pages (4 MB) at which a commit of SQLite's would have checkpointed: none did.
    expect(fs.statSync(file).size).toBeLessThan(1024 * 1024);
    await vi.waitFor(() => expect(fs.statSync(file).size).toBeGreaterThan(6 * 1024 * 1024), { timeout: 10_000, interval: 20 });
  });

  it('leaves a database whose WAL stays small to SQLite (no child)', async () => {
    const { file, db, background } = written(true, 0.25);
    expect(fs.statSync(`${file}-wal`).size).toBeLessThan(1024 * 1024);
    await background!.check();
    expect(background!.started).toBe(false);
    expect(fs.statSync(file).size).toBeLessThan(64 * 1024);
    expect(db.prepare('select count(*) as n from t').get()).toEqual({ n: 4 });
  });

  it("without it, SQLite checkpoints inside the commit that passes its point (what the server's thread was held for)", () => {
    const { file } = written(false, 6);
    expect(fs.statSync(file).size).toBeGreaterThan(3 * 1024 * 1024);
  });
});
