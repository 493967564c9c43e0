/**
 * Issue 13 point 11: the field playground (/dev/fields) is a tool for the e2e suite and for
 * trying widgets out, not part of the product: a production build has neither its route
 * nor its chunk. Likewise the scheduler's clock control (`POST /api/dev/clock/`, decisions
 * §30): the server bundle of a production build has neither the route nor the DEV_CLOCK
 * branch that registers it. The build with `--with-playground` (the e2e suite's) shows the
 * checks would see them.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'build-'));
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

/**
 * A build into its own folder, made once per flags: the names of its SPA chunks, which of them
 * mention the playground, the SPA's inputs, and the server bundle's code.
 */
const builds = new Map<string, ReturnType<typeof build>>();
const built = (...flags: string[]) => builds.get(flags.join('')) ?? builds.set(flags.join(''), build(...flags)).get(flags.join(''))!;

function build(...flags: string[]) {
  const dist = path.join(out, flags.join('') || 'production');
  execFileSync('npx', ['tsx', 'esbuild.config.ts', ...flags], { cwd: root, env: { ...process.env, DIST_DIR: dist }, stdio: 'pipe' });
  const assets = path.join(dist, 'spa', 'assets');
  const files = fs.readdirSync(assets);
  const mentioning = files.filter((f) => f.endsWith('.js') && /dev\/fields|field_playground/.test(fs.readFileSync(path.join(assets, f), 'utf8')));
  const inputs = Object.keys((JSON.parse(fs.readFileSync(path.join(dist, 'spa-meta.json'), 'utf8')) as { inputs: object }).inputs);
  const serverDir = path.join(dist, 'server');
  const server = fs
    .readdirSync(serverDir)
    .filter((f) => f.endsWith('.js'))
    .map((f) => fs.readFileSync(path.join(serverDir, f), 'utf8'))
    .join('\n');
  return { files, mentioning, inputs, server };
}

it('leaves the field playground out of a production build, route and chunk', () => {
  const production = built();
  expect(production.files.filter((f) => /playground/i.test(f))).toEqual([]);
  expect(production.mentioning).toEqual([]);
  expect(production.inputs.filter((i) => i.includes('FieldPlayground'))).toEqual([]);

  const e2e = built('--with-playground');
  expect(e2e.files.some((f) => f.startsWith('FieldPlayground-'))).toBe(true);
  expect(e2e.mentioning.length).toBeGreaterThan(0);
});

it('leaves the clock control out of a production server bundle, route and branch', () => {
  const production = built().server;
  expect(production).not.toContain('/api/dev/clock');
  expect(production).not.toContain('advance_ms');
  expect(production).not.toContain('DEV_CLOCK');

  const e2e = built('--with-playground').server;
  expect(e2e).toContain('/api/dev/clock/');
  expect(e2e).toContain('advance_ms');
});
