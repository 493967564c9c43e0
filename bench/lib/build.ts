/**
 * Makes sure dist/ holds a complete, current production build, then snapshots the SPA
 * into the run's temp folder so another engineer rebuilding dist/ mid-run cannot pull
 * the files out from under the benchmarks. (The server bundle is run in place: it
 * resolves its packages from the repository's node_modules.)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Metafile } from 'esbuild';
import { isStopping, tempDir, trackChild } from './lifecycle.js';
import { DIST, ROOT, SERVER_BUNDLE } from './paths.js';

const SOURCE_DIRS = ['src', 'machines', 'entities', 'server', 'locales', 'public'];
const SOURCE_FILES = ['esbuild.config.ts', 'tailwind.config.ts', 'package.json', 'package-lock.json', 'tsconfig.json'];
const OUTPUTS = [SERVER_BUNDLE, 'dist/spa/index.html', 'dist/spa-meta.json'];

export interface Snapshot {
  /** Copy of dist/spa, for SPA_DIR. */
  spaDir: string;
  indexHtml: string;
  metafile: Metafile;
  /** Why a build ran, or undefined when dist/ was used as found. */
  rebuilt?: string;
  buildMs?: number;
}

function newestMtime(p: string): number {
  let st: fs.Stats;
  try {
    st = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const e of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, e)));
  return newest;
}

/** Asset URLs (/backoffice/assets/…) that index.html references. */
export function assetRefs(indexHtml: string): { css: string[]; preloads: string[]; scripts: string[] } {
  const attr = (tag: RegExp) => [...indexHtml.matchAll(tag)].map(([, value = '']) => value);
  return {
    css: attr(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g),
    preloads: attr(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
    scripts: attr(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
  };
}

/** What is wrong with a built SPA folder, or undefined when it is complete and consistent. */
function problemWith(spaDir: string, metaFile: string): string | undefined {
  const indexFile = path.join(spaDir, 'index.html');
  if (!fs.existsSync(path.join(ROOT, SERVER_BUNDLE))) return `${SERVER_BUNDLE} missing`;
  if (!fs.existsSync(indexFile)) return 'dist/spa/index.html missing';
  if (!fs.existsSync(metaFile)) return 'dist/spa-meta.json missing';
  let meta: Metafile;
  try {
    meta = JSON.parse(fs.readFileSync(metaFile, 'utf8')) as Metafile;
  } catch {
    return 'dist/spa-meta.json unreadable';
  }
  const outputs = Object.entries(meta.outputs ?? {});
  if (outputs.length === 0) return 'metafile lists no outputs';
  if (outputs.some(([o]) => o.endsWith('.map'))) return 'dist/ holds a development build (source maps)';
  for (const [o, info] of outputs) {
    const file = path.join(spaDir, 'assets', path.basename(o));
    if (!fs.existsSync(file)) return `${o} listed in the metafile but missing`;
    if (fs.statSync(file).size !== info.bytes) return `${o} size differs from the metafile`;
  }
  const html = fs.readFileSync(indexFile, 'utf8');
  const refs = assetRefs(html);
  if (refs.css.length === 0 || refs.scripts.length === 0) return 'index.html has no stylesheet or module script';
  for (const ref of [...refs.css, ...refs.preloads, ...refs.scripts]) {
    if (!fs.existsSync(path.join(spaDir, 'assets', path.basename(ref)))) return `index.html references missing ${ref}`;
  }
  const entryOut = outputs.find(([, i]) => i.entryPoint?.endsWith('src/main.tsx'))?.[0];
  if (!entryOut || !refs.scripts.some((s) => path.basename(s) === path.basename(entryOut))) {
    return 'index.html does not load the entry the metafile names';
  }
  return undefined;
}

function staleness(): string | undefined {
  const missing = OUTPUTS.find((o) => !fs.existsSync(path.join(ROOT, o)));
  if (missing) return `${missing} missing`;
  const oldestOutput = Math.min(...OUTPUTS.map((o) => fs.statSync(path.join(ROOT, o)).mtimeMs));
  const newestSource = Math.max(...SOURCE_DIRS.map((d) => newestMtime(path.join(ROOT, d))), ...SOURCE_FILES.map((f) => newestMtime(path.join(ROOT, f))));
  if (newestSource > oldestOutput) return 'sources newer than dist/';
  return problemWith(path.join(DIST, 'spa'), path.join(DIST, 'spa-meta.json'));
}

async function build(): Promise<number> {
  if (isStopping()) throw new Error('stopping: not building');
  const started = performance.now();
  const child = spawn('npx', ['tsx', 'esbuild.config.ts'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  trackChild(child);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (c) => resolve(c));
  });
  if (code !== 0) throw new Error(`npx tsx esbuild.config.ts exited with ${code}`);
  return performance.now() - started;
}

export async function ensureBuild(log: (s: string) => void): Promise<Snapshot> {
  let rebuilt: string | undefined;
  let buildMs: number | undefined;
  for (let attempt = 1; attempt <= 3; attempt++) {
    const why = staleness();
    if (why) {
      rebuilt = why;
      log(`building (${why})…`);
      buildMs = await build();
      const still = problemWith(path.join(DIST, 'spa'), path.join(DIST, 'spa-meta.json'));
      if (still) {
        log(`build output inconsistent (${still}); retrying`);
        continue;
      }
    }
    const snapDir = tempDir('dist');
    const spaDir = path.join(snapDir, 'spa');
    const metaFile = path.join(snapDir, 'spa-meta.json');
    fs.copyFileSync(path.join(DIST, 'spa-meta.json'), metaFile);
    fs.cpSync(path.join(DIST, 'spa'), spaDir, { recursive: true });
    const copied = problemWith(spaDir, metaFile);
    if (copied) {
      // dist/ changed while it was being copied (someone else is building): try again.
      log(`dist/ changed during the snapshot (${copied}); retrying`);
      fs.rmSync(snapDir, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 1500));
      continue;
    }
    const metafile = JSON.parse(fs.readFileSync(metaFile, 'utf8')) as Metafile;
    return { spaDir, indexHtml: fs.readFileSync(path.join(spaDir, 'index.html'), 'utf8'), metafile, rebuilt, buildMs };
  }
  throw new Error('could not get a consistent production build in dist/ after 3 attempts');
}
