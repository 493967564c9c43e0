import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { shellChunk } from '../../esbuild.shellChunk';
import { exactly } from '../tuples';

// A shell of two modules, each also used by a different lazy module: esbuild alone puts
// them in two chunks (one per set of entry points sharing them).
const FILES: Record<string, string> = {
  'a.ts': 'export const a = () => "a";',
  'b.ts': 'export const b = () => "b";',
  'shell.ts': "export { a } from './a';\nexport { b } from './b';",
  'main.ts': "import { a, b } from './shell';\nexport const first = a() + b();\nexport const lazy = () => Promise.all([import('./lazyA'), import('./lazyB')]);",
  'lazyA.ts': "import { a } from './a';\nexport default function lazyA() { return a() + '!'; }",
  'lazyB.ts': "import { b } from './b';\nexport const lazyB = () => b() + '?';",
};

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

async function build(withPlugin: boolean) {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'shell-chunk-')));
  dirs.push(root);
  for (const [name, code] of Object.entries(FILES)) fs.writeFileSync(path.join(root, name), code);
  const outdir = path.join(root, 'out');
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: { main: path.join(root, 'main.ts') },
    bundle: true,
    splitting: true,
    format: 'esm',
    outdir,
    metafile: true,
    logLevel: 'silent',
    plugins: withPlugin ? [shellChunk(path.join(root, 'shell.ts'), root)] : [],
  });
  const meta = result.metafile!;
  const [entry, output] = Object.entries(meta.outputs).find(([, o]) => o.entryPoint?.endsWith('main.ts'))!;
  const firstLoad = output.imports.filter((i) => i.kind === 'import-statement').map((i) => i.path);
  return { root, meta, entry, firstLoad };
}

const holding = (meta: esbuild.Metafile, input: string) =>
  Object.entries(meta.outputs).flatMap(([o, out]) => (o.endsWith('.js') && input in out.inputs ? [o] : []));

describe('shell chunk build plugin (issue 2 budget)', () => {
  it('without it, esbuild splits the shell by which lazy modules share each part', async () => {
    const { meta } = await build(false);
    expect(holding(meta, 'a.ts')).not.toEqual(holding(meta, 'b.ts'));
  });

  it('puts the whole shell in one chunk, the only one the entry imports, starting with the V8 compile hint', async () => {
    const { root, meta, firstLoad } = await build(true);
    const [chunk] = exactly(holding(meta, 'shell.ts'), 1);
    expect(holding(meta, 'a.ts')).toEqual([chunk]);
    expect(holding(meta, 'b.ts')).toEqual([chunk]);
    expect(firstLoad.filter((o) => o.endsWith('.js') && Object.keys(meta.outputs[o]?.inputs ?? {}).length > 0)).toEqual([chunk]);
    const code = fs.readFileSync(path.join(root, chunk), 'utf8');
    expect(code.startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
    // The metafile still matches the files (the benchmarks check sizes against it).
    expect(Buffer.byteLength(code)).toBe(meta.outputs[chunk]?.bytes);
  });

  it('keeps the lazy modules’ default and named exports', async () => {
    const { root, entry } = await build(true);
    const main = await import(pathToFileURL(path.join(root, entry)).href);
    expect(main.first).toBe('ab');
    const [lazyA, lazyB] = await main.lazy();
    expect(lazyA.default()).toBe('a!');
    expect(lazyB.lazyB()).toBe('b?');
  });
});
