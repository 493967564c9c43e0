import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { pooledReads } from './pooledReads.js';
import { ReadPool } from './readPool.js';
import { WalCheckpoints, type WalCheckpointOptions } from './walCheckpoints.js';
import type { DatabaseSchema } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DatabaseSchema>;
  dialect: Dialect;
  close(): Promise<void>;
}

/** The dialect of any Kysely instance, a transaction included. */
export function dialectOf(db: Kysely<any>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

// PostgreSQL returns int8 (count(*), bigserial) as strings; our ids and counts fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));

export function openDatabase(opts: { databaseUrl?: string; dataDir: string; reads?: LongReadOptions; checkpoints?: WalCheckpointOptions }): Database {
  if (opts.databaseUrl && /^postgres(ql)?:\/\//.test(opts.databaseUrl)) {
    const pool = postgresPool(opts.databaseUrl, 10, 60_000);
    const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
    pgPools.set(db, pool);
    if (!opts.reads) return { db, dialect: 'postgres', close: () => db.destroy() };
    // Reads that may take long get connections of their own whose statement_timeout is
    // their budget: a per-connection setting, so it never leaks into another request. They
    // are planned with their values every time (decisions §60): a list's filter values and
    // words are skewed, and the generic plan PostgreSQL switches a prepared statement to
    // after five runs reads what one value needs for every other.
    const readPool = postgresPool(opts.databaseUrl, 5, opts.reads.budgetMs, { plan_cache_mode: 'force_custom_plan' });
    const reads = new Kysely<any>({ dialect: new PostgresDialect({ pool: readPool }) });
    pgPools.set(reads, readPool);
    longReadsOf.set(db, () => reads);
    return { db, dialect: 'postgres', close: () => Promise.all([db.destroy(), reads.destroy()]).then(() => undefined) };
  }
  const file = opts.databaseUrl?.startsWith('sqlite:') ? opts.databaseUrl.slice('sqlite:'.length) : path.join(opts.dataDir, 'backoffice.sqlite');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  sqliteHandles.set(db, sqlite);
  // A database in memory is this connection's alone: no reader or checkpointer could open it.
  if (file === ':memory:') return { db, dialect: 'sqlite', close: () => db.destroy() };
  const checkpoints = opts.checkpoints && new WalCheckpoints(sqlite, path.resolve(file), opts.checkpoints);
  const readPool = opts.reads?.readers ? new ReadPool({ file: path.resolve(file), readers: opts.reads.readers, budgetMs: opts.reads.budgetMs }) : undefined;
  if (readPool) longReadsOf.set(db, (key) => pooledReads(readPool, key));
  const close = async () => {
    checkpoints?.close();
    await readPool?.close();
    await db.destroy();
  };
  return { db, dialect: 'sqlite', close };
}

/** Options for reads that may take long (docs/decisions.md §2, "Reads that may take long"). */
export interface LongReadOptions {
  /** SQLite: reader processes (db/readPool.ts); 0 runs them on the main connection. */
  readers: number;
  /** Their time budget: a read past it is stopped (503). */
  budgetMs: number;
}

/**
 * The executor for reads that may take long — the list engine's — made for `key` (the
 * site): on SQLite the read pool, on PostgreSQL connections whose statement_timeout is the
 * budget. `db` itself inside a transaction (read-your-writes), on a database in memory and
 * with the pool off.
 */
export function longReads(db: Kysely<any>, key: number): Kysely<any> {
  return longReadsOf.get(db)?.(key) ?? db;
}

const longReadsOf = new WeakMap<object, (key: number) => Kysely<any>>();

/**
 * The executor for a list's read of rows by their ids, once a search found them: bounded by
 * the ids, and with no value whose skew could mislead a plan. On SQLite the read pool, as
 * longReads (never the event loop); on PostgreSQL `db` itself, whose prepared statements are
 * planned once per connection, where the long reads' are planned at every run (decisions
 * §60, §64).
 */
export function rowsByIdReads(db: Kysely<any>, key: number): Kysely<any> {
  return sqliteHandles.has(db) ? longReads(db, key) : db;
}

function postgresPool(connectionString: string, max: number, statementTimeoutMs: number, settings: Record<string, string> = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    // Settings of the connection's session, sent when it opens.
    options:
      Object.entries(settings)
        .map(([name, value]) => `-c ${name}=${value}`)
        .join(' ') || undefined,
    max,
    // While PostgreSQL is unreachable a request fails within seconds (503, see
    // db/unavailable.ts) instead of hanging; keep-alive notices a silently dropped link.
    connectionTimeoutMillis: 5000,
    keepAlive: true,
    // A statement (or a transaction left idle) that runs away is ended by the server,
    // so it cannot hold a connection and its locks forever.
    statement_timeout: statementTimeoutMs,
    idle_in_transaction_session_timeout: 60_000,
    // A connection keeps the statements it prepared (withNamedStatements) until it ends.
    maxLifetimeSeconds: CONNECTION_LIFETIME_S,
  });
  // An idle connection that the server closes (restart, failover) emits 'error' on the
  // pool; unheard, that would end the process. The pool replaces it on the next query.
  pool.on('error', (error) => console.warn(`[db] idle PostgreSQL connection closed: ${error.message}`));
  // A connection lost while checked out (mid-transaction) emits 'error' on its client,
  // where the pool does not listen: unheard, that too would end the process. The query
  // running on it fails with the same error (a 503), and the pool drops the client.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    withNamedStatements(client);
  });
  return pool;
}

