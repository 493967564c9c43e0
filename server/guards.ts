import type { FastifyRequest } from 'fastify';
import { type Action, can } from '../entities/permissions.js';
import { forbidden, notFound, unauthorized } from './errors.js';
import { permissionsOn } from './services/permissions.js';
import type { Principal } from './services/principal.js';
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

/** `can` over the user's permissions on this one model: a few rows instead of all of them, on every request. */
export async function requirePermission(req: FastifyRequest, action: Action, model: string) {
  const user = await requireUser(req);
  if (!user.is_superuser) {
    const all_permissions = await permissionsOn(req.server.db, user.id, model);
    if (!can({ is_superuser: false, all_permissions }, action, model)) throw forbidden();
  }
  return user;
}
