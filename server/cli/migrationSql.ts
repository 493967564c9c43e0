/**
 * The statements for a new migration, to paste into it: what the entity engine makes of
 * declared fields, spelled with the placeholders of runStatements (server/db/columns.ts).
 * A landed migration never reads the declarations (they change; it must not), so the
 * engine's recipes are run here once, on a scratch database, and their SQL written down.
 *   npm run migration-sql -- product warranty      add fields to an entity's table
 *   npm run migration-sql -- --new widget [a b]    create an entity's tables (all fields, or these)
 */
import SqliteDatabase from 'better-sqlite3';
import { type CompiledQuery, Kysely, SqliteDialect } from 'kysely';
import { migrateToLatest } from '../db/migrate.js';
import { migrationHooks } from '../entities/maintenance.js';
import { addEntityColumn, createEntityTable } from '../entities/schema.js';

const args = process.argv.slice(2);
const isNew = args[0] === '--new';
const [entity, ...fields] = isNew ? args.slice(1) : args;
if (!entity || (!isNew && !fields.length)) {
  console.error('usage: migration-sql <entity> <field>… | migration-sql --new <entity> [<field>…]');
  process.exit(2);
}

const statements: string[] = [];
let recording = false;
const inline = (q: CompiledQuery) => {
  let i = 0;
  return q.sql.replace(/\?/g, () => {
    const v = q.parameters[i++];
    return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
  });
};
const db = new Kysely<any>({
  dialect: new SqliteDialect({ database: new SqliteDatabase(':memory:') }),
  // Reads are the recipes' own introspection, not part of the migration.
  log: (e) => void (recording && e.level === 'query' && !/^\s*(select|with)\b/i.test(e.query.sql) && statements.push(inline(e.query))),
});
await migrateToLatest({ db, dialect: 'sqlite', close: () => db.destroy() }, migrationHooks);
recording = true;
if (isNew) await createEntityTable(db, 'sqlite', entity, fields.length ? fields : undefined);
else for (const f of fields) await addEntityColumn(db, 'sqlite', entity, f);
await db.destroy();

const portable = (s: string) =>
  s
    .replace('integer primary key autoincrement', '%id%')
    .replace('"token" text not null', '"token" %token% not null')
    .replace(/ real(?=[,)]|$)/g, ' %real%');
console.log(`const STATEMENTS = [\n${statements.map((s) => `  \`${portable(s)}\`,`).join('\n')}\n];`);
