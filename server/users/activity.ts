/**
 * Account writes in the activity log, in their transaction. Accounts are not the entity
 * engine's rows (server/users/changes.ts writes them), and their entries carry no record —
 * nothing of a password's hash is copied anywhere, and no account is restored from the log —
 * only the names of the fields changed and the permissions granted and revoked. A change of
 * permissions, role or superuser flag is the action `permissions`.
 */
import type { Kysely } from 'kysely';
import { logActivity } from '../activity/log.js';
import type { Roster } from './roster.js';

export interface AccountChange {
  action: 'create' | 'update' | 'permissions' | 'delete';
  id: number;
  /** The account's market (where a market administrator sees it on the master site). */
  market: number | null;
  fields?: string[];
  granted?: string[];
  revoked?: string[];
}

export async function logAccountChange(db: Kysely<any>, roster: Roster, c: AccountChange): Promise<void> {
  const changes = c.action === 'delete' ? null : { fields: c.fields ?? [], granted: c.granted ?? [], revoked: c.revoked ?? [] };
  await logActivity(
    db,
    { userId: roster.actor.id, username: roster.actor.username, ip: roster.ip ?? '' },
    {
      tenantId: roster.site.id,
      marketId: roster.site.kind === 'dealer' ? roster.site.market_id : c.market,
      action: c.action,
      model: roster.entity.model,
      objectId: c.id,
      changes,
    },
  );
}
