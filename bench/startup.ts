/**
 * Benchmark 4: start to listening on an already migrated and seeded SQLite database.
 * The server is started once (migrations + demo data) and stopped; then RUNS restarts are
 * timed from spawn until GET /api/health answers 200 (polled every 5 ms). The time the
 * process prints its "listening" line is kept too. Budget (issue 2): median < 1 s.
 */
import { startApp } from './lib/app.js';
import { tempDir } from './lib/lifecycle.js';
import { budgetStatus, median, ms, type BenchContext, type BenchOutcome } from './lib/report.js';

const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 5);
const MAX_MS = 1000;

export async function benchStartup(ctx: BenchContext): Promise<BenchOutcome> {
  const dataDir = tempDir('startup');
  const first = await startApp({ name: 'server (first start)', dataDir, spaDir: ctx.snapshot.spaDir });
  const firstMs = first.readyMs;
  await first.stop();
  ctx.log(`  first start (migrate + seed) ready in ${Math.round(firstMs)} ms; ${RUNS} restarts…`);

  const runs: Array<{ readyMs: number; listeningLogMs?: number }> = [];
  for (let i = 0; i < RUNS; i++) {
    const s = await startApp({ name: `server (restart ${i + 1})`, dataDir, spaDir: ctx.snapshot.spaDir, pollMs: 5 });
    const run = { readyMs: s.readyMs, listeningLogMs: s.listeningLogMs };
    await s.stop();
    if (!/listening on/i.test(s.output())) throw new Error(`restart ${i + 1} did not print its listening line:\n${s.output()}`);
    if (/Created demo data/.test(s.output())) throw new Error(`restart ${i + 1} seeded again: the database was not reused`);
    runs.push(run);
  }
  const ready = runs.map((r) => r.readyMs);
  const logged = runs.map((r) => r.listeningLogMs).filter((v): v is number => v !== undefined);
  const med = median(ready);
  return {
    rows: [
      {
        bench: 'startup',
        figure: `start → /api/health 200, migrated DB (${RUNS} restarts)`,
        budget: `median < ${ms(MAX_MS)}`,
        measured: `median ${ms(med)}, worst ${ms(Math.max(...ready))}${logged.length ? ` ("listening" printed at median ${ms(median(logged))})` : ''}`,
        status: budgetStatus(med < MAX_MS),
        value: med,
        unit: 'ms',
        limit: MAX_MS,
      },
      {
        bench: 'startup',
        figure: 'first start on an empty DB (migrate + seed)',
        budget: 'reference',
        measured: ms(firstMs),
        status: 'info',
        value: firstMs,
        unit: 'ms',
      },
    ],
    details: { firstStartMs: firstMs, runs, medianMs: med },
  };
}
