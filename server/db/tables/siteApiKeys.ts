import type { Generated } from 'kysely';

/** A dealer site's API key (0013_site_keys): only its SHA-256 is kept; timestamps are ISO text. */
export interface SiteApiKeysTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  /** The key's first characters, shown so people can tell keys apart. */
  prefix: string;
  key_hash: string;
  created_at: string;
  created_by: number | null;
  last_used_at: string | null;
  revoked_at: string | null;
}
