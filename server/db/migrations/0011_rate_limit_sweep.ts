import type { Kysely } from 'kysely';

/** Expired login counters are swept by their window's end (services/rateLimit.ts): an index range, not a scan. */
export function rateLimitSweepMigration() {
  return {
    async up(db: Kysely<any>) {
      await db.schema.createIndex('rate_limits_reset_at').on('rate_limits').column('reset_at').execute();
    },
  };
}
