import type { FastifyPluginAsync } from 'fastify';
import { PUBLIC, withAccess } from '../access.js';
import { marketOfEvent } from '../activity/actor.js';
import { logActivity } from '../activity/log.js';
import { HttpError } from '../errors.js';
import { guardedSite } from '../guards.js';
import { clearSessionCookie, SESSION_COOKIE, sessionCookieOptions } from '../plugins/context.js';
import { setCookie } from '../plugins/cookies.js';
import { verifyPassword } from '../services/passwords.js';
import { mayUseTenant } from '../services/principal.js';
import { createSession, revokeSession } from '../services/sessions.js';
import { nothing, objectOf, requiredText, type ZodProvider } from '../schemas.js';

const loginBody = objectOf({ username: requiredText(150), password: requiredText(1024) });

const INVALID = { non_field_errors: ['Unable to log in with provided credentials.'] };

const auth: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodProvider>();
  // Signing in and out needs no session: a missing or stale one is simply replaced or dropped.
  app.post('/api/auth/login', { ...withAccess({ kind: 'site' }), schema: { querystring: nothing, body: loginBody } }, async (req, reply) => {
    const tenant = guardedSite(req);
    const { username, password } = req.body;
    const succeeded = await app.loginThrottle.attempt(username, req.ip);

    const user = await app.db
      .selectFrom('users')
      .select(['id', 'password_hash', 'is_active', 'role', 'is_superuser', 'tenant_id', 'market_id'])
      .where('username', '=', username)
      .executeTakeFirst();
    const passwordOk = await verifyPassword(user?.password_hash, password);
    const allowed = user && passwordOk && user.is_active === 1 && mayUseTenant({ ...user, is_superuser: user.is_superuser === 1 }, tenant);
    // The log names the account tried (when there is one) and the name given.
    const event = { tenantId: tenant.id, marketId: marketOfEvent(tenant, user ?? undefined), model: 'auth', objectId: user?.id ?? null };
    const who = { userId: user?.id ?? null, username, ip: req.ip };
    if (!allowed) {
      await logActivity(app.db, who, { ...event, action: 'login_failed' });
      throw new HttpError(400, INVALID);
    }
    await logActivity(app.db, who, { ...event, action: 'login' });
    // Only failures count against a client.
    await succeeded();
    const ttlMs = Math.min(app.config.sessionTtlMs, app.config.sessionMaxMs);
    const token = await createSession(app.db, user.id, ttlMs, {
      ip: req.ip,
      userAgent: req.headers['user-agent'] ?? '',
    });
    setCookie(reply, SESSION_COOKIE, token, sessionCookieOptions(req, Math.floor(ttlMs / 1000)));
    return { token };
  });

  app.get('/api/auth/logout', { ...PUBLIC, schema: { querystring: nothing } }, async (req, reply) => {
    // Cleared first: a logout whose revoking fails still signs this browser out (docs/spec.md §8).
    clearSessionCookie(req, reply);
    const carried = req.sessionToken();
    if (carried) await revokeSession(app.db, carried.token);
    // A GET that writes: the write routes' forgetting (context plugin) does not cover it.
    app.accessCache?.forget();
    return { detail: 'Successfully logged out.' };
  });
};
export default auth;
