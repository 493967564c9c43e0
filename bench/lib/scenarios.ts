/** Several GET URLs of one server under the same load, each checked against a latency (and maybe throughput) budget. */
import { request } from './server.js';
import { measureLoad, type LoadResult } from './load.js';
import { budgetStatus, int, ms, type BenchContext, type Row } from './report.js';

export interface Scenario {
  label: string;
  /** Path and query, e.g. /api/products/?page=1000 */
  path: string;
  /** Ask with the answer's own ETag (If-None-Match): every answer should be a 304. */
  revalidate?: boolean;
  /** What this scenario is held to beyond (or instead of) the run's budget. */
  budget?: Partial<ScenarioBudget>;
}

export interface ScenarioBudget {
  connections: number;
  maxP99Ms: number;
  /** Least req/s, with where the figure comes from. */
  minRps?: { value: number; why: string };
}

export interface ScenarioResult extends LoadResult {
  label: string;
}

/** Server CPU per request, and the req/s one free core would give at that cost. */
export const cpuNote = (r: LoadResult) =>
  r.cpuMsPerRequest ? `; server CPU ${r.cpuMsPerRequest.toFixed(2)} ms/req (≈ ${int(1000 / r.cpuMsPerRequest)} req/s per core)` : '';

export async function runScenarios(
  ctx: BenchContext,
  opts: {
    bench: string;
    subject: string;
    baseUrl: string;
    pid: number;
    headers: Record<string, string>;
    scenarios: Scenario[];
    budget: ScenarioBudget;
    /** Reported for reference, not held to the budget (e.g. the same pages with the list cache off). */
    reference?: string;
  },
): Promise<{ rows: Row[]; results: ScenarioResult[] }> {
  const rows: Row[] = [];
  const results: ScenarioResult[] = [];
  for (const s of opts.scenarios) {
    const budget = { ...opts.budget, ...s.budget };
    ctx.log(`  ${opts.subject} ${s.label}: ${ctx.listSeconds} s at ${budget.connections} connections…`);
    const etag = s.revalidate ? (await request(opts.baseUrl + s.path, { headers: opts.headers })).headers.etag : undefined;
    if (s.revalidate && typeof etag !== 'string') throw new Error(`GET ${s.path} answered no ETag to revalidate with`);
    const expectStatus = s.revalidate ? 304 : 200;
    const r = await measureLoad(opts.baseUrl + s.path, {
      connections: budget.connections,
      headers: etag ? { ...opts.headers, 'if-none-match': etag } : opts.headers,
      pid: opts.pid,
      warmupSeconds: Math.min(ctx.warmupSeconds, 1),
      durationSeconds: ctx.listSeconds,
      expectStatus,
    });
    results.push({ label: s.label, ...r });
    const unexpected = expectStatus === 200 ? r.non2xx : r.totalRequests - (r.statusCodes[String(expectStatus)] ?? 0);
    const bad = unexpected + r.errors + r.timeouts;
    const note = bad ? ` [${unexpected} not ${expectStatus}, ${r.errors} errors, ${r.timeouts} timeouts]` : '';
    const share = ctx.bareRps ? `, ${((100 * r.rps) / ctx.bareRps).toFixed(1)}% of bare` : '';
    const rpsOk = !budget.minRps || r.rps >= budget.minRps.value;
    rows.push({
      bench: opts.bench,
      figure: `${opts.subject} ${s.label} (${budget.connections} conn.)`,
      budget: opts.reference ?? `p99 < ${budget.maxP99Ms} ms${budget.minRps ? `, ≥ ${int(budget.minRps.value)} req/s (${budget.minRps.why})` : ''}`,
      measured: `${int(r.rps)} req/s${share}, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}${cpuNote(r)}${note}`,
      status: opts.reference ? 'info' : budgetStatus(bad === 0 && r.p99 < budget.maxP99Ms && rpsOk),
      value: r.p99,
      unit: 'ms p99',
      limit: budget.maxP99Ms,
    });
  }
  return { rows, results };
}
