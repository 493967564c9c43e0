/**
 * Keyset pages of the activity log and of a row's history: newest first, `items` entries
 * (default 20, at most 100), the next page `before` the last entry's id (`next` in the
 * answer, null on the last page). No count and no page numbers: a log of a million entries
 * pages at the cost of a page, where a count or an offset would read them all.
 */
import { z } from 'zod';
import { code } from '../zodProblems.js';

export const MAX_ITEMS = 100;
const DEFAULT_ITEMS = 20;

const positive = z
  .string({ error: code('once') })
  .regex(/^[1-9]\d{0,9}$/, code('integer'))
  .transform(Number);

export const keysetQuery = {
  items: positive.pipe(z.number().max(MAX_ITEMS, code('maxValue'))).optional(),
  before: positive.optional(),
};

export interface Keyset {
  items?: number;
  before?: number;
}

export interface KeysetPage<T> {
  items: T[];
  next: number | null;
}

/** How many rows to read: one more than the page, to know whether there is a next. */
export const readSize = (k: Keyset) => (k.items ?? DEFAULT_ITEMS) + 1;

/** The page of rows read with readSize, and the cursor of the next. */
export function pageOf<R extends { id: number }, T>(k: Keyset, rows: readonly R[], present: (row: R) => T): KeysetPage<T> {
  const size = k.items ?? DEFAULT_ITEMS;
  const shown = rows.slice(0, size);
  return { items: shown.map(present), next: rows.length > size ? (shown.at(-1)?.id ?? null) : null };
}
