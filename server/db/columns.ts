import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from './database.js';

/**
 * The only place migrations branch on dialect. Everything else is portable:
 * booleans are 0/1 integers, timestamps are ISO-8601 UTC text (they sort as text),
 * JSON is text.
 */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/**
 * The three spellings that differ between the dialects, as placeholders in a migration's
 * literal statements: the row id, a floating-point number, and a search token (byte order
 * "C" on PostgreSQL, so a prefix is a plain index range on any server locale).
 */
type Placeholder = 'id' | 'real' | 'token';

const SPELLINGS: Record<Dialect, Record<Placeholder, string>> = {
  sqlite: { id: 'integer primary key autoincrement', real: 'real', token: 'text' },
  postgres: { id: 'serial primary key', real: 'double precision', token: 'text collate "C"' },
};

/** Runs a migration's literal statements in order, placeholders spelled for the dialect. */
export async function runStatements(db: Kysely<any>, dialect: Dialect, statements: readonly string[]) {
  const spell = SPELLINGS[dialect];
  for (const statement of statements) await sql.raw(statement.replace(/%(id|real|token)%/g, (_, name: Placeholder) => spell[name])).execute(db);
}
