/**
 * The SQLite read pool (server/db/readPool.ts): reads run in reader processes beside the
 * writer, a runaway read is stopped at its budget with its reader killed, one key's slow
 * reads leave a reader to the others, and a pool that cannot open its database fails its
 * reads instead of spawning readers in a loop.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ReadOverBudget } from '../../server/db/budget.js';
import { ReadPool } from '../../server/db/readPool.js';
import { HttpError } from '../../server/errors.js';
import { readerPids } from './fixtures/readers.js';
import { exactly } from '../tuples.js';

// Counts forever: only killing its process stops it.
const RUNAWAY = 'with recursive c(i) as (select 1 union all select i + 1 from c) select count(*) as n from c';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Polls until a killed process has been reaped (a kill is not instant); fails after 5 s. */
async function gone(pids: number[]) {
  const deadline = performance.now() + 5000;
  while (pids.some(alive)) {
    if (performance.now() > deadline) throw new Error(`still running: ${pids.filter(alive).join(', ')}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('read pool', () => {
  let dir: string;
  let file: string;
  let writer: SqliteDatabase.Database;
  const pools: ReadPool[] = [];
  const pool = (opts: { readers: number; budgetMs: number; file?: string }) => {
    const p = new ReadPool({ file, ...opts });
    pools.push(p);
    return p;
  };

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-read-pool-'));
    file = path.join(dir, 'db.sqlite');
    writer = new SqliteDatabase(file);
    writer.pragma('journal_mode = WAL');
    writer.exec('create table items (id integer primary key, name text)');
    writer.prepare('insert into items (name) values (?)').run('first');
  });
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((p) => p.close()));
  });
  afterAll(() => {
    writer.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads rows by column name, and sees what the writer committed a moment before', async () => {
    const p = pool({ readers: 2, budgetMs: 5000 });
    expect(await p.read(1, 'select id, name from items order by id', [])).toEqual([{ id: 1, name: 'first' }]);
    writer.prepare('insert into items (name) values (?)').run('second');
    expect(await p.read(1, 'select name from items where id = ?', [2])).toEqual([{ name: 'second' }]);
  });

  it('passes a SQLite error on with its code, and refuses to write', async () => {
    const p = pool({ readers: 1, budgetMs: 5000 });
    await expect(p.read(1, 'select nope from items', [])).rejects.toThrow(/no such column/);
    await expect(p.read(1, "insert into items (name) values ('x')", [])).rejects.toThrow(/only statements that return rows/);
    await expect(p.read(1, "insert into items (name) values ('x') returning id", [])).rejects.toMatchObject({ code: 'SQLITE_READONLY' });
    expect(await p.read(1, 'select count(*) as n from items', [])).toEqual([{ n: expect.any(Number) }]);
  });

  it('stops a runaway read at its budget by killing its reader, and answers the next read with a new one', async () => {
    const p = pool({ readers: 1, budgetMs: 300 });
    await p.read(1, 'select 1 as one', []);
    const [before] = exactly(readerPids(), 1);
    const started = performance.now();
    await expect(p.read(1, RUNAWAY, [])).rejects.toBeInstanceOf(ReadOverBudget);
    expect(performance.now() - started).toBeLessThan(3000);
    await gone([before]);
    expect(await p.read(1, 'select 1 as one', [])).toEqual([{ one: 1 }]);
    expect(readerPids()).not.toContain(before);
  });

  it("keeps a reader for other keys while one key's runaway reads hold the rest", async () => {
    const p = pool({ readers: 2, budgetMs: 10_000 });
    // A reader is ready: the first runaway starts at once, the second would take the next reader.
    await p.read(2, 'select 1', []);
    const settled: string[] = [];
    const runaways = [1, 2].map((i) => p.read(1, RUNAWAY, []).catch(() => settled.push(`runaway ${i}`)));
    expect(await p.read(2, 'select name from items where id = 1', [])).toEqual([{ name: 'first' }]);
    // Key 1 holds one reader at most: the other key's read passed while key 1's first still ran.
    expect(settled).toEqual([]);
    await p.close();
    await Promise.all(runaways);
  });

  it("runs a key's waiting reads back to back while the event loop is busy elsewhere", async () => {
    const p = pool({ readers: 1, budgetMs: 5000 });
    await p.read(1, 'select 1', []);
    // Each read notes when the reader ran it, in ms.
    const when = 'select (julianday(?) - 2440587.5) * 86400000.0 as ms';
    const first = p.read(1, when, ['now']);
    const waiting = Array.from({ length: 5 }, () => p.read(1, when, ['now']));
    // The first answer is handled, then the event loop is held for 300 ms: reads that each
    // waited for the loop to send them would be spread over that time.
    await first.then(() => {
      const until = performance.now() + 300;
      while (performance.now() < until);
    });
    const ran = (await Promise.all(waiting)).map((rows) => Number(rows[0]!.ms));
    expect(Math.max(...ran) - Math.min(...ran)).toBeLessThan(100);
  });

  it('answers the reads queued behind a runaway of their key with the replacement reader, and fails only the runaway', async () => {
    const p = pool({ readers: 1, budgetMs: 400 });
    await p.read(1, 'select 1', []);
    const busy = p.read(1, 'select 1 as busy', []);
    // Queued while the reader is busy: they go to it together, the runaway first.
    const runaway = p.read(1, RUNAWAY, []).catch((e: unknown) => e);
    const behind = [2, 3].map((n) => p.read(1, 'select ? as n', [n]));
    await busy;
    expect(await runaway).toBeInstanceOf(ReadOverBudget);
    expect(await Promise.all(behind)).toEqual([[{ n: 2 }], [{ n: 3 }]]);
  });

  it('fails its reads with 503 when no reader can open the database, without spawning in a loop', async () => {
    const p = pool({ readers: 2, budgetMs: 5000, file: path.join(dir, 'missing.sqlite') });
    const failed = await p.read(1, 'select 1', []).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(HttpError);
    expect((failed as HttpError).statusCode).toBe(503);
    await gone(readerPids());
    expect(readerPids()).toEqual([]);
  });

  it('fails waiting reads and ends its readers when closed', async () => {
    const p = pool({ readers: 1, budgetMs: 30_000 });
    await p.read(1, 'select 1', []);
    const pids = readerPids();
    const running = p.read(1, RUNAWAY, []);
    const queued = p.read(1, 'select 1', []);
    await p.close();
    await expect(running).rejects.toThrow(/closed/);
    await expect(queued).rejects.toThrow(/closed/);
    await gone(pids);
    await expect(p.read(1, 'select 1', [])).rejects.toThrow(/closed/);
  });
});
