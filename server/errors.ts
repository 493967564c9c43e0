import type { Errors, ProblemCode, ProblemParams } from '../entities/problems.js';

/**
 * Errors carry their DRF-style body (docs/decisions.md §4): field errors `{ "<path>": [msg] }`
 * for 400 (FieldErrors), `{ detail }` otherwise.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${statusCode}`);
  }
}

export const notFound = (detail = 'Not found.') => new HttpError(404, { detail });
export const forbidden = (detail = 'You do not have permission to perform this action.') => new HttpError(403, { detail });
export const unauthorized = (detail = 'Authentication credentials were not provided.') => new HttpError(401, { detail });
/** A 400 of field problems; the error handler writes its body (server/problemText.ts). */
export class FieldErrors extends HttpError {
  constructor(readonly problems: Errors) {
    super(400, {});
  }
}

export const fieldErrors = (errors: Errors) => new FieldErrors(errors);

/** A 400 with one problem on one path. */
export const fieldError = (path: string, code: ProblemCode, params?: ProblemParams) => new FieldErrors({ [path]: [params ? { code, params } : { code }] });
