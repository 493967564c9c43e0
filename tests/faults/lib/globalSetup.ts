/**
 * Builds the production bundle once for the fault tests, into a folder of its own
 * (`dist-faults-<pid>`, removed afterwards), so the servers they kill run exactly what
 * ships and a parallel build of dist/ cannot swap it mid-run.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ROOT } from '../../../bench/lib/paths.js';

declare module 'vitest' {
  export interface ProvidedContext {
    serverBundle: string;
  }
}

export default function setup(project: TestProject) {
  const dist = `dist-faults-${process.pid}`;
  const r = spawnSync('npx', ['tsx', 'esbuild.config.ts'], { cwd: ROOT, env: { ...process.env, DIST_DIR: dist }, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`the build for the fault tests failed (exit ${r.status})`);
  project.provide('serverBundle', path.join(dist, 'server', 'main.js'));
  return () => fs.rmSync(path.join(ROOT, dist), { recursive: true, force: true });
}
