/**
 * Builds the SPA (dist/spa) and the server bundle (dist/server).
 *   tsx esbuild.config.ts           production build
 *   tsx esbuild.config.ts --dev     development build (inspector on, no minify)
 *   tsx esbuild.config.ts --watch   development build, rebuilt on change, server restarted
 *   tsx esbuild.config.ts --with-playground   production build with the field playground (/dev/fields), for the e2e suite
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { compile, optimize } from '@tailwindcss/node';
import { Scanner } from '@tailwindcss/oxide';
import * as esbuild from 'esbuild';
import { shellChunk } from './esbuild.shellChunk';

const root = path.dirname(new URL(import.meta.url).pathname);
const watch = process.argv.includes('--watch');
const dev = watch || process.argv.includes('--dev');
const playground = process.argv.includes('--with-playground');
// DIST_DIR lets parallel builds (e.g. two e2e runs) keep out of each other's way.
const distDir = path.resolve(root, process.env.DIST_DIR ?? 'dist');
const spaOut = path.join(distDir, 'spa');
const assetsOut = path.join(spaOut, 'assets');

async function buildCss(): Promise<string> {
  const entry = path.join(root, 'src/styles/app.css');
  const compiler = await compile(fs.readFileSync(entry, 'utf8'), { base: path.dirname(entry), onDependency: () => {} });
  const scanner = new Scanner({ sources: compiler.sources });
  const css = compiler.build(scanner.scan());
  return optimize(css, { minify: !dev }).code;
}

function hashName(name: string, content: string) {
  const hash = createHash('sha256').update(content).digest('hex').slice(0, 12);
  return name.replace(/\.(\w+)$/, `-${hash}.$1`);
}

// maplibre-gl 6 (STACK-NOTES): the map's worker is loaded by URL (setWorkerUrl) and its CSS is linked when a
// map first opens, so both are copied next to the chunks under hashed names the SPA gets through `define`.
const maplibreDist = path.join(root, 'node_modules/maplibre-gl/dist');
const maplibreAsset = (file: string) => ({
  from: path.join(maplibreDist, file),
  name: hashName(file, fs.readFileSync(path.join(maplibreDist, file), 'utf8')),
});
const maplibreWorker = maplibreAsset('maplibre-gl-worker.mjs');
const maplibreCss = maplibreAsset('maplibre-gl.css');
const maplibreAssets = [maplibreWorker, maplibreCss];

const spaOptions: esbuild.BuildOptions = {
  entryPoints: { app: path.join(root, 'src/main.tsx') },
  bundle: true,
  splitting: true,
  format: 'esm',
  target: ['es2022', 'chrome111', 'firefox114', 'safari16.4'],
  outdir: assetsOut,
  entryNames: '[name]-[hash]',
  chunkNames: '[name]-[hash]',
  assetNames: '[name]-[hash]',
  publicPath: '/backoffice/assets/',
  minify: !dev,
  sourcemap: dev ? 'linked' : false,
  metafile: true,
  jsx: 'automatic',
  loader: { '.json': 'json' },
  define: {
    'process.env.NODE_ENV': JSON.stringify(dev ? 'development' : 'production'),
    'process.env.FIELD_PLAYGROUND': JSON.stringify(playground ? '1' : ''),
    __DEV__: JSON.stringify(dev),
    __MAPLIBRE_WORKER_URL__: JSON.stringify(`/backoffice/assets/${maplibreWorker.name}`),
    __MAPLIBRE_CSS_URL__: JSON.stringify(`/backoffice/assets/${maplibreCss.name}`),
    // A tile server's style.json for the map fields; unset: a tile-free style (offline, tests).
    __MAP_STYLE_URL__: JSON.stringify(process.env.MAP_STYLE_URL ?? ''),
  },
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [shellChunk(path.join(root, 'src/app/shell.ts'), root)],
};

/** index.html with the entry script, its shared chunks preloaded (esbuild does not), and the CSS. */
function writeIndex(metafile: esbuild.Metafile, cssFile: string) {
  const outputs = metafile.outputs;
  const [entry, output] = Object.entries(outputs).find(([, o]) => o.entryPoint?.endsWith('src/main.tsx')) ?? [];
  if (!entry || !output) throw new Error('entry output not found');
  const url = (o: string) => `/backoffice/assets/${path.basename(o)}`;
  const preloads = output.imports.filter((i) => i.kind === 'import-statement').map((i) => i.path);
  const tags = [
    `<link rel="stylesheet" href="/backoffice/assets/${cssFile}" />`,
    ...preloads.map((p) => `<link rel="modulepreload" href="${url(p)}" />`),
    `<script type="module" src="${url(entry)}"></script>`,
  ];
  const template = fs.readFileSync(path.join(root, 'public/index.html'), 'utf8');
  fs.writeFileSync(path.join(spaOut, 'index.html'), template.replace('<!--assets-->', tags.join('\n    ')));
}

