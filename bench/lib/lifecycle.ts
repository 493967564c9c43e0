/**
 * Everything a benchmark run leaves behind is registered here and undone on the way out:
 * child processes are killed (also on an unexpected exit), async clean-ups (browser,
 * PostgreSQL databases, temp folders) run in reverse order on success, error or signal.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const children = new Set<ChildProcess>();
const cleanups: Array<{ name: string; fn: () => Promise<void> | void }> = [];
let tmpRoot: string | undefined;
let stopping = false;

/** True once a signal asked the run to stop: nothing new may be started then. */
export function isStopping() {
  return stopping;
}

export function trackChild(child: ChildProcess) {
  children.add(child);
  child.once('exit', () => children.delete(child));
}

export function killChildrenNow() {
  for (const c of children) {
    if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  }
  children.clear();
}

/** Registers a clean-up; returns a function that runs it now (once) and unregisters it. */
export function onCleanup(name: string, fn: () => Promise<void> | void): () => Promise<void> {
  const entry = { name, fn };
  cleanups.push(entry);
  return async () => {
    const i = cleanups.indexOf(entry);
    if (i < 0) return;
    cleanups.splice(i, 1);
    await fn();
  };
}

/** One temp folder per run (removed at the end); benchmarks make sub-folders in it. */
export function tempDir(name: string): string {
  if (!tmpRoot) {
    tmpRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-bench-'));
    const root = tmpRoot;
    onCleanup('temp folder', () => fs.rmSync(root, { recursive: true, force: true }));
  }
  const dir = fs.mkdtempSync(path.join(tmpRoot, `${name}-`));
  return dir;
}

export async function cleanupAll() {
  while (cleanups.length) {
    const { name, fn } = cleanups.pop()!;
    try {
      await fn();
    } catch (err) {
      console.error(`bench: clean-up "${name}" failed: ${(err as Error).message}`);
    }
  }
  killChildrenNow();
}

let installed = false;
export function installExitHandlers() {
  if (installed) return;
  installed = true;
  process.on('exit', () => {
    killChildrenNow();
    if (tmpRoot) fs.rmSync(tmpRoot, { recursive: true, force: true });
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (stopping) process.exit(130);
      stopping = true;
      console.error(`\nbench: ${signal}, cleaning up…`);
      killChildrenNow();
      const force = setTimeout(() => process.exit(130), 10_000);
      force.unref();
      void cleanupAll().finally(() => process.exit(130));
    });
  }
}
