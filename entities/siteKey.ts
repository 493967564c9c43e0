/**
 * A dealer site's API key as the master back-office lists it (docs/decisions.md §15): never
 * the key, never its hash. The server answers it and the keys panel's machine reads it.
 */
export interface SiteKey {
  id: number;
  name: string;
  prefix: string;
  created_at: string;
  created_by: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}
