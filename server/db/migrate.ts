import { type MigrationProvider, Migrator } from 'kysely';
import type { Database } from './database.js';
import { migrationsFor } from './migrations/index.js';

export async function migrateToLatest({ db, dialect }: Database): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(dialect) };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
