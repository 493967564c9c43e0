/** Several GET URLs of one server under the same load, each checked against a latency (and maybe throughput) budget. */
import { measureLoad, type LoadResult } from './load.js';
import { budgetStatus, int, ms, type BenchContext, type Row } from './report.js';

export interface Scenario {
  label: string;
  /** Path and query, e.g. /api/products/?page=1000 */
  path: string;
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
  const { budget } = opts;
  const rows: Row[] = [];
  const results: ScenarioResult[] = [];
  for (const s of opts.scenarios) {
    ctx.log(`  ${opts.subject} ${s.label}: ${ctx.listSeconds} s at ${budget.connections} connections…`);
    const r = await measureLoad(opts.baseUrl + s.path, {
      connections: budget.connections,
      headers: opts.headers,
      pid: opts.pid,
      warmupSeconds: Math.min(ctx.warmupSeconds, 1),
      durationSeconds: ctx.listSeconds,
    });
    results.push({ label: s.label, ...r });
    const bad = r.non2xx + r.errors + r.timeouts;
    const note = bad ? ` [${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts]` : '';
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