function copyPublic() {
  for (const f of fs.readdirSync(path.join(root, 'public'))) {
    if (f !== 'index.html') fs.copyFileSync(path.join(root, 'public', f), path.join(spaOut, f));
  }
  for (const a of maplibreAssets) fs.copyFileSync(a.from, path.join(assetsOut, a.name));
}

async function writeCss() {
  const css = await buildCss();
  const name = hashName('app.css', css);
  fs.writeFileSync(path.join(assetsOut, name), css);
  return name;
}

const serverOptions: esbuild.BuildOptions = {
  // The image workers, the SQLite readers and its checkpointer run as child processes of their
  // own (server/services/media/imagePool.ts, server/db/readPool.ts, server/db/walCheckpoints.ts).
  entryPoints: {
    main: path.join(root, 'server/main.ts'),
    imageWorker: path.join(root, 'server/services/media/imageWorker.ts'),
    readWorker: path.join(root, 'server/db/readWorker.ts'),
    checkpointWorker: path.join(root, 'server/db/checkpointWorker.ts'),
  },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Pure-JS dependencies are bundled (one file loads far faster than hundreds); native
  // addons and packages that locate files at run time stay external.
  // exceljs and the AWS SDK are imported where first used (import/sheet.ts, export/files.ts,
  // storage/s3.ts): left out of the bundle, they cost a start nothing.
  external: ['better-sqlite3', '@node-rs/argon2', 'sharp', 'pg-native', 'esbuild', '@tailwindcss/*', 'lightningcss', 'fsevents', 'exceljs', '@aws-sdk/*'],
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  outdir: path.join(distDir, 'server'),
  // The reference website (server/site/) renders React on the server: in a production build
  // React's production renderer (it picks its build by NODE_ENV, which `npm start` does not set).
  jsx: 'automatic',
  define: {
    ...(dev ? {} : { 'process.env.NODE_ENV': JSON.stringify('production') }),
    // The clock control of server/dev/clock.ts: in the e2e build only.
    'process.env.DEV_CLOCK': JSON.stringify(playground ? '1' : ''),
  },
  // Identifiers are kept, so functions and classes keep their names (error types in the logs)
  // without esbuild's keepNames, which renames every function expression at run time: each
  // closure a request made paid an Object.defineProperty, and a cached delivery answer
  // served 11,500 → 16,000 req/s without it (docs/decisions.md §47).
  minifyWhitespace: !dev,
  minifySyntax: !dev,
  // A crash without --enable-source-maps prints the line that threw: a 100 KB line made its
  // message arrive after the process had exited (tests/faults/database-outage.test.ts).
  lineLimit: 200,
  sourcemap: 'linked',
  logLevel: 'warning',
};

fs.rmSync(spaOut, { recursive: true, force: true });
fs.mkdirSync(assetsOut, { recursive: true });
copyPublic();

if (!watch) {
  const started = Date.now();
  const [spa] = await Promise.all([esbuild.build(spaOptions), esbuild.build(serverOptions)]);
  writeIndex(spa.metafile!, await writeCss());
  fs.writeFileSync(path.join(distDir, 'spa-meta.json'), JSON.stringify(spa.metafile));
  console.log(`built ${path.relative(root, distDir)}/spa and ${path.relative(root, distDir)}/server in ${Date.now() - started} ms`);
} else {
  let server: ChildProcess | undefined;
  const restart = () => {
    server?.kill('SIGTERM');
    server = spawn(process.execPath, ['--enable-source-maps', path.join(distDir, 'server/main.js')], {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'development' },
    });
  };
  const onEnd = (name: string, after: (r: esbuild.BuildResult) => Promise<void> | void): esbuild.Plugin => ({
    name,
    setup(b) {
      b.onEnd(async (r) => {
        if (r.errors.length === 0) await after(r);
      });
    },
  });
  const spaCtx = await esbuild.context({
    ...spaOptions,
    plugins: [
      ...spaOptions.plugins!,
      onEnd('index', async (r) => {
        for (const f of fs.readdirSync(assetsOut)) if (f.endsWith('.css') && !f.startsWith('maplibre-gl')) fs.rmSync(path.join(assetsOut, f));
        writeIndex(r.metafile!, await writeCss());
        console.log('spa rebuilt');
      }),
    ],
  });
  const serverCtx = await esbuild.context({ ...serverOptions, plugins: [onEnd('restart', restart)] });
  await Promise.all([spaCtx.watch(), serverCtx.watch()]);
  console.log('watching src/, machines/, server/ …');
}
