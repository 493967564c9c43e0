/** Rows of the result table, the table as text, and the JSON file written per run. */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths.js';
import type { Snapshot } from './build.js';

export type Status = 'pass' | 'FAIL' | 'info' | 'skipped' | 'ERROR';

export interface Row {
  /** Benchmark this row belongs to (profile, bundle, visible, startup). */
  bench: string;
  figure: string;
  budget: string;
  measured: string;
  status: Status;
  /** The number the budget is checked against, with its unit and limit. */
  value?: number;
  unit?: string;
  limit?: number;
}

export interface BenchContext {
  snapshot: Snapshot;
  /** Seconds of measured load per autocannon run (default 10). */
  loadSeconds: number;
  warmupSeconds: number;
  /** Measured seconds per list scenario (products, media): many scenarios, shorter runs. */
  listSeconds: number;
  /** The bare Fastify route's req/s, once the profile benchmark has measured it in this run. */
  bareRps?: number;
  log(line: string): void;
}

export interface BenchOutcome {
  rows: Row[];
  details: unknown;
}

export const budgetStatus = (ok: boolean): Status => (ok ? 'pass' : 'FAIL');

export const ms = (v: number) => `${v < 10 ? v.toFixed(1) : Math.round(v)} ms`;
export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
export const int = (v: number) => Math.round(v).toLocaleString('en-US');

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  // The middle value, or the mean of the two middle ones (the same one twice for an odd count).
  const lo = s[Math.floor((s.length - 1) / 2)];
  const hi = s[Math.floor(s.length / 2)];
  return lo === undefined || hi === undefined ? NaN : (lo + hi) / 2;
}

export function formatTable(rows: Row[]): string {
  return formatGrid(
    ['figure', 'budget', 'measured', 'result'],
    rows.map((r) => [r.figure, r.budget, r.measured, r.status]),
  );
}

/** A plain-text table: a header row, a rule, then one line per row, columns padded to fit. */
export function formatGrid(head: string[], cells: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]?.length ?? 0)));
  const line = (c: string[]) =>
    c
      .map((v, i) => v.padEnd(widths[i] ?? 0))
      .join(' | ')
      .trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('-|-'), ...cells.map(line)].join('\n');
}

export function writeResults(startedAt: Date, payload: Record<string, unknown>, prefix = ''): string {
  const dir = path.join(ROOT, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${prefix}${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, `${JSON.stringify(payload, null, 2)}\n`);
  return path.relative(ROOT, file);
}
