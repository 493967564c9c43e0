/**
 * Who knocks, and what the rules say each one may do: the oracle of the attack suite.
 *
 * The rules are written here from docs/spec.md (§3, §6), independently of the server's code;
 * only the data (which demo user holds which codename, which site and market is whose) is
 * read from the seeded database, so a new grant in the demo seed needs no edit here.
 */
import type { Action } from '../../entities/permissions.js';
import { createSession } from '../../server/services/sessions.js';
import type { Harness } from '../server/harness.js';
import { SESSION_COOKIE, type Session } from '../server/harness.js';

export const HOSTS = { master: 'localhost', dealer: 'rossi.localhost', unknown: 'nowhere.localhost' } as const;
export type HostName = keyof typeof HOSTS;
export const HOST_NAMES = Object.keys(HOSTS) as HostName[];

export type IdentityName = 'anonymous' | 'admin' | 'staff' | 'market' | 'rossi' | 'verdi' | 'expired' | 'revoked';
export const IDENTITY_NAMES: IdentityName[] = ['anonymous', 'admin', 'staff', 'market', 'rossi', 'verdi', 'expired', 'revoked'];

interface Site {
  id: number;
  kind: 'default' | 'dealer';
  market_id: number | null;
}

interface DemoUser {
  id: number;
  is_superuser: boolean;
  role: 'MA' | 'DE' | null;
  tenant_id: number | null;
  market_id: number | null;
  codenames: Set<string>;
}

export interface Identity {
  name: IdentityName;
  /** Whose session it carries; undefined for anonymous. */
  user?: DemoUser;
  /** The session is dead: expired or signed out. */
  dead?: boolean;
}

export interface World {
  sites: Record<Exclude<HostName, 'unknown'>, Site> & { verdi: Site };
  identities: Record<IdentityName, Identity>;
  /** A session cookie for the identity, made fresh for one request (a case may sign it out). */
  session(name: IdentityName, host?: string): Promise<Session | undefined>;
}

/** Where a user may work (docs/spec.md §3): superusers and staff anywhere, a dealer on its own site, a market administrator on the master site and its market's dealers. */
function mayUse(user: DemoUser, site: Site) {
  if (user.is_superuser || user.role === null) return true;
  if (user.role === 'DE') return site.kind === 'dealer' && site.id === user.tenant_id;
  return site.kind === 'default' || (site.market_id !== null && site.market_id === user.market_id);
}

/** Whether the identity is a signed-in user on this site (else the server answers 401). */
export function signedInOn(world: World, who: Identity, host: HostName) {
  if (!who.user || who.dead || host === 'unknown') return false;
  return mayUse(who.user, host === 'master' ? world.sites.master : world.sites.dealer);
}

/** `<action>_<model>` held (docs/spec.md §6): a superuser holds everything. */
export const holds = (who: Identity, action: Action, model: string) => !!who.user && (who.user.is_superuser || who.user.codenames.has(`${action}_${model}`));

export async function loadWorld(h: Harness): Promise<World> {
  const site = async (domain: string): Promise<Site> => {
    const row = await h.db
      .selectFrom('tenant_domains as d')
      .innerJoin('tenants as t', 't.id', 'd.tenant_id')
      .select(['t.id', 't.kind', 't.market_id'])
      .where('d.domain', '=', domain)
      .executeTakeFirstOrThrow();
    return row;
  };
  const user = async (username: string): Promise<DemoUser> => {
    const u = await h.db
      .selectFrom('users')
      .select(['id', 'is_superuser', 'role', 'tenant_id', 'market_id'])
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    const perms = await h.db
      .selectFrom('user_permissions as up')
      .innerJoin('permissions as p', 'p.id', 'up.permission_id')
      .select('p.codename')
      .where('up.user_id', '=', u.id)
      .execute();
    return { ...u, is_superuser: u.is_superuser === 1, codenames: new Set(perms.map((p) => p.codename)) };
  };
  const [master, dealer, verdi] = await Promise.all([site(HOSTS.master), site(HOSTS.dealer), site('verdi.localhost')]);
  const users = Object.fromEntries(await Promise.all(['admin', 'staff', 'market', 'rossi', 'verdi'].map(async (u) => [u, await user(u)] as const))) as Record<
    'admin' | 'staff' | 'market' | 'rossi' | 'verdi',
    DemoUser
  >;

  const identities: Record<IdentityName, Identity> = {
    anonymous: { name: 'anonymous' },
    admin: { name: 'admin', user: users.admin },
    staff: { name: 'staff', user: users.staff },
    market: { name: 'market', user: users.market },
    rossi: { name: 'rossi', user: users.rossi },
    verdi: { name: 'verdi', user: users.verdi },
    expired: { name: 'expired', user: users.rossi, dead: true },
    revoked: { name: 'revoked', user: users.rossi, dead: true },
  };

  const cookieFor = (username: string, host: string, token: string): Session => ({ username, host, token, cookie: `${SESSION_COOKIE}=${token}` });
  const ttl = h.config.sessionTtlMs;
  const meta = { ip: '127.0.0.1', userAgent: 'attack-suite' };

  // Signed out through the real endpoint once; the token stays dead for every later case.
  const revokedToken = await createSession(h.db, users.rossi.id, ttl, meta);
  const out = await h.get('/api/auth/logout', { host: HOSTS.dealer, headers: { cookie: `${SESSION_COOKIE}=${revokedToken}` } });
  if (out.statusCode !== 200) throw new Error(`logout answered ${out.statusCode}`);

  return {
    sites: { master, dealer, verdi },
    identities,
    async session(name, host = HOSTS.dealer) {
      const who = identities[name];
      if (!who.user) return undefined;
      if (name === 'revoked') return cookieFor('rossi', host, revokedToken);
      // Expired a minute ago: the server must not take it, and drops it on sight.
      const token = await createSession(h.db, who.user.id, name === 'expired' ? -60_000 : ttl, meta);
      return cookieFor(name, host, token);
    },
  };
}
