import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, HttpError } from '../errors.js';
import { SECURITY_HEADERS } from './securityHeaders.js';

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  for (const [k, v] of Object.entries(value)) if (k.includes('\u0000') || hasNul(v, depth + 1)) return true;
  return false;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function hostOf(url: string | undefined) {
  if (!url || url === 'null') return undefined;
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return 'invalid';
  }
}

export default fp(async (app) => {
  app.addHook('onRequest', (req, reply, done) => {
    const res = reply.raw;
    for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value);
    done();
  });

  // PostgreSQL text cannot hold NUL, and no field of ours needs it: refuse it everywhere
  // before a query can trip over it.
  app.addHook('preValidation', (req, _reply, done) => {
    if (req.url.includes('%00') || (req.body !== undefined && hasNul(req.body))) {
      done(new HttpError(400, { detail: 'Text may not contain NUL characters.' }));
    } else done();
  });

  // Sibling dealer domains are same-site, so SameSite cookies alone do not stop one
  // dealer's page from posting to another's back-office: the origin must match exactly.
  app.addHook('onRequest', (req, _reply, done) => {
    if (MUTATING.has(req.method)) done(crossOriginRefusal(req));
    else done();
  });
});

function crossOriginRefusal(req: FastifyRequest): HttpError | undefined {
  const own = req.host.toLowerCase();
  const origin = req.headers.origin;
  const claimed = origin !== undefined ? hostOf(origin) : hostOf(req.headers.referer);
  if (claimed !== undefined) return claimed === own ? undefined : forbidden('Cross-origin request refused.');
  if (origin === 'null') return forbidden('Cross-origin request refused.');
  if (req.sessionToken()?.via === 'cookie') return forbidden('Cross-origin request refused: missing Origin header.');
  return undefined;
}
