import type { Kysely } from 'kysely';

/**
 * What the read path of every list request needs. One counter per site, moved by every
 * write to the site's content (server/cache/): cached list answers are valid while it
 * stands still, and every instance on the database sees the same counter, so a write on
 * one instance outdates the lists cached on all. And permissions by model: each engine
 * request reads the user's permissions on one model.
 */
export function readPathMigration() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('data_versions')
        .addColumn('tenant_id', 'integer', (c) => c.primaryKey().references('tenants.id').onDelete('cascade'))
        .addColumn('version', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('permissions_model').on('permissions').column('model').execute();
    },
  };
}
