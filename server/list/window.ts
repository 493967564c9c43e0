import { fieldError } from '../errors.js';
import { MAX_OFFSET } from './caps.js';
import type { Counted } from './counted.js';

/** The rows a page reads: skip `offset`, take `limit`, in the list's order or (reversed) counted from its end. */
export interface Window {
  offset: number;
  limit: number;
  reversed: boolean;
}

/** Whether the asked page skips more than MAX_OFFSET rows from the start: it is read once its count is known. */
export const isDeep = (asked: { page: number; size: number }) => (asked.page - 1) * asked.size > MAX_OFFSET;

/**
 * Where page `page` lies: within MAX_OFFSET rows of the start, or of the end of an exact
 * count (then read in the reversed order); else 400 (pageTooDeep).
 */
export function windowOf(asked: { size: number }, page: number, counted?: Counted): Window {
  const offset = (page - 1) * asked.size;
  if (offset <= MAX_OFFSET || !counted?.exact) return { offset, limit: asked.size, reversed: false };
  const end = Math.min(page * asked.size, counted.count);
  if (counted.count - end > MAX_OFFSET) throw fieldError('page', 'pageTooDeep');
  return { offset: counted.count - end, limit: end - offset, reversed: true };
}
