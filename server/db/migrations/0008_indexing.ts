import type { Kysely } from 'kysely';
import { createEntityTable } from '../../entities/schema.js';
import type { Dialect } from '../database.js';

/**
 * Indexing actions (issue 6): the declared columns of entities/indexingLog.ts, plus what
 * only the dispatcher uses — the site the action came from, and the lease (`claim` token,
 * `locked_until`) that keeps two server instances from sending the same action.
 */
export function indexingMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await createEntityTable(db, dialect, 'indexingLog', ['url', 'action', 'status', 'site', 'entity', 'entity_id', 'attempts', 'next_attempt_at', 'response']);
      await db.schema
        .alterTable('indexing_actions')
        .addColumn('tenant_id', 'integer', (c) => c.references('tenants.id').onDelete('set null'))
        .execute();
      await db.schema.alterTable('indexing_actions').addColumn('claim', 'varchar(64)').execute();
      await db.schema.alterTable('indexing_actions').addColumn('locked_until', 'varchar(32)').execute();
      // Due work: pending rows by next attempt (a claim is a range scan of this).
      await db.schema.createIndex('indexing_actions_due').on('indexing_actions').columns(['status', 'next_attempt_at', 'id']).execute();
      await db.schema.createIndex('indexing_actions_claim').on('indexing_actions').column('claim').execute();
      await db.schema.createIndex('indexing_actions_tenant').on('indexing_actions').column('tenant_id').execute();
    },
  };
}
