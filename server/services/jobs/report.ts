/**
 * A job's error report as CSV (csv-stringify does the quoting). A cell a spreadsheet would
 * read as a formula is neutralised as the export's are (export/csvSafe.ts, OWASP "CSV
 * injection"): a report quotes what users typed.
 */
import { stringify } from 'csv-stringify/sync';
import { neutralised } from '../../entities/export/csvSafe.js';
import type { JobProblem } from './kinds.js';

export function reportCsv(problems: readonly JobProblem[]): string {
  return stringify(
    problems.map((p) => [p.ref, p.field, p.message].map(neutralised)),
    { header: true, columns: ['row', 'field', 'message'] },
  );
}
