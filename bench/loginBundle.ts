/**
 * Benchmark 2: what the browser downloads to show the login screen, from the esbuild
 * metafile and index.html: the CSS, the entry script, every chunk it imports statically
 * (the modulepreloads), and the LoginScreen chunk with its own static imports; summed
 * as gzip -9. Budget (issue 2): ≤ 150 kB (1 kB = 1000 bytes).
 * Also: nothing from @statelyai/inspect may be in the production bundle.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Metafile } from 'esbuild';
import { assetRefs } from './lib/build.js';
import { budgetStatus, kB, type BenchContext, type BenchOutcome, type Row } from './lib/report.js';

const MAX_GZIP_BYTES = 150_000;
const INSPECTOR = 'node_modules/@statelyai/inspect/';
const LOGIN_SCREEN = 'src/screens/LoginScreen.tsx';

interface FileSize {
  file: string;
  role: string;
  raw: number;
  gzip: number;
}

/** Outputs loaded by static import from `start`, itself included, in load order. */
export function staticClosure(meta: Metafile, start: string): string[] {
  const seen: string[] = [];
  const visit = (o: string) => {
    if (seen.includes(o)) return;
    seen.push(o);
    for (const i of meta.outputs[o]?.imports ?? []) if (i.kind === 'import-statement') visit(i.path);
  };
  visit(start);
  return seen;
}

/** Inputs reachable from the entry points, optionally without stepping into some modules. */
function reachableInputs(meta: Metafile, skip: (input: string) => boolean): Set<string> {
  const seen = new Set<string>();
  const stack = Object.values(meta.outputs)
    .map((o) => o.entryPoint)
    .filter((e): e is string => !!e && !skip(e));
  while (stack.length) {
    const cur = stack.pop()!;
    if (seen.has(cur)) continue;
    seen.add(cur);
    for (const i of meta.inputs[cur]?.imports ?? []) {
      if (!i.external && !skip(i.path) && !seen.has(i.path)) stack.push(i.path);
    }
  }
  return seen;
}

export function inspectorReport(meta: Metafile) {
  const isInspector = (p: string) => p.includes(INSPECTOR);
  const modules = Object.keys(meta.inputs).filter(isInspector);
  const all = reachableInputs(meta, () => false);
  const withoutInspector = reachableInputs(meta, isInspector);
  const onlyThroughIt = [...all].filter((p) => !withoutInspector.has(p) && !isInspector(p));
  const bytesIn = (set: Set<string>) => {
    let total = 0;
    for (const o of Object.values(meta.outputs)) {
      for (const [input, info] of Object.entries(o.inputs)) if (set.has(input)) total += info.bytesInOutput;
    }
    return total;
  };
  return {
    modules,
    moduleBytesInOutput: bytesIn(new Set(modules)),
    pulledInOnlyByIt: onlyThroughIt,
    pulledInBytesInOutput: bytesIn(new Set(onlyThroughIt)),
  };
}

export async function benchLoginBundle(ctx: BenchContext): Promise<BenchOutcome> {
  const { metafile: meta, indexHtml, spaDir } = ctx.snapshot;
  const outputs = Object.keys(meta.outputs);
  const refs = assetRefs(indexHtml);

  const entry = outputs.find((o) => meta.outputs[o]?.entryPoint?.endsWith('src/main.tsx'));
  if (!entry) throw new Error('metafile: no output for src/main.tsx');
  // The login screen is either a chunk of its own or bundled into the entry.
  const login = outputs.find((o) => meta.outputs[o]?.entryPoint?.endsWith(LOGIN_SCREEN));
  const loginInEntry = staticClosure(meta, entry).some((o) => Object.keys(meta.outputs[o]?.inputs ?? {}).some((i) => i.endsWith(LOGIN_SCREEN)));
  if (!login && !loginInEntry) throw new Error(`metafile: ${LOGIN_SCREEN} is in no output`);

  const files = new Map<string, string>(); // basename → role
  for (const css of refs.css) files.set(path.basename(css), 'css');
  for (const s of refs.scripts) files.set(path.basename(s), 'entry');
  for (const p of refs.preloads) if (!files.has(path.basename(p))) files.set(path.basename(p), 'modulepreload');
  // Chunks the browser loads anyway even when index.html does not preload them.
  const notPreloaded: string[] = [];
  for (const o of staticClosure(meta, entry).slice(1)) {
    const base = path.basename(o);
    if (!files.has(base)) {
      files.set(base, 'static import (not preloaded)');
      notPreloaded.push(base);
    }
  }
  for (const o of login ? staticClosure(meta, login) : []) {
    const base = path.basename(o);
    if (!files.has(base)) files.set(base, o === login ? 'LoginScreen' : 'LoginScreen static import');
  }
  const loginAlreadyLoaded = !login || files.get(path.basename(login)) !== 'LoginScreen';

  const sizes: FileSize[] = [];
  for (const [base, role] of files) {
    const content = fs.readFileSync(path.join(spaDir, 'assets', base));
    sizes.push({ file: base, role, raw: content.length, gzip: zlib.gzipSync(content, { level: 9 }).length });
  }
  const total = sizes.reduce((a, s) => a + s.gzip, 0);
  const raw = sizes.reduce((a, s) => a + s.raw, 0);
  const sumBy = (pred: (s: FileSize) => boolean) => sizes.filter(pred).reduce((a, s) => a + s.gzip, 0);
  const breakdown = [
    `css ${kB(sumBy((s) => s.role === 'css'))}`,
    `entry ${kB(sumBy((s) => s.role === 'entry'))}`,
    `preloads ${kB(sumBy((s) => s.role === 'modulepreload' || s.role.startsWith('static import')))}`,
    `LoginScreen ${kB(sumBy((s) => s.role.startsWith('LoginScreen')))}`,
  ].join(', ');

  const inspector = inspectorReport(meta);
  const inspectorPresent = inspector.modules.length > 0;

  const rows: Row[] = [
    {
      bench: 'bundle',
      figure: 'login screen first load (gzip -9)',
      budget: `≤ ${kB(MAX_GZIP_BYTES)}`,
      measured: `${kB(total)} (${breakdown}; ${kB(raw)} raw)`,
      status: budgetStatus(total <= MAX_GZIP_BYTES),
      value: total,
      unit: 'bytes gzip',
      limit: MAX_GZIP_BYTES,
    },
    {
      bench: 'bundle',
      figure: 'Stately inspector absent from the bundle',
      budget: 'absent',
      measured: inspectorPresent
        ? `present: ${inspector.modules.length} @statelyai/inspect modules (${inspector.moduleBytesInOutput} B in output) + ${inspector.pulledInOnlyByIt.length} modules only it imports (${inspector.pulledInBytesInOutput} B)`
        : 'absent',
      status: budgetStatus(!inspectorPresent),
      value: inspector.modules.length,
      unit: 'modules',
      limit: 0,
    },
  ];
  return {
    rows,
    details: { files: sizes, totalGzip: total, totalRaw: raw, notPreloaded, loginAlreadyLoaded, inspector },
  };
}
