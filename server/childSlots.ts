import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * One child process of a pool that runs one job at a time within a time limit
 * (services/media/imagePool.ts, db/readPool.ts).
 */
export interface ChildSlot<Running extends { reject(error: Error): void }> {
  child?: ChildProcess;
  /** The child has loaded its code: a job's time limit counts from here, not from the spawn. */
  ready?: boolean;
  running?: Running;
  timer?: NodeJS.Timeout;
}

/**
 * Forks the worker `name` that sits beside the module at `moduleUrl`: in the bundle that
 * module is main.js beside `<name>.js`; run from source (tests, tsx) it is a .ts file beside
 * `<name>.ts`, which the child loads through tsx.
 */
export function forkWorker(moduleUrl: string, name: string, args: string[] = []): ChildProcess {
  const fromSource = moduleUrl.endsWith('.ts');
  const file = fileURLToPath(new URL(`./${name}.${fromSource ? 'ts' : 'js'}`, moduleUrl));
  return fork(file, args, { execArgv: fromSource ? ['--import', 'tsx'] : [] });
}

/** Kills the slot's child, failing its job with `error`. */
export function stopSlot<Running extends { reject(error: Error): void }>(slot: ChildSlot<Running>, error: Error) {
  clearTimeout(slot.timer);
  const { child, running } = slot;
  slot.child = undefined;
  slot.ready = false;
  slot.running = undefined;
  child?.kill('SIGKILL');
  running?.reject(error);
}
