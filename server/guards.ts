import type { FastifyRequest } from 'fastify';
import { type Action, codename } from '../entities/permissions.js';
import { forbidden, notFound, unauthorized } from './errors.js';
import type { Principal } from './services/principal.js';
import type { SessionAccess } from './services/sessions.js';
import type { Tenant } from './services/tenants.js';

export async function requireTenant(req: FastifyRequest): Promise<Tenant> {
  const tenant = await req.tenant();
  if (!tenant) throw notFound('Unknown site.');
  return tenant;
}

export async function requireUser(req: FastifyRequest): Promise<Principal> {
  await requireTenant(req);
  const user = await req.principal();
  if (!user) throw unauthorized();
  return user;
}

/** The signed-in user with their permissions on `model` (one read with the session: FastifyRequest.access). */
export async function requireAccess(req: FastifyRequest, model: string): Promise<SessionAccess> {
  await requireTenant(req);
  const access = await req.access(model);
  if (!access) throw unauthorized();
  return access;
}

/** The signed-in user, when they hold `<action>_<model>` (a superuser holds every one); else 401 or 403. */
export async function requirePermission(req: FastifyRequest, action: Action, model: string): Promise<Principal> {
  const { user, codenames } = await requireAccess(req, model);
  if (!user.is_superuser && !codenames.includes(codename(action, model))) throw forbidden();
  return user;
}
