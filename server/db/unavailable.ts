/**
 * Errors that mean a backing service (the database, Redis) cannot be reached right now,
 * as opposed to a bug or bad input: the API answers them 503 with Retry-After so clients
 * and proxies retry, and the process keeps running to recover when the service is back.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

// PostgreSQL SQLSTATEs: class 08 (connection exception), shutting down / starting up, too
// many connections. A statement stopped by statement_timeout (57014) is db/budget.ts's.
const PG_UNAVAILABLE = /^(08...|57P01|57P02|57P03|53300)$/;

// What node-postgres, pg-pool and ioredis say when a connection is gone or never came.
const MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error and is not queryable/,
  /^Connection is closed\.?$/,
  /^Command timed out$/,
  /Reached the max retries per request limit/,
  /enableOfflineQueue options is false/,
];

export function isUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | undefined;
  if (!e || typeof e !== 'object') return false;
  const code = typeof e.code === 'string' ? e.code : '';
  if (NETWORK_CODES.has(code) || PG_UNAVAILABLE.test(code)) return true;
  // SQLite still locked after busy_timeout: another process holds the write lock.
  if (code === 'SQLITE_BUSY') return true;
  const message = typeof e.message === 'string' ? e.message : '';
  if (MESSAGES.some((m) => m.test(message))) return true;
  // A host name with several addresses fails with an AggregateError of one error each.
  const inner = (error as { errors?: unknown }).errors;
  return Array.isArray(inner) && inner.length > 0 && inner.every(isUnavailable);
}

/** Seconds a client should wait before retrying a request that met an unavailable service. */
export const RETRY_AFTER_SECONDS = 5;

export const UNAVAILABLE_DETAIL = 'The service is temporarily unavailable. Try again in a few seconds.';
