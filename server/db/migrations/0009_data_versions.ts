import type { Kysely } from 'kysely';

/**
 * One counter per site, moved by every write to the site's content (server/cache/):
 * cached list answers are valid while it stands still. Every instance on the database
 * sees the same counter, so a write on one instance outdates the lists cached on all.
 */
export function dataVersionsMigration() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('data_versions')
        .addColumn('tenant_id', 'integer', (c) => c.primaryKey().references('tenants.id').onDelete('cascade'))
        .addColumn('version', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
