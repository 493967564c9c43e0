/**
 * A database's schema as plain data, to compare two databases: tables and their columns
 * (in order: type, nullability, default), constraints, indexes, triggers and, on
 * PostgreSQL, functions. Whitespace and case in definitions are normalised.
 */
import type SqliteDatabase from 'better-sqlite3';
import type pg from 'pg';

const norm = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim().toLowerCase();

export function sqliteSchema(db: SqliteDatabase.Database) {
  const objects = db
    .prepare<[], { type: string; name: string; tbl_name: string; sql: string | null }>(
      "select type, name, tbl_name, sql from sqlite_master where name not like 'sqlite_%' order by type, name",
    )
    .all();
  const tables = objects
    .filter((o) => o.type === 'table')
    .map((t) => ({
      table: t.name,
      columns: db.prepare(`select name, lower(type) as type, "notnull", dflt_value, pk from pragma_table_info(?) order by cid`).all(t.name),
      foreignKeys: db.prepare(`select "table", "from", "to", on_update, on_delete from pragma_foreign_key_list(?) order by "from"`).all(t.name),
      indexes: db
        .prepare<[string], { name: string; unique: number; origin: string; partial: number }>(
          `select name, "unique", origin, partial from pragma_index_list(?) order by name`,
        )
        .all(t.name)
        .map((i) => ({
          ...i,
          columns: db.prepare(`select name from pragma_index_info(?) order by seqno`).all(i.name),
          // Autoindexes (primary keys, unique constraints) have no statement of their own.
          sql: norm(objects.find((o) => o.name === i.name)?.sql ?? null),
        })),
    }));
  const triggers = objects.filter((o) => o.type === 'trigger').map((t) => ({ name: t.name, table: t.tbl_name, sql: norm(t.sql) }));
  const views = objects.filter((o) => o.type === 'view').map((v) => ({ name: v.name, sql: norm(v.sql) }));
  return { tables, triggers, views };
}

export async function postgresSchema(client: pg.Client | pg.Pool) {
  const rows = async (text: string) => (await client.query(text)).rows;
  return {
    columns: await rows(`select table_name, ordinal_position, column_name, data_type, udt_name, character_maximum_length,
        numeric_precision, is_nullable, column_default, collation_name
      from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`),
    constraints: await rows(`select c.conrelid::regclass::text as table_name, c.conname, c.contype, pg_get_constraintdef(c.oid) as def
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname = 'public' order by 1, 2`),
    indexes: await rows(`select tablename, indexname, indexdef from pg_indexes where schemaname = 'public' order by 1, 2`),
    triggers: await rows(`select t.tgrelid::regclass::text as table_name, t.tgname, pg_get_triggerdef(t.oid) as def
      from pg_trigger t where not t.tgisinternal order by 1, 2`),
    functions: await rows(`select p.proname, pg_get_functiondef(p.oid) as def
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' order by 1`),
    sequences: await rows(`select sequence_name, data_type from information_schema.sequences where sequence_schema = 'public' order by 1`),
  };
}
