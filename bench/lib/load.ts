/** autocannon against a URL: a short warm-up, then the measured run. */
import autocannon from 'autocannon';
import { request } from './server.js';

export interface LoadOptions {
  connections?: number;
  warmupSeconds?: number;
  durationSeconds?: number;
  headers?: Record<string, string>;
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
}

export async function measureLoad(url: string, opts: LoadOptions = {}): Promise<LoadResult> {
  const connections = opts.connections ?? 50;
  const headers = opts.headers ?? {};
  // One request first: a benchmark of 401s or 404s would be fast and meaningless.
  const probe = await request(url, { headers });
  if (probe.status !== 200) throw new Error(`GET ${url} answered ${probe.status} before the load: ${probe.body.slice(0, 300)}`);

  const warmup = opts.warmupSeconds ?? 2;
  if (warmup > 0) await autocannon({ url, connections, duration: warmup, headers });
  const durationSeconds = opts.durationSeconds ?? 10;
  const r = await autocannon({ url, connections, duration: durationSeconds, headers });
  return loadResult(url, connections, durationSeconds, r);
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
