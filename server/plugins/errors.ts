import fp from 'fastify-plugin';
import { isOverBudget, overBudget } from '../db/budget.js';
import { isUnavailable, RETRY_AFTER_SECONDS, UNAVAILABLE_DETAIL } from '../db/unavailable.js';
import { CODES_HEADER } from '../../entities/problems.js';
import { FieldErrors, HttpError } from '../errors.js';
import { problemBody } from '../problemText.js';
import { clearSessionCookie } from './context.js';
import { addSecurityHeaders } from './security.js';

// Fastify's own client-error codes, turned into the DRF body with a human sentence.
const FASTIFY_CLIENT_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'JSON parse error.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'JSON parse error: the body is empty.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported media type.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Invalid Content-Length.'],
  FST_ERR_CTP_INVALID_TYPE: [400, 'Invalid Content-Type.'],
  FST_ERR_CTP_EMPTY_TYPE: [400, 'Missing Content-Type.'],
};

export default fp(async (app) => {
  app.setErrorHandler((raw: unknown, req, reply) => {
    // An error before the handler ran (origin check, body parsing) has no security headers yet;
    // one after it, on a route that is no API's (a file), has no `no-store` yet.
    addSecurityHeaders(reply);
    const overran = isOverBudget(raw);
    if (overran) req.log.warn({ err: raw }, 'read stopped at its time budget');
    const error = overran ? overBudget() : raw;
    if (error instanceof HttpError) {
      // A session cookie the server refused is dropped, so the browser stops sending it.
      if (error.statusCode === 401 && req.sessionToken()?.via === 'cookie') clearSessionCookie(req, reply);
      const body = error instanceof FieldErrors ? problemBody(error.problems, req.headers[CODES_HEADER] === '1') : error.body;
      return reply.code(error.statusCode).headers(error.headers).send(body);
    }
    const e = error as { code?: string; statusCode?: number; message?: string };
    const known = e.code ? FASTIFY_CLIENT_ERRORS[e.code] : undefined;
    if (known) return reply.code(known[0]).send({ detail: known[1] });
    if (e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (error instanceof SyntaxError && e.statusCode === 400)) {
      return reply.code(400).send({ detail: 'JSON parse error.' });
    }
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      // Fastify's 4xx messages never carry internals; keep them, but never a stack.
      return reply.code(e.statusCode).send({ detail: e.message || 'Bad request.' });
    }
    if (isUnavailable(error)) {
      req.log.warn({ err: error }, 'backing service unavailable');
      return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ detail: UNAVAILABLE_DETAIL });
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: 'A server error occurred.' });
  });
});
