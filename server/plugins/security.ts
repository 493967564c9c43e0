import type { FastifyReply, FastifyRequest, onRequestHookHandler, preValidationHookHandler, RouteHandlerMethod, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, HttpError } from '../errors.js';
import { type Guard, guardOf } from '../guards.js';
import { zodCompiler } from '../schemas.js';
import { bodyRefusal } from './bodyCheck.js';
import { SECURITY_HEADERS } from './securityHeaders.js';

export const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Fastify parses no body for these.
const BODYLESS = new Set(['GET', 'HEAD']);

function hostOf(url: string | undefined) {
  if (!url || url === 'null') return undefined;
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return 'invalid';
  }
}

// Lower-case names, as Fastify keeps its reply headers.
const HEADERS = Object.fromEntries(SECURITY_HEADERS.map(([name, value]) => [name.toLowerCase(), value]));
// An API answer (and every error) is one user's data at one moment: no browser or proxy
// keeps it. Files under /media/ and the SPA's assets send their own cache headers.
const API_HEADERS = { ...HEADERS, 'cache-control': 'no-store' };
const API_URL = /^\/(backoffice\/)?api\//;

/**
 * The headers of every answer, made once; a route may still override one afterwards (media
 * files send their own CSP, the SPA's page its cache header). Set as reply headers rather
 * than on the raw response: Node then validates and writes them once, in writeHead.
 */
export function addSecurityHeaders(reply: FastifyReply, api = true) {
  reply.headers(api ? API_HEADERS : HEADERS);
}

const nulRefusal = () => new HttpError(400, { detail: 'Text may not contain NUL characters.' });

/**
 * A handler that first writes the security headers and refuses a NUL in the URL
 * (PostgreSQL text cannot hold NUL, and no field of ours needs it). This runs inside the
 * handler rather than in an onRequest hook because a hook stage costs every request its
 * runner; answers that never reach a handler get the headers from the error handler
 * (plugins/errors.ts). `checkOrigin`: the not-found handler's, which no route's origin
 * check has run before: a cross-origin write is refused whether or not its URL exists.
 * `api`: whether the answers are the API's (never stored).
 */
export function screened<H extends RouteHandlerMethod>(handler: H, checkOrigin = false, api = true): H {
  return function (this: ThisParameterType<H>, req: FastifyRequest, reply: FastifyReply) {
    addSecurityHeaders(reply, api);
    const refusal = checkOrigin && MUTATING.has(req.method) ? crossOriginRefusal(req) : undefined;
    if (refusal) throw refusal;
    if (req.url.includes('%00')) throw nulRefusal();
    return handler.call(this, req, reply);
  } as H;
}

// Sibling dealer domains are same-site, so SameSite cookies alone do not stop one
// dealer's page from posting to another's back-office: the origin must match exactly.
const refuseCrossOrigin: onRequestHookHandler = (req, _reply, done) => {
  done(crossOriginRefusal(req));
};

// No unstorable text anywhere in a parsed body either, and no nesting deeper than any body of ours.
const refuseBadBody: preValidationHookHandler = (req, _reply, done) => {
  done(req.body === undefined ? undefined : bodyRefusal(req.body));
};

/**
 * The route's guard (server/guards.ts) as a hook: after the body check and before the
 * schemas, so a caller who may not call the route learns nothing from how its input is
 * refused. The URL check comes first, as it does in the handler of an unguarded route.
 */
const guardHook = (guard: Guard): preValidationHookHandler =>
  async function (req) {
    if (req.url.includes('%00')) throw nulRefusal();
    await guard(req);
  };

export const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/**
 * Every route gets its checks when it is added: the origin check on routes that write,
 * the body check on routes that take a body, the guard its `config.access` declares, the
 * validator of its schemas, headers and the URL check in the handler. A public read passes through no hook stage at all.
 */
export default fp(async (app) => {
  app.decorateRequest('guarded', null);
  // What comes in is declared as zod schemas on each route (server/schemas.ts).
  app.setValidatorCompiler(zodCompiler);
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = asArray(route.method);
    route.handler = screened(route.handler, false, API_URL.test(route.url));
    if (methods.some((m) => MUTATING.has(m))) route.onRequest = [refuseCrossOrigin, ...asArray(route.onRequest)];
    const guard = guardOf(route.config?.access);
    const checks = [...(methods.some((m) => !BODYLESS.has(m)) ? [refuseBadBody] : []), ...(guard ? [guardHook(guard)] : [])];
    if (checks.length) route.preValidation = [...checks, ...asArray(route.preValidation)];
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
