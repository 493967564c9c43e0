import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PUBLIC } from '../access.js';
import { notFound } from '../errors.js';
import { findTenantByHost, publicTenant } from '../services/tenants.js';
import { parseOr400 } from '../validation.js';

const domainQuery = z.object({
  domain: z
    .string({ error: 'Not a valid string.' })
    .max(253, 'Ensure this field has no more than 253 characters.')
    .optional(),
});

const tenants: FastifyPluginAsync = async (app) => {
  // The SPA passes its own host; a missing `domain` means the request's host.
  async function tenantFor(req: FastifyRequest) {
    const { domain } = parseOr400(domainQuery, req.query);
    const tenant = await findTenantByHost(app.db, domain || req.hostname);
    if (!tenant) throw notFound('No site is served on this domain.');
    return tenant;
  }

  // A plain JSON string (docs/spec.md §7), not text/plain: serialise it ourselves.
  app.get('/api/tenants/exists', PUBLIC, async (req, reply) =>
    reply.type('application/json').send(JSON.stringify((await tenantFor(req)).kind)),
  );

  app.get('/api/tenants/by_domain', PUBLIC, async (req) => publicTenant(await tenantFor(req)));
};
export default tenants;
