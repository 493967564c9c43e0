import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { ReadPool } from './readPool.js';

const noTransaction = () => Promise.reject(new Error('pooled reads take no transaction: transactions run on the main connection'));

/** Kysely over the SQLite read pool, every query queued under `key` (a site). */
export function pooledReads(pool: ReadPool, key: number): Kysely<any> {
  const connection: DatabaseConnection = {
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      return { rows: (await pool.read(key, query.sql, query.parameters)) as R[] };
    },
    streamQuery() {
      throw new Error('pooled reads do not stream');
    },
  };
  const driver: Driver = {
    init: async () => undefined,
    acquireConnection: async () => connection,
    beginTransaction: noTransaction,
    commitTransaction: noTransaction,
    rollbackTransaction: noTransaction,
    releaseConnection: async () => undefined,
    destroy: async () => undefined,
  };
  return new Kysely<any>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => driver,
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });
}
