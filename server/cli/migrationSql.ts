/**
 * Prints the statements of a new migration, to paste into it (server/entities/migrationSql.ts).
 *   npm run migration-sql -- product warranty      add fields to an entity's table
 *   npm run migration-sql -- --new widget [a b]    create an entity's tables (all fields, or these)
 */
import { type MigrationPlan, migrationStatements } from '../entities/migrationSql.js';

const args = process.argv.slice(2);
const isNew = args[0] === '--new';
const [entity, ...fields] = isNew ? args.slice(1) : args;
if (!entity || (!isNew && !fields.length)) {
  console.error('usage: migration-sql <entity> <field>… | migration-sql --new <entity> [<field>…]');
  process.exit(2);
}
const plan: MigrationPlan = isNew ? { entity, fields: fields.length ? fields : undefined, isNew } : { entity, fields, isNew };
// A field that exists already, or an unknown name, is the author's mistake: its message is enough.
const statements = await migrationStatements(plan).catch((e: Error) => {
  console.error(e.message);
  process.exit(1);
});
console.log(`const STATEMENTS = [\n${statements.map((s) => `  \`${s}\`,`).join('\n')}\n];`);
