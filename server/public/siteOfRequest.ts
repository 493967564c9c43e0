/**
 * The site a request of the delivery API reads. With `Authorization: Bearer <key>` (a
 * front-end served elsewhere) it is the key's site whatever the host, and a key that is not
 * valid — unknown, revoked, its site inactive — answers 401 at once. Otherwise it is the
 * dealer site whose domain or alias is the request's host (the same cached lookup as the
 * back-office's); the master host serves nothing public, and an unknown or inactive host is
 * no site: both answer 404. `byHost` (robots.txt, sitemaps: files of a host, naming URLs on
 * it) reads the host only, whatever key a request bears. This is the one place that decides it.
 */
import type { FastifyRequest } from 'fastify';
import { notFound, unauthorized } from '../errors.js';
import { findTenantByHost, type Tenant } from '../services/tenants.js';
import { keySiteOf } from './keySite.js';
import { primaryDomainOf } from './siteOrigins.js';

export async function siteOfRequest(req: FastifyRequest, opts: { byHost?: boolean } = {}): Promise<Tenant> {
  if (req.headers.authorization !== undefined && !opts.byHost) {
    const id = await keySiteOf(req.server, req);
    if (id === undefined) throw unauthorized('The site key is not valid.');
    const domain = await primaryDomainOf(req.server.db, id);
    const site = domain === undefined ? undefined : await findTenantByHost(req.server.db, domain);
    if (!site || site.id !== id || site.kind !== 'dealer') throw unauthorized('The site key is not valid.');
    return site;
  }
  const site = await req.tenant();
  if (!site || site.kind !== 'dealer') throw notFound('Unknown site.');
  return site;
}
