import type { Generated } from 'kysely';

/** An entry of the activity log, a revision when it records an entity write (0023_revisions). */
export interface ActivityTable {
  id: Generated<number>;
  /** ISO-8601 UTC. */
  at: string;
  tenant_id: number | null;
  market_id: number | null;
  user_id: number | null;
  username: string;
  ip: string;
  action: string;
  model: string;
  object_id: number | null;
  /** The row's version after the write. */
  version: number | null;
  /** JSON: the fields the write changed, `{ fields: [...], translations: { <lang>: [...] } }`. */
  changes: string | null;
  /** JSON: the row as the write left it (a delete: as it was), `{ values, translations }`. */
  record: string | null;
}
