import type { Kysely } from 'kysely';
import type { MigrationHooks } from './hooks.js';

/**
 * A website's search matches public words only (docs/decisions.md §20): a used product's
 * row now also keeps the words of its public search fields, marked, beside all its words
 * (server/entities/search.ts `rowTokens`). Its rows are indexed again to hold them.
 */
export const publicWordsMigration = (hooks: MigrationHooks) => ({
  up: (db: Kysely<any>) => hooks.reindex(db, 'usedProduct'),
});
