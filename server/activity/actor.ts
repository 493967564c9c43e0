/**
 * Who a write or an event is by, as the activity log records it: the signed-in user (none
 * for the server's own writes: seeds, migrations, the runner), the client's address and the
 * market the request's site belongs to.
 */
import type { FastifyRequest } from 'fastify';
import type { Principal } from '../services/principal.js';
import type { Tenant } from '../services/tenants.js';

export interface Actor {
  userId: number | null;
  username: string;
  ip: string;
}

export const actorOf = (req: FastifyRequest, user: Pick<Principal, 'id' | 'username'> | undefined): Actor => ({
  userId: user?.id ?? null,
  username: user?.username ?? '',
  ip: req.ip,
});

/**
 * The market an event on a site belongs to: a dealer site's own; on the master site the
 * user's (a market administrator's doings are its market's), else none — staff only see it.
 */
export const marketOfEvent = (site: Pick<Tenant, 'kind' | 'market_id'>, user: Pick<Principal, 'market_id'> | undefined) =>
  site.kind === 'dealer' ? site.market_id : (user?.market_id ?? null);
