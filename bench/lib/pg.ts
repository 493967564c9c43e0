/** Throw-away PostgreSQL databases for benchmarks, next to the one the admin URL names. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { onCleanup } from './lifecycle.js';

/** BENCH_DATABASE_URL or TEST_DATABASE_URL: where PostgreSQL figures are measured, if anywhere. */
export const pgAdminUrl = () => process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;

/** A fresh database, dropped when the run ends (or earlier through `drop`). */
export async function createPgDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bo_bench_${randomBytes(6).toString('hex')}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const drop = onCleanup(`drop database ${name}`, () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop };
}
