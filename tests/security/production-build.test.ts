/**
 * Issue 13 point 11: the field playground (/dev/fields) is a tool for the e2e suite and for
 * trying widgets out, not part of the product: a production build has neither its route
 * nor its chunk. The build with `--with-playground` (the e2e suite's) shows the check would
 * see it.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'build-'));
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

/** The SPA of a build into its own folder: the names of its chunks and whether any mentions the playground. */
function build(...flags: string[]) {
  const dist = path.join(out, flags.join('') || 'production');
  execFileSync('npx', ['tsx', 'esbuild.config.ts', ...flags], { cwd: root, env: { ...process.env, DIST_DIR: dist }, stdio: 'pipe' });
  const assets = path.join(dist, 'spa', 'assets');
  const files = fs.readdirSync(assets);
  const mentioning = files.filter((f) => f.endsWith('.js') && /dev\/fields|field_playground/.test(fs.readFileSync(path.join(assets, f), 'utf8')));
  const inputs = Object.keys((JSON.parse(fs.readFileSync(path.join(dist, 'spa-meta.json'), 'utf8')) as { inputs: object }).inputs);
  return { files, mentioning, inputs };
}

it('leaves the field playground out of a production build, route and chunk', () => {
  const production = build();
  expect(production.files.filter((f) => /playground/i.test(f))).toEqual([]);
  expect(production.mentioning).toEqual([]);
  expect(production.inputs.filter((i) => i.includes('FieldPlayground'))).toEqual([]);

  const e2e = build('--with-playground');
  expect(e2e.files.some((f) => f.startsWith('FieldPlayground-'))).toBe(true);
  expect(e2e.mentioning.length).toBeGreaterThan(0);
});
