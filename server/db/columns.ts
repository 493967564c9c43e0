import type { CreateTableBuilder } from 'kysely';
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
