import { type MigrationProvider, Migrator } from 'kysely';
import type { Database } from './database.js';
import { type MigrationHooks, migrationsFor } from './migrations/index.js';

/**
 * Kysely refuses by default to run a migration named before one already run. 0004_sites
 * landed after 0006–0008 had: a database made in those minutes has 0006–0008 and not 0004,
 * and must still upgrade. So unordered migrations are allowed; a new migration taking a
 * lower number than the highest is refused by tests/server/migrations-frozen.test.ts
 * instead, before it can land.
 */
export function migratorFor({ db, dialect }: Database, hooks: MigrationHooks): Migrator {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(dialect, hooks) };
  return new Migrator({ db, provider, allowUnorderedMigrations: true });
}

export async function migrateToLatest(database: Database, hooks: MigrationHooks): Promise<string[]> {
  const { error, results } = await migratorFor(database, hooks).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
