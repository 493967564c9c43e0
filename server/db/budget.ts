import { HttpError } from '../errors.js';
import { RETRY_AFTER_SECONDS } from './unavailable.js';

/** A read the SQLite read pool stopped at its time budget (db/readPool.ts). */
export class ReadOverBudget extends Error {}

/**
 * A read stopped at its time budget (docs/decisions.md §2, "Reads that may take long"):
 * by the SQLite read pool, or by PostgreSQL's statement_timeout (57014, query_canceled).
 */
export function isOverBudget(error: unknown): boolean {
  return error instanceof ReadOverBudget || (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '57014');
}

/** Its answer: 503 with Retry-After, so one runaway query costs its own request and no other. */
export const overBudget = () =>
  new HttpError(
    503,
    { detail: 'Reading the data took longer than allowed and was stopped. Narrow the list with a search or a filter, or try again in a few seconds.' },
    { 'retry-after': String(RETRY_AFTER_SECONDS) },
  );
