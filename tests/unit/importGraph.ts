import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** File → the files it imports: static, type-only and dynamic `import()` alike, since each ties one module to another. */
export type ImportGraph = Map<string, string[]>;

const CANDIDATES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The graph of relative imports between `sources` (absolute path → text); imports leading elsewhere are left out. */
export function importGraph(sources: Map<string, string>): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const [file, text] of sources) {
    const targets = ts
      .preProcessFile(text, true, true)
      .importedFiles.map((i) => i.fileName)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => CANDIDATES.map((end) => path.resolve(path.dirname(file), spec) + end).find((p) => sources.has(p)))
      .filter((p): p is string => p !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every .ts/.tsx file under `dir`, with its text. */
export function readSources(dir: string, into = new Map<string, string>()): Map<string, string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) readSources(full, into);
    else if (/\.tsx?$/.test(entry.name)) into.set(full, fs.readFileSync(full, 'utf8'));
  }
  return into;
}

/** The import circles: strongly connected components of more than one file, or a file importing itself (Tarjan). */
export function importCircles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) circles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles;
}