const CONNECTION_LIFETIME_S = 30 * 60;
const SHAPES_PER_GENERATION = 2000;
const statementNames = new Map<string, string>();
let generation = 0;

/**
 * Kysely's PostgreSQL driver sends every query unnamed, so the server parses and plans it
 * on every run: for a read of a few rows, more than running it. Each shape of a read or
 * write gets a name instead: a prepared statement, parsed once per connection and, where
 * PostgreSQL finds its generic plan as good, planned once. A connection holds the shapes
 * it ran in its lifetime (half an hour). Most shapes are fixed, but some vary with their
 * input (a list of n ids), so past SHAPES_PER_GENERATION the names start again under a new
 * generation, and a connection that ends drops what it held. A table whose columns change
 * under a prepared `select *` (another instance's migration, a test adding a field) makes
 * PostgreSQL refuse that statement from then on: the shapes are then prepared anew under a
 * new generation, and the query is run again once.
 */
export function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    if (statementNames.size >= SHAPES_PER_GENERATION) newGeneration();
    name = `shape_${generation}_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

function newGeneration() {
  statementNames.clear();
  generation++;
}

const isStalePlan = (error: unknown) => (error as { code?: unknown }).code === '0A000' && /cached plan must not change result type/.test(String(error));

function withNamedStatements(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = (text: unknown, values: unknown, callback: unknown) => {
    if (
      typeof text !== 'string' ||
      !Array.isArray(values) ||
      !values.length ||
      callback !== undefined ||
      !/^\s*(select|insert|update|delete|with)\b/i.test(text)
    ) {
      return query(text, values, callback);
    }
    const run = () => query({ name: statementName(text), text, values }) as Promise<unknown>;
    return run().catch((error: unknown) => {
      if (!isStalePlan(error)) throw error;
      newGeneration();
      return run();
    });
  };
  client.query = named as typeof client.query;
}

const sqliteHandles = new WeakMap<object, SqliteDatabase.Database>();
const pgPools = new WeakMap<object, pg.Pool>();

/*
 * The SQLite connection or the PostgreSQL pool behind a Kysely instance opened here (not
 * behind a transaction or a derived instance), for the few hot reads that skip Kysely
 * (db/hotQuery.ts).
 */
export const sqliteOf = (db: object): SqliteDatabase.Database | undefined => sqliteHandles.get(db);
export const pgPoolOf = (db: object): pg.Pool | undefined => pgPools.get(db);

/**
 * Kysely's SQLite driver prepares every query anew; preparing costs more than running
 * most of ours. Queries are built from a bounded set of shapes, so their prepared
 * statements are kept by SQL text (and the cache is capped in case one is not).
 */
function withStatementCache(sqlite: SqliteDatabase.Database, max = 500): SqliteDatabase.Database {
  const cache = new Map<string, SqliteDatabase.Statement>();
  const prepare = sqlite.prepare.bind(sqlite);
  return new Proxy(sqlite, {
    get(target, prop, receiver) {
      if (prop !== 'prepare') return Reflect.get(target, prop, receiver);
      return (sql: string) => {
        let statement = cache.get(sql);
        if (!statement) {
          statement = prepare(sql);
          if (cache.size >= max) cache.delete(cache.keys().next().value!);
          cache.set(sql, statement);
        }
        return statement;
      };
    },
  });
}
