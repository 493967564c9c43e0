/**
 * Benchmark: the JavaScript that opening a product form downloads beyond the shell (the
 * entry and its static imports), from the esbuild metafile: the entity declarations, the
 * generic form screen, and the widget chunk of every field type the product declares,
 * each with its static imports, gzip -9. The rich-text widget (and the map widget, which
 * products do not use) are left out: they load their editors only for such fields.
 * Budget (issue 5): ≤ 60 kB.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Field } from '../entities/fields.js';
import { product } from '../entities/product.js';
import { staticClosure } from './loginBundle.js';
import { ROOT } from './lib/paths.js';
import { budgetStatus, kB, type BenchContext, type BenchOutcome } from './lib/report.js';

const MAX_GZIP_BYTES = 60_000;
const LEFT_OUT = new Set(['richtext', 'map']);

/** Field type → widget module (src/fields/<X>.tsx), read from the SPA's widget registry. */
function widgetModules(): Map<string, string> {
  const source = fs.readFileSync(path.join(ROOT, 'src/fields/registry.ts'), 'utf8');
  return new Map([...source.matchAll(/^\s*(\w+): \(\) => import\('\.\/(\w+)'\)/gm)].map(([, type = '', module = '']) => [type, `src/fields/${module}.tsx`]));
}

function fieldTypes(fields: Record<string, Field>, out = new Set<string>()): Set<string> {
  for (const f of Object.values(fields)) {
    out.add(f.type);
    if (f.type === 'repeater') fieldTypes(f.fields as Record<string, Field>, out);
  }
  return out;
}

export async function benchFormBundle(ctx: BenchContext): Promise<BenchOutcome> {
  const { metafile: meta, spaDir } = ctx.snapshot;
  const outputs = Object.keys(meta.outputs);
  // A lazy entry the build wraps (esbuild.shellChunk.ts) is named with its plugin namespace.
  const outputOf = (input: string) => {
    const o = outputs.find((k) => meta.outputs[k]?.entryPoint?.replace(/^[\w-]+:/, '') === input);
    if (!o) throw new Error(`metafile: no chunk for ${input}`);
    return o;
  };
  const entry = outputOf('src/main.tsx');
  const shell = new Set(staticClosure(meta, entry));
  const types = [...fieldTypes(product.fields as Record<string, Field>)].filter((t) => !LEFT_OUT.has(t)).sort();
  const widgets = widgetModules();
  const starts = ['entities/index.ts', 'src/entity/EntityFormScreen.tsx', ...new Set(types.map((t) => widgets.get(t)!))];
  const files = new Map<string, string>();
  for (const start of starts) {
    for (const o of staticClosure(meta, outputOf(start))) if (!shell.has(o) && !files.has(o)) files.set(o, start);
  }
  let total = 0;
  const sizes = [...files].map(([o, from]) => {
    const gzip = zlib.gzipSync(fs.readFileSync(path.join(spaDir, 'assets', path.basename(o))), { level: 9 }).length;
    total += gzip;
    return { file: path.basename(o), from, gzip };
  });
  return {
    rows: [
      {
        bench: 'formBundle',
        figure: `product form JS beyond the shell (gzip -9, ${files.size} chunks, no rich text/map)`,
        budget: `≤ ${kB(MAX_GZIP_BYTES)}`,
        measured: kB(total),
        status: budgetStatus(total <= MAX_GZIP_BYTES),
        value: total,
        unit: 'bytes gzip',
        limit: MAX_GZIP_BYTES,
      },
    ],
    details: { fieldTypes: types, files: sizes, totalGzip: total },
  };
}
