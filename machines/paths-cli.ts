/** `npm run paths -- <machine>`: prints the test paths generated from a statechart, for QA. */
import fs from 'node:fs';
import path from 'node:path';
import { pathsOf, uncoveredTransitions, unvisitedStates, type MachineModel } from './model/paths';

const dir = path.dirname(new URL(import.meta.url).pathname);
const available = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.model.ts'))
  .map((f) => f.replace('.model.ts', ''));
const name = process.argv[2];
if (!name || !available.includes(name)) {
  console.error(`usage: npm run paths -- <machine>\nmachines: ${available.join(', ')}`);
  process.exit(2);
}
const mod = (await import(`./${name}.model.ts`)) as Record<string, MachineModel>;
const model = Object.values(mod).find((v) => v && typeof v === 'object' && 'machine' in v)!;
const paths = pathsOf(model);
paths.forEach((p, i) => console.log(`${String(i + 1).padStart(3)}. ${p.description}`));
const states = unvisitedStates(model.machine, paths);
const transitions = uncoveredTransitions(model.machine, paths);
console.log(
  `\n${paths.length} paths; unvisited states: ${states.length ? states.join(', ') : 'none'}; uncovered transitions: ${transitions.length ? transitions.join(', ') : 'none'}`,
);
