import type { Kysely } from 'kysely';

/**
 * What a migration asks of the code above the database layer, which it may not import:
 * rebuilding what the entity engine derives from rows (search words, slugs, list counters)
 * after a migration writes rows around the engine. Derived data, not schema: it follows the
 * engine of the day, where a migration's tables and columns never change.
 */
export interface MigrationHooks {
  reindex(db: Kysely<any>, entity: string): Promise<void>;
}
