/**
 * A job's error report as CSV (csv-stringify does the quoting). A cell a spreadsheet would
 * read as a formula — starting with = + - @, or a tab or carriage return that some strip
 * first — is neutralised with a leading apostrophe (OWASP "CSV injection"): a report quotes
 * what users typed.
 */
import { stringify } from 'csv-stringify/sync';
import type { JobProblem } from './kinds.js';

export const neutralise = (cell: string) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

export function reportCsv(problems: readonly JobProblem[]): string {
  return stringify(
    problems.map((p) => [p.ref, p.field, p.message].map(neutralise)),
    { header: true, columns: ['row', 'field', 'message'] },
  );
}
