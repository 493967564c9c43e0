/**
 * The statements for a new migration: what the entity engine's recipes make of declared
 * fields, spelled with the placeholders of runStatements (server/db/columns.ts). A landed
 * migration never reads the declarations (they change; it must not), so the recipes run
 * here once, on a scratch SQLite database, and their SQL is written into the migration.
 */
import SqliteDatabase from 'better-sqlite3';
import { type CompiledQuery, Kysely, SqliteDialect } from 'kysely';
import { ENTITIES } from '../../entities/index.js';
import type { EntityDef } from '../../entities/define.js';
import { migrateToLatest } from '../db/migrate.js';
import { migrationHooks } from './maintenance.js';
import { addEntityColumn, createEntityTable } from './schema.js';

export type MigrationPlan = { entity: string; fields: string[]; isNew: false } | { entity: string; fields?: string[]; isNew: true };

function inline(q: CompiledQuery): string {
  let i = 0;
  return q.sql.replace(/\?/g, () => {
    const v = q.parameters[i++];
    return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
  });
}

/** SQLite's spellings of what differs between the dialects, back to the placeholders. */
const portable = (s: string) =>
  s
    .replace('integer primary key autoincrement', '%id%')
    .replace('"token" text not null', '"token" %token% not null')
    .replace(/ real(?=[,)]|$)/g, ' %real%');

export async function migrationStatements(plan: MigrationPlan, registry: readonly EntityDef[] = ENTITIES): Promise<string[]> {
  const statements: string[] = [];
  let recording = false;
  const db = new Kysely<any>({
    dialect: new SqliteDialect({ database: new SqliteDatabase(':memory:') }),
    // Reads are the recipes' own introspection, not part of the migration.
    log: (e) => void (recording && e.level === 'query' && !/^\s*(select|with)\b/i.test(e.query.sql) && statements.push(portable(inline(e.query)))),
  });
  try {
    await migrateToLatest({ db, dialect: 'sqlite', close: () => db.destroy() }, migrationHooks);
    recording = true;
    if (plan.isNew) await createEntityTable(db, 'sqlite', plan.entity, plan.fields, registry);
    else for (const f of plan.fields) await addEntityColumn(db, 'sqlite', plan.entity, f, registry);
  } finally {
    await db.destroy();
  }
  return statements;
}
