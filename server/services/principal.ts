import type { Tenant } from './tenants.js';

/** The signed-in user as every route sees it. */
export interface Principal {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  role: 'MA' | 'DE' | null;
  is_superuser: boolean;
  tenant_id: number | null;
  market_id: number | null;
}

/**
 * Where a user may work: a dealer only on its own site; a market administrator on the
 * master site and on dealer sites of its market; staff and superusers anywhere.
 */
export function mayUseTenant(user: Pick<Principal, 'role' | 'is_superuser' | 'tenant_id' | 'market_id'>, tenant: Tenant) {
  if (user.is_superuser || user.role === null) return true;
  if (user.role === 'DE') return tenant.kind === 'dealer' && tenant.id === user.tenant_id;
  return tenant.kind === 'default' || (user.market_id !== null && tenant.market_id === user.market_id);
}

/**
 * The market a market administrator's work is bounded to (null: an MA without a market,
 * who reaches no market's records); undefined for everyone else.
 */
export const userMarketOf = (user: Pick<Principal, 'role' | 'is_superuser' | 'market_id'>) =>
  user.role === 'MA' && !user.is_superuser ? user.market_id : undefined;

/** A label for the kind of user, shown by the SPA next to the user name. */
export function userRole(user: Pick<Principal, 'role' | 'is_superuser'>) {
  if (user.is_superuser) return 'superuser';
  if (user.role === 'MA') return 'market_admin';
  if (user.role === 'DE') return 'dealer';
  return 'staff';
}
