import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, PluginBuild } from 'esbuild';

const NAMESPACE = 'lazy-with-shell';
/** V8's explicit compile hint (Chrome 136+): compile every function of the file while it streams in. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * The code the first screen runs, as one eagerly compiled chunk.
 *
 * esbuild splits the code the entry loads into one chunk per set of entry points that
 * share it (sixteen files for the login page alone), and a browser fetches them six at a
 * time. Each dynamically imported project module is wrapped here in a module that also
 * uses every export of `shell`: the shell's code is then shared by the entry and every
 * lazy chunk alike and lands in a single chunk. The shell is loaded before any lazy
 * chunk, so the wrappers cost nothing at run time.
 *
 * That chunk is almost all run before the first screen shows, so it starts with V8's
 * compile hint: its functions are compiled off the main thread as it downloads instead
 * of one by one on the main thread when first called. Not in builds with source maps
 * (development), whose maps the extra first line would shift.
 */
export function shellChunk(shell: string, projectRoot: string): Plugin {
  return {
    name: 'shell-chunk',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        // pluginData marks the plugin's own resolve call below.
        if (args.kind !== 'dynamic-import' || args.namespace === NAMESPACE || args.pluginData === NAMESPACE) return undefined;
        const target = await build.resolve(args.path, { kind: 'dynamic-import', importer: args.importer, resolveDir: args.resolveDir, pluginData: NAMESPACE });
        const inProject = target.path.startsWith(projectRoot + path.sep) && !target.path.includes(`${path.sep}node_modules${path.sep}`);
        if (target.errors.length || target.external || !inProject) return undefined;
        // Relative, so the metafile names the lazy entry `lazy-with-shell:src/…`, as it names files.
        return { path: path.relative(projectRoot, target.path), namespace: NAMESPACE };
      });
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, async (args) => {
        const file = path.join(projectRoot, args.path);
        const target = JSON.stringify(file);
        // The namespace import keeps every export of the shell in use by this lazy entry.
        const lines = [`import * as shell from ${JSON.stringify(shell)};`, 'export { shell as __shell };', `export * from ${target};`];
        // `export *` leaves out the default export, and naming one that is missing fails the build.
        if ((await exportsOf(build.esbuild, file)).includes('default')) lines.push(`export { default } from ${target};`);
        return { contents: lines.join('\n'), loader: 'js', resolveDir: path.dirname(file) };
      });
      build.onEnd((result) => {
        const outputs = result.metafile?.outputs;
        if (!outputs || result.errors.length || build.initialOptions.sourcemap) return;
        const cwd = build.initialOptions.absWorkingDir ?? process.cwd();
        const shellInput = path.relative(cwd, shell);
        const [chunk, output] = Object.entries(outputs).find(([o, out]) => o.endsWith('.js') && shellInput in out.inputs) ?? [];
        if (!chunk || !output) throw new Error(`shell-chunk: no output holds ${shellInput}`);
        const file = path.resolve(cwd, chunk);
        const code = fs.readFileSync(file, 'utf8');
        // The metafile describes esbuild's output, without the hint: it counts it in.
        if (!code.startsWith(COMPILE_HINT)) fs.writeFileSync(file, COMPILE_HINT + code);
        output.bytes += Buffer.byteLength(COMPILE_HINT);
      });
    },
  };
}

/** The names a module exports, as esbuild reads them from that one file. */
async function exportsOf(esbuild: PluginBuild['esbuild'], file: string): Promise<string[]> {
  const { metafile } = await esbuild.build({ entryPoints: [file], write: false, metafile: true, format: 'esm', outdir: '/', logLevel: 'silent' });
  return Object.values(metafile.outputs).flatMap((o) => o.exports);
}
