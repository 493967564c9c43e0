/** Throw-away PostgreSQL databases on the server TEST_DATABASE_URL names (the URL's own database is never touched). */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>, adminUrl = process.env.TEST_DATABASE_URL!): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database `<prefix>_<random>`; `url` connects to it. */
export async function createPostgresDatabase(prefix = 'bo_test', adminUrl = process.env.TEST_DATABASE_URL!): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withAdmin((c) => c.query(`CREATE DATABASE "${name}"`), adminUrl);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

export async function dropPostgresDatabase(name: string, adminUrl = process.env.TEST_DATABASE_URL!) {
  await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`), adminUrl);
}
