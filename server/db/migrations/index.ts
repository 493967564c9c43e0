import type { Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { catalogMigration } from './0003_catalog.js';
import { contentMigration } from './0006_content.js';
import { coreMigration } from './0001_core.js';
import { readPathMigration } from './0009_read_path.js';
import { changeFeedMigration } from './0010_change_feed.js';
import { indexingMigration } from './0008_indexing.js';
import { listIndexesMigration } from './0012_list_indexes.js';
import { accountListsMigration } from './0016_account_lists.js';
import { publicWordsMigration } from './0020_public_words.js';
import { mediaTermScopesMigration } from './0021_media_term_scopes.js';
import { jobsMigration } from './0022_jobs.js';
import { importsMigration } from './0024_imports.js';
import { mediaMigration } from './0002_media.js';
import { pagesMigration } from './0007_pages.js';
import { rateLimitSweepMigration } from './0011_rate_limit_sweep.js';
import { redirectsMigration } from './0014_redirects.js';
import { revisionsMigration } from './0023_revisions.js';
import { focalPointMigration } from './0026_focal_point.js';
import { scheduleMigration } from './0027_schedule.js';
import { revisionIndexMigration } from './0028_revision_index.js';
import { mediaProcessingMigration } from './0029_media_processing.js';
import { mediaPreviewErrorMigration } from './0030_media_preview_error.js';
import { draftExpiryMigration } from './0031_draft_expiry.js';
import { unindexedLeasesMigration } from './0032_unindexed_leases.js';
import { rangeColumnsMigration } from './0033_range_columns.js';
import { searchProbesMigration } from './0034_search_probes.js';
import { versionFeedMigration } from './0035_version_feed.js';
import { serverSecretsMigration } from './0025_server_secrets.js';
import { sitesMigration } from './0004_sites.js';
import { siteKeysMigration } from './0013_site_keys.js';
import type { MigrationHooks } from './hooks.js';

export type { MigrationHooks };

/**
 * A static map so the bundled server carries its migrations (no directory scan at run time).
 * A landed migration never changes and a new one takes the next number after the highest
 * (tests/server/migrations-frozen.test.ts holds both); they run in name order.
 */
export function migrationsFor(dialect: Dialect, hooks: MigrationHooks): Record<string, Migration> {
  return {
    '0001_core': coreMigration(dialect),
    '0002_media': mediaMigration(dialect),
    '0003_catalog': catalogMigration(dialect),
    '0004_sites': sitesMigration(dialect, hooks),
    '0006_content': contentMigration(dialect),
    '0007_pages': pagesMigration(dialect),
    '0008_indexing': indexingMigration(dialect),
    '0009_read_path': readPathMigration(),
    '0010_change_feed': changeFeedMigration(dialect),
    '0011_rate_limit_sweep': rateLimitSweepMigration(),
    '0012_list_indexes': listIndexesMigration(dialect),
    '0013_site_keys': siteKeysMigration(dialect),
    '0014_redirects': redirectsMigration(dialect),
    '0016_account_lists': accountListsMigration(dialect, hooks),
    '0020_public_words': publicWordsMigration(hooks),
    '0021_media_term_scopes': mediaTermScopesMigration(dialect),
    '0022_jobs': jobsMigration(dialect),
    '0023_revisions': revisionsMigration(dialect),
    '0024_imports': importsMigration(dialect),
    '0025_server_secrets': serverSecretsMigration(dialect),
    '0026_focal_point': focalPointMigration(dialect),
    '0027_schedule': scheduleMigration(dialect),
    '0028_revision_index': revisionIndexMigration(dialect),
    '0029_media_processing': mediaProcessingMigration(dialect),
    '0030_media_preview_error': mediaPreviewErrorMigration(dialect),
    '0031_draft_expiry': draftExpiryMigration(dialect),
    '0032_unindexed_leases': unindexedLeasesMigration(dialect),
    '0033_range_columns': rangeColumnsMigration(dialect),
    '0034_search_probes': searchProbesMigration(dialect),
    '0035_version_feed': versionFeedMigration(dialect),
  };
}
