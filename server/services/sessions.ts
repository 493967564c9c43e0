import type { Kysely } from 'kysely';
import { hotQuery } from '../db/hotQuery.js';
import type { DatabaseSchema } from '../db/schema.js';
import { isoIn, nowIso } from './clock.js';
import type { Principal } from './principal.js';
import { hashToken, newToken } from './tokens.js';

// A sliding session is pushed forward at most this often, so reads stay reads.
const EXTEND_EVERY_MS = 10 * 60_000;

export async function createSession(
  db: Kysely<DatabaseSchema>,
  userId: number,
  ttlMs: number,
  meta: { ip: string; userAgent: string },
) {
  const token = newToken();
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: nowIso(),
      expires_at: isoIn(ttlMs),
      ip: meta.ip.slice(0, 64),
      user_agent: meta.userAgent.slice(0, 512),
    })
    .execute();
  return token;
}

// Every authenticated request runs this: the user is made straight from the row's values.
const sessionUser = hotQuery<{ expiresAt: string; user: Principal }, [tokenHash: string]>(
  `select s.expires_at, u.id, u.username, u.email, u.first_name, u.last_name, u.role, u.is_superuser, u.tenant_id, u.market_id
   from sessions s inner join users u on u.id = s.user_id
   where s.token_hash = ? and u.is_active = 1`,
  (v) => ({
    expiresAt: v[0] as string,
    user: {
      id: v[1] as number,
      username: v[2] as string,
      email: v[3] as string,
      first_name: v[4] as string,
      last_name: v[5] as string,
      role: v[6] as Principal['role'],
      is_superuser: v[7] === 1,
      tenant_id: v[8] as number | null,
      market_id: v[9] as number | null,
    },
  }),
);

/** The active user behind a token, or undefined when the session is unknown, expired or the user inactive. */
export async function principalForToken(
  db: Kysely<DatabaseSchema>,
  token: string,
  ttlMs: number,
): Promise<Principal | undefined> {
  const tokenHash = hashToken(token);
  const [found] = await sessionUser(db, tokenHash);
  if (!found) return undefined;
  const now = Date.now();
  const expires = Date.parse(found.expiresAt);
  if (expires <= now) {
    await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    return undefined;
  }
  if (now + ttlMs - expires > EXTEND_EVERY_MS) {
    await db.updateTable('sessions').set({ expires_at: isoIn(ttlMs) }).where('token_hash', '=', tokenHash).execute();
  }
  return found.user;
}

export async function revokeSession(db: Kysely<DatabaseSchema>, token: string) {
  await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
}

/** Called when a user is deactivated or changes password. */
export async function revokeUserSessions(db: Kysely<DatabaseSchema>, userId: number) {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

export async function purgeExpiredSessions(db: Kysely<DatabaseSchema>) {
  await db.deleteFrom('sessions').where('expires_at', '<=', nowIso()).execute();
}
