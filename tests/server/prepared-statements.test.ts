/**
 * A query shape is prepared once per connection (server/db/database.ts): on SQLite the
 * statement is kept by its text, on PostgreSQL it runs as a named prepared statement; a
 * statement without parameters (a transaction's `begin`) is sent as it was, and a table
 * whose columns change under a prepared `select *` is read again.
 */
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../server/db/database.js';
import { dialects } from './harness.js';
import { throwawayDatabases } from './throwawayDatabases.js';

const throwaway = throwawayDatabases('prepared');
afterAll(throwaway.close);
afterEach(() => {
  vi.restoreAllMocks();
});

async function open(dialect: 'sqlite' | 'postgres'): Promise<Database> {
  const database = await throwaway.open(dialect);
  await sql`create table items (id integer primary key, name text not null)`.execute(database.db);
  await sql`insert into items (id, name) values (1, 'first'), (2, 'second')`.execute(database.db);
  return database;
}

const byId = (db: Database['db'], id: number) =>
  db
    .selectFrom('items' as never)
    .select('name' as never)
    .where('id' as never, '=', id as never);

for (const dialect of dialects()) {
  describe(dialect, () => {
    if (dialect === 'sqlite') {
      it('prepares a query shape once, whatever its parameters', async () => {
        const prepare = vi.spyOn(SqliteDatabase.prototype, 'prepare');
        const { db } = await open('sqlite');
        const text = byId(db, 1).compile().sql;
        for (const id of [1, 2, 1]) await byId(db, id).execute();
        expect(prepare.mock.calls.filter(([s]) => s === text)).toHaveLength(1);
        expect(await byId(db, 2).execute()).toEqual([{ name: 'second' }]);
      });
      return;
    }
    it('runs a query shape as one named prepared statement per connection, and sends a statement without parameters unnamed', async () => {
      const { db } = await open('postgres');
      const text = byId(db, 1).compile().sql;
      // One transaction: one connection, whose prepared statements the catalog view lists.
      const { names, answers } = await db.transaction().execute(async (trx) => {
        const answers = [];
        for (const id of [1, 2, 1, 2, 1, 2]) answers.push(await byId(trx, id).execute());
        const names = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(trx);
        return { names: names.rows, answers };
      });
      expect(answers).toEqual([1, 2, 1, 2, 1, 2].map((id) => [{ name: id === 1 ? 'first' : 'second' }]));
      expect(names.filter((n) => n.statement === text)).toHaveLength(1);
      expect(names.find((n) => n.statement === text)?.name).toMatch(/^shape_\d+_\d+$/);
      expect(names.some((n) => /^\s*(begin|select name, statement)/i.test(n.statement))).toBe(false);
    });

    it('reads a table whose columns changed under a prepared select * again, with its new columns', async () => {
      const { db } = await open('postgres');
      const row = (id: number) =>
        db
          .selectFrom('items' as never)
          .selectAll()
          .where('id' as never, '=', id as never)
          .execute();
      // Every pooled connection has prepared it; then another instance's migration adds a column.
      await Promise.all(Array.from({ length: 20 }, (_, i) => row(1 + (i % 2))));
      await sql`alter table items add column note text not null default 'new'`.execute(db);
      const after = await Promise.all(Array.from({ length: 20 }, (_, i) => row(1 + (i % 2))));
      expect(after.map(([r]) => r)).toEqual(Array.from({ length: 20 }, (_, i) => ({ id: 1 + (i % 2), name: i % 2 ? 'second' : 'first', note: 'new' })));
    });
  });
}
