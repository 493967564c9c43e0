import type { Generated } from 'kysely';

export interface MarketsTable {
  id: Generated<number>;
  code: string;
  name: string;
  languages: string;
  currency: string;
  /** Columns of 0004_sites: contact addresses (JSON list) and the search indexing settings. */
  contact_emails: Generated<string>;
  indexing_enabled: Generated<number>;
  indexing_endpoint: Generated<string>;
  indexing_key: Generated<string>;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}
