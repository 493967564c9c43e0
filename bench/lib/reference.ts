/**
 * The server of an earlier commit, for a figure measured beside the one of this tree (bench
 * 16's save before revisions, bench 18's import before the batched create): a worktree of the
 * commit in the bench cache, built once, sharing this tree's node_modules.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './paths.js';
import type { BenchContext } from './report.js';

/** The server bundle built from `commit`. */
export function referenceBundle(ctx: BenchContext, commit: string, why: string): string {
  const dir = path.join(process.env.BENCH_CACHE_DIR || path.join(os.tmpdir(), 'bo-bench-cache'), `ref-${commit}`);
  const bundle = path.join(dir, 'dist/server/main.js');
  if (fs.existsSync(bundle)) return bundle;
  ctx.log(`  building ${commit} (${why}) for reference…`);
  fs.rmSync(dir, { recursive: true, force: true });
  execFileSync('git', ['worktree', 'prune'], { cwd: ROOT });
  execFileSync('git', ['worktree', 'add', '--detach', dir, commit], { cwd: ROOT, stdio: 'ignore' });
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'esbuild.config.ts'], { cwd: dir, stdio: 'ignore' });
  return bundle;
}
