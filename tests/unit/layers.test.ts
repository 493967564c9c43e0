import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCircles, importGraph, readSources } from './importGraph';

// docs/architecture.md, "A screen, from route to machine": the SPA's layers, checked on its imports.
const root = path.resolve(import.meta.dirname, '../..');
const src = path.join(root, 'src');
const graph = importGraph(readSources(src));
const rel = (file: string) => path.relative(root, file);

describe('the SPA has layers, not a circle (issue 14 point 8)', () => {
  it('src/ has no import circle, counting type-only and dynamic imports', () => {
    expect(importCircles(graph).map((circle) => circle.map(rel))).toEqual([]);
  });

  it('only the shell imports startApp: the app-wide actors reach the rest through src/app/services/', () => {
    const startApp = path.join(src, 'app/startApp.ts');
    const importers = [...graph].filter(([, targets]) => targets.includes(startApp)).map(([file]) => rel(file));
    expect(importers).toEqual(['src/app/shell.ts']);
  });

  it('no file under src/entity, src/fields, src/media, src/http imports src/app/startApp.ts', () => {
    const leaves = ['entity', 'fields', 'media', 'http'].map((dir) => path.join(src, dir) + path.sep);
    const startApp = path.join(src, 'app/startApp.ts');
    const offenders = [...graph]
      .filter(([file, targets]) => leaves.some((dir) => file.startsWith(dir)) && targets.includes(startApp))
      .map(([file]) => rel(file));
    expect(offenders).toEqual([]);
  });

  it('finds a circle closed by a type-only import or by a dynamic import', () => {
    const files = (sources: Record<string, string>) => new Map(Object.entries(sources).map(([name, text]) => [path.join('/x', name), text]));
    const typeOnly = importGraph(files({ 'a.ts': "import { b } from './b';", 'b.ts': "import type { A } from './a';", 'c.ts': "import { a } from './a';" }));
    expect(importCircles(typeOnly)).toEqual([['/x/a.ts', '/x/b.ts']]);
    const lazy = importGraph(files({ 'table.ts': "export const load = () => import('./screen');", 'screen.tsx': "import { load } from './table';" }));
    expect(importCircles(lazy)).toEqual([['/x/screen.tsx', '/x/table.ts']]);
    expect(importCircles(importGraph(files({ 'a.ts': "import './b';", 'b.ts': '' })))).toEqual([]);
  });
});
