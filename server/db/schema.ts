import type { ActivityTable } from './tables/activity.js';
import type { ImportMappingsTable, JobRowsTable } from './tables/imports.js';
import type { JobErrorsTable, JobsTable } from './tables/jobs.js';
import type { MarketsTable } from './tables/markets.js';
import type { MediaCountsTable, MediaFoldersTable, MediaTable, MediaTermsTable, MediaTranslationsTable } from './tables/media.js';
import type { PermissionsTable, UserPermissionsTable } from './tables/permissions.js';
import type { RateLimitsTable } from './tables/rateLimits.js';
import type { ScheduledActionsTable } from './tables/scheduledActions.js';
import type { ServerSecretsTable } from './tables/serverSecrets.js';
import type { SessionsTable } from './tables/sessions.js';
import type { SiteApiKeysTable } from './tables/siteApiKeys.js';
import type { TenantDomainsTable, TenantsTable } from './tables/tenants.js';
import type { UsersTable } from './tables/users.js';

export interface DatabaseSchema {
  tenants: TenantsTable;
  tenant_domains: TenantDomainsTable;
  markets: MarketsTable;
  users: UsersTable;
  permissions: PermissionsTable;
  user_permissions: UserPermissionsTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
  media_folders: MediaFoldersTable;
  media: MediaTable;
  media_translations: MediaTranslationsTable;
  media_terms: MediaTermsTable;
  media_counts: MediaCountsTable;
  site_api_keys: SiteApiKeysTable;
  activity: ActivityTable;
  jobs: JobsTable;
  job_errors: JobErrorsTable;
  job_rows: JobRowsTable;
  import_mappings: ImportMappingsTable;
  server_secrets: ServerSecretsTable;
  scheduled_actions: ScheduledActionsTable;
}
