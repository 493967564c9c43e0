/**
 * The site a request of the delivery API reads: the dealer site whose domain or alias is
 * the request's host (the same cached lookup as the back-office's). The master host serves
 * nothing public, and an unknown or inactive host is no site: both answer 404. This is the
 * one place that decides it, so a site API key (`Authorization: Bearer <key>`) joins here.
 */
import type { FastifyRequest } from 'fastify';
import { notFound } from '../errors.js';
import type { Tenant } from '../services/tenants.js';

export async function siteOfRequest(req: FastifyRequest): Promise<Tenant> {
  const site = await req.tenant();
  if (!site || site.kind !== 'dealer') throw notFound('Unknown site.');
  return site;
}
