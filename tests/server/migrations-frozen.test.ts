/**
 * Migrations are frozen once landed (fixtures/migrations/landed.txt lists them with a
 * checksum): a landed file never changes, a new one takes a number above the highest
 * landed, and every file is in the static map under its own name. And the database layer
 * stands below the entity engine: nothing under server/db imports it.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { migrationsFor } from '../../server/db/migrations/index.js';
import { migrationHooks } from '../../server/entities/maintenance.js';

const ROOT = path.join(import.meta.dirname, '..', '..');
const MIGRATIONS = path.join(ROOT, 'server', 'db', 'migrations');
const numbered = fs.readdirSync(MIGRATIONS).filter((f) => /^\d{4}_\w+\.ts$/.test(f));
const landed = fs
  .readFileSync(path.join(import.meta.dirname, 'fixtures', 'migrations', 'landed.txt'), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => {
    const [sha = '', file = ''] = l.split(/\s+/);
    return { sha, file };
  });
const numberOf = (file: string) => Number(file.slice(0, 4));
const sha256 = (file: string) =>
  createHash('sha256')
    .update(fs.readFileSync(path.join(MIGRATIONS, file)))
    .digest('hex');

it('leaves every landed migration as it landed', () => {
  for (const { sha, file } of landed) {
    expect(fs.existsSync(path.join(MIGRATIONS, file)), `${file} was removed`).toBe(true);
    expect(sha256(file), `${file} changed after it landed: add a new migration instead`).toBe(sha);
  }
});

it('numbers a new migration above the highest landed one, each number once', () => {
  const highest = Math.max(...landed.map((l) => numberOf(l.file)));
  const fresh = numbered.filter((f) => !landed.some((l) => l.file === f));
  for (const f of fresh) expect(numberOf(f), `${f} must be numbered above ${highest}`).toBeGreaterThan(highest);
  const numbers = numbered.map(numberOf);
  expect(new Set(numbers).size).toBe(numbers.length);
});

it('runs every migration file under its own name', () => {
  expect(Object.keys(migrationsFor('sqlite', migrationHooks)).sort()).toEqual(numbered.map((f) => f.replace(/\.ts$/, '')).sort());
});

it('keeps the database layer free of the entity engine and the declarations', () => {
  const files = fs.readdirSync(path.join(ROOT, 'server', 'db'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  const offenders = files.filter((f) => {
    const source = fs.readFileSync(path.join(ROOT, 'server', 'db', f), 'utf8');
    const imports = [...source.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map(([, spec = '']) => spec);
    return imports.some((spec) => {
      const target = path.resolve(path.dirname(path.join(ROOT, 'server', 'db', f)), spec);
      return target.startsWith(path.join(ROOT, 'server', 'entities')) || target.startsWith(path.join(ROOT, 'entities') + path.sep);
    });
  });
  expect(offenders).toEqual([]);
});
