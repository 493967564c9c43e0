/**
 * Large seeded databases, made once and kept between runs: a million products take
 * minutes to insert and index on a busy 2-core machine, far more than the run's time
 * budget. A fixture is keyed by a hash of the files that shape it (migrations, entity
 * declarations, the seeder); when any changes, the next run builds a new one.
 *   SQLite:     <BENCH_CACHE_DIR or $TMPDIR/bo-bench-cache>/<name>-<hash>/backoffice.sqlite
 *   PostgreSQL: database bo_bench_fx_<name>_<hash> next to the admin URL's (kept; drop it
 *               by hand to free the space, or set BENCH_RESEED=1 to build it again)
 * Benchmarks only read and sign in on a fixture, so runs use it in place.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { prepareDatabase } from '../../server/boot.js';
import { loadConfig } from '../../server/config.js';
import type { Dialect } from '../../server/db/database.js';
import { ROOT } from './paths.js';

export interface Fixture {
  dialect: Dialect;
  /** DATA_DIR for the server (SQLite) or a scratch folder (PostgreSQL). */
  dataDir: string;
  databaseUrl?: string;
  /** Whether this run built it. */
  built: boolean;
  buildMs?: number;
}

const SHAPING = ['server/db/migrations', 'server/entities/schema.ts', 'entities', 'server/seed'];

function hashOf(files: string[]): string {
  const h = createHash('sha256');
  const add = (p: string) => {
    const full = path.join(ROOT, p);
    if (fs.statSync(full).isDirectory()) for (const e of fs.readdirSync(full).sort()) add(path.join(p, e));
    else h.update(p).update(fs.readFileSync(full));
  };
  for (const f of [...SHAPING, ...files]) add(f);
  return h.digest('hex').slice(0, 12);
}

async function pgQuery<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * The fixture `name` on the dialect (PostgreSQL when adminUrl is given), built by `seed`
 * on a migrated database with the demo data when it does not exist yet.
 */
export async function fixture(opts: {
  name: string;
  /** Files besides the schema that shape the data (the seeder), relative to the root. */
  files: string[];
  adminUrl?: string;
  seed: (db: Kysely<any>, dialect: Dialect) => Promise<void>;
  log: (line: string) => void;
}): Promise<Fixture> {
  const key = `${opts.name}-${hashOf(opts.files)}`;
  const reseed = process.env.BENCH_RESEED === '1';
  const cacheDir = process.env.BENCH_CACHE_DIR || path.join(os.tmpdir(), 'bo-bench-cache');
  const dataDir = path.join(cacheDir, key);
  const build = async (config: { dataDir: string; databaseUrl?: string }) => {
    const started = performance.now();
    const { database } = await prepareDatabase(loadConfig({ DATA_DIR: config.dataDir, DATABASE_URL: config.databaseUrl }), { seedWhenEmpty: true });
    try {
      if (database.dialect === 'postgres') {
        // One connection without the server's 60 s statement limit, which is for requests: a
        // million rows inserted on a busy machine take longer.
        await database.db.connection().execute(async (db) => {
          await sql`set statement_timeout = 0`.execute(db);
          await opts.seed(db, 'postgres');
        });
      } else await opts.seed(database.db, database.dialect);
    } finally {
      await database.close();
    }
    return performance.now() - started;
  };

  if (!opts.adminUrl) {
    const done = path.join(dataDir, 'complete');
    if (!reseed && fs.existsSync(done)) return { dialect: 'sqlite', dataDir, built: false };
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(dataDir, { recursive: true });
    opts.log(`  building fixture ${key} (SQLite, kept in ${cacheDir})…`);
    const buildMs = await build({ dataDir });
    fs.writeFileSync(done, new Date().toISOString());
    return { dialect: 'sqlite', dataDir, built: true, buildMs };
  }

  // The database gets its final name only once it is complete.
  const dbName = `bo_bench_fx_${key.replace(/-/g, '_')}`;
  const urlOf = (name: string) => {
    const u = new URL(opts.adminUrl!);
    u.pathname = `/${name}`;
    return u.toString();
  };
  const scratch = path.join(cacheDir, `${key}-pg`);
  fs.mkdirSync(scratch, { recursive: true });
  const exists = (await pgQuery(opts.adminUrl, `select 1 from pg_database where datname = '${dbName}'`)).length > 0;
  if (exists && !reseed) return { dialect: 'postgres', dataDir: scratch, databaseUrl: urlOf(dbName), built: false };
  const building = `${dbName}_building`;
  await pgQuery(opts.adminUrl, `drop database if exists "${building}" with (force)`);
  await pgQuery(opts.adminUrl, `create database "${building}"`);
  opts.log(`  building fixture ${key} (PostgreSQL database ${dbName}, kept)…`);
  const buildMs = await build({ dataDir: scratch, databaseUrl: urlOf(building) });
  await pgQuery(opts.adminUrl, `drop database if exists "${dbName}" with (force)`);
  await pgQuery(opts.adminUrl, `alter database "${building}" rename to "${dbName}"`);
  return { dialect: 'postgres', dataDir: scratch, databaseUrl: urlOf(dbName), built: true, buildMs };
}
