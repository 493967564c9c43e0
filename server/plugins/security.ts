import type { FastifyRequest, preValidationHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, HttpError } from '../errors.js';
import { SECURITY_HEADERS } from './securityHeaders.js';

/** Deeper than any body of ours: refused before a validator or sanitiser recurses into it. */
const MAX_DEPTH = 32;

/** What is wrong with a parsed body as a whole: a NUL anywhere, or nesting past MAX_DEPTH. */
function badBody(value: unknown, depth = 0): 'nul' | 'deep' | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? 'nul' : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  if (depth >= MAX_DEPTH) return 'deep';
  for (const [k, v] of Object.entries(value)) {
    const bad = k.includes('\u0000') ? 'nul' : badBody(v, depth + 1);
    if (bad) return bad;
  }
  return undefined;
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

const BODYLESS = new Set(['GET', 'HEAD']);
const takesBody = (method: string | string[]) => (Array.isArray(method) ? method : [method]).some((m) => !BODYLESS.has(m));

const nulRefusal = () => new HttpError(400, { detail: 'Text may not contain NUL characters.' });

// PostgreSQL text cannot hold NUL, and no field of ours needs it: refuse it everywhere
// before a query can trip over it.
const refuseBadBody: preValidationHookHandler = (req, _reply, done) => {
  const bad = req.body === undefined ? undefined : badBody(req.body);
  if (bad === 'nul') done(nulRefusal());
  else if (bad === 'deep') done(new HttpError(400, { detail: `JSON nested more than ${MAX_DEPTH} levels deep.` }));
  else done();
};

export default fp(async (app) => {
  // One hook for all a request needs before routing: every hook costs its runner on
  // every request, and most requests are small reads.
  app.addHook('onRequest', (req, reply, done) => {
    const res = reply.raw;
    for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value);
    // Sibling dealer domains are same-site, so SameSite cookies alone do not stop one
    // dealer's page from posting to another's back-office: the origin must match exactly.
    const refusal = MUTATING.has(req.method) ? crossOriginRefusal(req) : undefined;
    if (refusal) done(refusal);
    else if (req.url.includes('%00')) done(nulRefusal());
    else done();
  });

  // Bodies are checked once parsed, on the routes that can receive one (Fastify parses
  // none for GET and HEAD): reads skip the preValidation stage altogether.
  app.addHook('onRoute', (route) => {
    if (!takesBody(route.method)) return;
    const own = route.preValidation;
    route.preValidation = own === undefined ? [refuseBadBody] : [refuseBadBody, ...(Array.isArray(own) ? own : [own])];
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
