import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import { forbidden, HttpError } from '../errors.js';

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

export default fp(async (app) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });

  // PostgreSQL text cannot hold NUL, and no field of ours needs it: refuse it everywhere
  // before a query can trip over it.
  app.addHook('preValidation', async (req) => {
    const bad = req.url.includes('%00') ? 'nul' : badBody(req.body);
    if (bad === 'nul') throw new HttpError(400, { detail: 'Text may not contain NUL characters.' });
    if (bad === 'deep') throw new HttpError(400, { detail: `JSON nested more than ${MAX_DEPTH} levels deep.` });
  });

  // Sibling dealer domains are same-site, so SameSite cookies alone do not stop one
  // dealer's page from posting to another's back-office: the origin must match exactly.
  app.addHook('onRequest', async (req) => {
    if (!MUTATING.has(req.method)) return;
    const own = req.host.toLowerCase();
    const origin = req.headers.origin;
    const claimed = origin !== undefined ? hostOf(origin) : hostOf(req.headers.referer);
    if (claimed !== undefined) {
      if (claimed !== own) throw forbidden('Cross-origin request refused.');
      return;
    }
    if (origin === 'null') throw forbidden('Cross-origin request refused.');
    if (req.sessionToken()?.via === 'cookie') throw forbidden('Cross-origin request refused: missing Origin header.');
  });
});
