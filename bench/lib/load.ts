/** autocannon against a URL: a short warm-up, then the measured run. */
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { statFields } from './procStat.js';
import { request } from './server.js';

/** CPU time a process has used so far, in ms (Linux /proc; user + system, 10 ms ticks). */
export function cpuMsOf(pid: number): number | undefined {
  try {
    const fields = statFields(`/proc/${pid}/stat`);
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

export interface LoadOptions {
  connections?: number;
  warmupSeconds?: number;
  durationSeconds?: number;
  headers?: Record<string, string>;
  /** The server's process id: its CPU time per request is measured too. */
  pid?: number;
  /** The status every answer should have (default 200; 304 for a revalidation). */
  expectStatus?: number;
}

export interface LoadResult {
  url: string;
  connections: number;
  durationSeconds: number;
  /** Mean of the per-second request counts (autocannon's requests.average). */
  rps: number;
  totalRequests: number;
  p50: number;
  p90: number;
  p99: number;
  maxLatency: number;
  meanLatency: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /**
   * Server CPU time per request during the measured run: unlike req/s and latency it
   * hardly moves with other work on the machine (a busy machine only lends fewer CPU ms).
   */
  cpuMsPerRequest?: number;
}

export async function measureLoad(url: string, opts: LoadOptions = {}): Promise<LoadResult> {
  const connections = opts.connections ?? 50;
  const headers = opts.headers ?? {};
  // One request first: a benchmark of 401s or 404s would be fast and meaningless.
  const expected = opts.expectStatus ?? 200;
  const probe = await request(url, { headers });
  if (probe.status !== expected) throw new Error(`GET ${url} answered ${probe.status} before the load: ${probe.body.slice(0, 300)}`);

  const warmup = opts.warmupSeconds ?? 2;
  if (warmup > 0) await autocannon({ url, connections, duration: warmup, headers });
  const durationSeconds = opts.durationSeconds ?? 10;
  const cpuBefore = opts.pid ? cpuMsOf(opts.pid) : undefined;
  const r = await autocannon({ url, connections, duration: durationSeconds, headers });
  const cpuAfter = opts.pid ? cpuMsOf(opts.pid) : undefined;
  const total = r.requests.total;
  return {
    ...loadResult(url, connections, durationSeconds, r),
    cpuMsPerRequest: cpuBefore !== undefined && cpuAfter !== undefined && total ? (cpuAfter - cpuBefore) / total : undefined,
  };
}

/** autocannon's result as the benchmarks report it. */
export function loadResult(url: string, connections: number, durationSeconds: number, r: autocannon.Result): LoadResult {
  const statusCodes: Record<string, number> = {};
  for (const [code, v] of Object.entries(r.statusCodeStats ?? {})) statusCodes[code] = (v as { count: number }).count;
  return {
    url,
    connections,
    durationSeconds,
    rps: r.requests.average,
    totalRequests: r.requests.total,
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    maxLatency: r.latency.max,
    meanLatency: r.latency.average,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes,
  };
}

/**
 * One user's reads of a list, one after another with a short pause (a steady load, not a
 * saturating one), until `until` settles: each one's ms. Any answer but 200 ends it with an error.
 */
export async function readsDuring(url: string, headers: Record<string, string>, until: Promise<unknown>): Promise<number[]> {
  let over = false;
  void until.finally(() => (over = true)).catch(() => undefined);
  const times: number[] = [];
  while (!over) {
    const t = performance.now();
    const res = await request(url, { headers, timeoutMs: 30_000 });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    times.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 20));
  }
  return times;
}

export const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(0.99 * values.length))] ?? 0;
