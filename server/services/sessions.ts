import type { Kysely } from 'kysely';
import type { AccessCache } from '../cache/accessCache.js';
import type { SiteVersions } from '../cache/siteVersion.js';
import { hotQuery } from '../db/hotQuery.js';
import type { DatabaseSchema } from '../db/schema.js';
import { nowIso } from './clock.js';
import type { Principal } from './principal.js';
import { hashToken, newToken } from './tokens.js';

// A sliding session is pushed forward at most this often, so reads stay reads.
const EXTEND_EVERY_MS = 10 * 60_000;

/** A session ends `ttlMs` after its last use (sliding), and `maxMs` after it was made whatever its use. */
export interface SessionLifetime {
  ttlMs: number;
  maxMs: number;
}

export async function createSession(db: Kysely<DatabaseSchema>, userId: number, ttlMs: number, meta: { ip: string; userAgent: string }) {
  const token = newToken();
  // One reading of the clock: an end counted from a later one would fall after created_at + SESSION_MAX_DAYS.
  const now = Date.now();
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + ttlMs).toISOString(),
      ip: meta.ip.slice(0, 64),
      user_agent: meta.userAgent.slice(0, 512),
    })
    .execute();
  return token;
}

const USER_COLUMNS = 'u.id, u.username, u.email, u.first_name, u.last_name, u.role, u.is_superuser, u.tenant_id, u.market_id';

// The user is made straight from the row's values: the session's expiry, then USER_COLUMNS; its creation last.
const userOf = (v: unknown[]): Principal => ({
  id: v[1] as number,
  username: v[2] as string,
  email: v[3] as string,
  first_name: v[4] as string,
  last_name: v[5] as string,
  role: v[6] as Principal['role'],
  is_superuser: v[7] === 1,
  tenant_id: v[8] as number | null,
  market_id: v[9] as number | null,
});

interface Times {
  expiresAt: string;
  createdAt: string;
}

// Every authenticated request runs this or sessionAccess.
const sessionUser = hotQuery<Times & { user: Principal }, [tokenHash: string]>(
  `select s.expires_at, ${USER_COLUMNS}, s.created_at
   from sessions s inner join users u on u.id = s.user_id
   where s.token_hash = ? and u.is_active = 1`,
  (v) => ({ expiresAt: v[0] as string, user: userOf(v), createdAt: v[10] as string }),
);

/** Who, and what they may do on a model: what is remembered of a session (cache/accessCache.ts). */
export interface SessionGrant {
  user: Principal;
  /** The user's own permission codenames on the model (a superuser's are not consulted). */
  codenames: string[];
}

/** What a guarded request needs before it can answer: its session's grant, and the site's data version. */
export interface SessionAccess extends SessionGrant {
  /** The site's data version (cache/dataVersions.ts), read with the session or known (cache/siteVersion.ts). */
  dataVersion: string | undefined;
}

// A request behind a permission guard (server/guards.ts: every entity, account and media route) runs this
// instead of sessionUser: on PostgreSQL one round trip instead of three. The permissions go
// through the index on permissions.model: the model's few, each probed in the user's.
const sessionAccess = hotQuery<Times & SessionAccess, [model: string, tenantId: number, tokenHash: string]>(
  `select s.expires_at, ${USER_COLUMNS},
     (select string_agg(p.codename, ',') from permissions p
      where p.model = ? and exists (select 1 from user_permissions up where up.user_id = u.id and up.permission_id = p.id)),
     (select version from data_versions where tenant_id = ?),
     s.created_at
   from sessions s inner join users u on u.id = s.user_id
   where s.token_hash = ? and u.is_active = 1`,
  (v) => ({
    expiresAt: v[0] as string,
    createdAt: v[12] as string,
    user: userOf(v),
    codenames: v[10] ? (v[10] as string).split(',') : [],
    dataVersion: v[11] === null ? undefined : String(v[11]),
  }),
);

/** The active user behind a token, or undefined when the session is unknown, expired or the user inactive. */
export async function principalForToken(db: Kysely<DatabaseSchema>, token: string, lifetime: SessionLifetime): Promise<Principal | undefined> {
  const tokenHash = hashToken(token);
  const [found] = await sessionUser(db, tokenHash);
  return found && (await stillValid(db, tokenHash, found, lifetime)) ? found.user : undefined;
}

/** What this process remembers on PostgreSQL (server/app.ts): sessions' grants, and sites' versions. */
export interface AccessMemory {
  grants: AccessCache<SessionGrant>;
  versions: SiteVersions;
}

/**
 * principalForToken, with the user's permissions on `model` and the data version of site
 * `tenantId`, in one read; or from `memory` (PostgreSQL): the grant until the session is due
 * to be extended or ends, the version while the change feed follows it.
 */
export async function accessForToken(
  db: Kysely<DatabaseSchema>,
  token: string,
  lifetime: SessionLifetime,
  model: string,
  tenantId: number,
  memory?: AccessMemory,
): Promise<SessionAccess | undefined> {
  const tokenHash = hashToken(token);
  const key = `${tokenHash}|${model}|${tenantId}`;
  const remembered = memory?.grants.get(key);
  if (remembered) return { ...remembered, dataVersion: await memory!.versions.read(db, tenantId) };
  const generation = memory?.grants.generation ?? 0;
  const versionGeneration = memory?.versions.generation ?? 0;
  const [found] = await sessionAccess(db, model, tenantId, tokenHash);
  const ends = found && (await stillValid(db, tokenHash, found, lifetime));
  if (!ends) return undefined;
  const grant = { user: found.user, codenames: found.codenames };
  // Until the session ends or is due to be pushed forward, whichever comes first.
  memory?.grants.set(key, generation, grant, Math.min(ends, Date.parse(found.expiresAt) - lifetime.ttlMs + EXTEND_EVERY_MS));
  memory?.versions.offer(tenantId, versionGeneration, found.dataVersion);
  return { ...grant, dataVersion: memory?.versions.get(tenantId)?.version ?? found.dataVersion };
}

/**
 * Drops a session past its sliding or its absolute end; pushes a sliding one forward when
 * it is due, never past the absolute end. Answers when the session ends (ms), or 0.
 */
async function stillValid(db: Kysely<DatabaseSchema>, tokenHash: string, times: Times, lifetime: SessionLifetime) {
  const now = Date.now();
  const expires = Date.parse(times.expiresAt);
  const last = Date.parse(times.createdAt) + lifetime.maxMs;
  if (Math.min(expires, last) <= now) {
    await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    return 0;
  }
  const pushed = Math.min(now + lifetime.ttlMs, last);
  if (pushed - expires > EXTEND_EVERY_MS) {
    await db
      .updateTable('sessions')
      .set({ expires_at: new Date(pushed).toISOString() })
      .where('token_hash', '=', tokenHash)
      .execute();
    return pushed;
  }
  return Math.min(expires, last);
}

export async function revokeSession(db: Kysely<DatabaseSchema>, token: string) {
  await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
}

export async function purgeExpiredSessions(db: Kysely<DatabaseSchema>) {
  await db.deleteFrom('sessions').where('expires_at', '<=', nowIso()).execute();
}
