/** A benchmark measured on SQLite, then on PostgreSQL when an admin URL is set (pg.ts), with its fixture build times. */
import { pgAdminUrl } from './pg.js';
import { ms, type BenchOutcome, type Row } from './report.js';

export interface DialectRun {
  rows: Row[];
  details: { dialect: string; fixtureBuilt: boolean; fixtureBuildMs?: number };
}

export async function onBothDialects(
  bench: string,
  skipped: { figure: string; budget: string },
  run: (adminUrl?: string) => Promise<DialectRun>,
): Promise<BenchOutcome> {
  const sqlite = await run();
  const rows: Row[] = [...sqlite.rows];
  const details: Record<string, DialectRun['details']> = { sqlite: sqlite.details };
  const adminUrl = pgAdminUrl();
  if (adminUrl) {
    const postgres = await run(adminUrl);
    rows.push(...postgres.rows);
    details.postgres = postgres.details;
  } else {
    rows.push({ bench, ...skipped, measured: 'not run: set BENCH_DATABASE_URL or TEST_DATABASE_URL', status: 'skipped' });
  }
  for (const d of Object.values(details)) {
    if (d.fixtureBuilt)
      rows.push({ bench, figure: `${bench} fixture built [${d.dialect}]`, budget: 'reference', measured: ms(d.fixtureBuildMs ?? 0), status: 'info' });
  }
  return { rows, details };
}
