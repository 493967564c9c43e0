import type { FieldErrors } from './entityForm.types';
import { fieldErrorsOf, NON_FIELD } from './fieldErrors';
import type { BootError, Credentials, UserInfo } from './session.types';

/** docs/spec.md §5: login trims username and password before sending. */
export const trimCredentials = (c: Credentials): Credentials => ({
  username: String(c.username ?? '').trim(),
  password: String(c.password ?? '').trim(),
});

type ErrorLike = {
  statusCode?: unknown;
  status?: unknown;
  response?: { status?: unknown };
  data?: unknown;
  message?: unknown;
};

/** docs/spec.md §8: the status comes from statusCode, status or response.status; default 500. */
export function errorStatus(error: unknown): number {
  const e = (error ?? {}) as ErrorLike;
  for (const candidate of [e.statusCode, e.status, e.response?.status]) {
    if (typeof candidate === 'number' && candidate >= 400 && candidate < 600) return candidate;
  }
  return 500;
}

/** The HTTP status of an answer, or undefined when there was none (the network failed). */
function answeredStatus(error: unknown): number | undefined {
  const e = (error ?? {}) as ErrorLike;
  for (const candidate of [e.statusCode, e.status, e.response?.status]) {
    if (typeof candidate === 'number' && candidate >= 400 && candidate < 600) return candidate;
  }
  return undefined;
}

/** The message key for a failure, by its kind: never the request or the server's own words. */
export function errorKey(status: number | undefined, data?: unknown): string {
  if (status === undefined) return 'errors.network';
  // A delete the server refused because other rows use it (server/entities/write.ts).
  if (status === 409 && typeof data === 'object' && data !== null && 'used_by' in data) return 'errors.http.inUse';
  // A list page deep from both ends (docs/decisions.md §12): the list says how to reach its rows.
  if (status === 400 && fieldErrorsOf(data).page?.some((m) => typeof m === 'object' && m.code === 'pageTooDeep')) return 'list.pageTooDeep';
  if (status === 401) return 'errors.http.unauthorized';
  if (status === 403) return 'errors.forbidden';
  if (status === 404) return 'errors.http.notFound';
  if (status === 409) return 'errors.http.conflict';
  if (status === 429) return 'errors.tooManyAttempts';
  if (status === 502 || status === 503 || status === 504) return 'errors.http.unavailable';
  if (status >= 500) return 'errors.http.server';
  return 'errors.http.refused';
}

export function toBootError(error: unknown): BootError {
  const status = answeredStatus(error);
  return { status: status ?? errorStatus(error), key: errorKey(status, (error as ErrorLike | undefined)?.data) };
}

/** A refused sign-in or media save as field errors, codes and all (fieldErrorsOf); a body that names nothing becomes one non-field message. */
export function toFieldErrors(error: unknown): FieldErrors {
  const out = fieldErrorsOf((error as ErrorLike | undefined)?.data);
  if (Object.keys(out).length) return out;
  return { [NON_FIELD]: [errorStatus(error) === 429 ? 'errors.tooManyAttempts' : 'errors.network'] };
}

/** docs/spec.md §4: the dealer back-office is any host that is not the default tenant. */
export const isDealerBackoffice = (tenantKind: string | null) => tenantKind !== null && tenantKind !== 'default';
export const isDealer = (tenantKind: string | null, user: UserInfo | null) => isDealerBackoffice(tenantKind) && user?.role === 'DE';
