import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PUBLIC } from '../access.js';
import { notFound } from '../errors.js';
import { findTenantByHost, publicTenant } from '../services/tenants.js';
import type { ZodProvider } from '../schemas.js';
import { code } from '../zodProblems.js';

const domainQuery = z.object({
  domain: z
    .string({ error: code('string') })
    .max(253, code('maxLength'))
    .optional(),
});

const tenants: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodProvider>();
  const lookup = { ...PUBLIC, schema: { querystring: domainQuery } };
  // The SPA passes its own host; a missing `domain` means the request's host.
  async function tenantFor(req: FastifyRequest, { domain }: z.output<typeof domainQuery>) {
    const tenant = await findTenantByHost(app.db, domain || req.hostname);
    if (!tenant) throw notFound('No site is served on this domain.');
    return tenant;
  }

  // A plain JSON string (docs/spec.md §7), not text/plain: serialise it ourselves.
  app.get('/api/tenants/exists', lookup, async (req, reply) => reply.type('application/json').send(JSON.stringify((await tenantFor(req, req.query)).kind)));

  app.get('/api/tenants/by_domain', lookup, async (req) => publicTenant(await tenantFor(req, req.query)));
};
export default tenants;
