/**
 * Servers as child processes of the built bundle, on a data folder and database a test
 * owns: SQLite in DATA_DIR, or a fresh PostgreSQL database `bo_fault_<random>` (dropped
 * afterwards) when TEST_DATABASE_URL is set. Every process is killed when the test ends.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { statFields } from '../../../bench/lib/procStat.js';
import { startServer, type ServerHandle } from '../../../bench/lib/server.js';
import { createPostgresDatabase, dropPostgresDatabase } from '../../server/postgresDatabases.js';

export type Backend = 'sqlite' | 'postgres';

export function backends(): Backend[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

/** Where the servers of one test keep their data. */
export interface Store {
  backend: Backend;
  dataDir: string;
  /** The URL the servers use (unset for SQLite). */
  databaseUrl?: string;
  /** The fresh PostgreSQL database's own URL (the servers may reach it through a proxy). */
  directUrl?: string;
  dispose(): Promise<void>;
}

export async function makeStore(backend: Backend, prefix = 'bo_fault'): Promise<Store> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const dataDir = path.join(root, 'data');
  const created = backend === 'postgres' ? await createPostgresDatabase(prefix) : undefined;
  return {
    backend,
    dataDir,
    databaseUrl: created?.url,
    directUrl: created?.url,
    async dispose() {
      if (created) await dropPostgresDatabase(created.name);
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

export interface Instance {
  name: string;
  url: string;
  pid: number;
  output(): string;
  /** Waits until the process printed a line matching `pattern`. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** The server's process and every process under it (image workers, readers). */
  processTree(): number[];
  /**
   * SIGKILL to the server and every process under it at once, as when its machine or
   * container dies: no shutdown hook runs, in-flight requests are cut, and no child lives on
   * to write after the crash. Resolves when all of them are gone.
   */
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

const running = new Set<Instance>();

/** `pid` and its descendants, read from /proc (Linux, where these tests run). */
function processTree(pid: number): number[] {
  const tasks = fs.readdirSync(`/proc/${pid}/task`, { withFileTypes: true }).map((t) => t.name);
  const children = tasks.flatMap((t) => {
    const text = fs.readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').trim();
    return text ? text.split(/\s+/).map(Number) : [];
  });
  return [pid, ...children.flatMap(processTree)];
}

/** Whether `pid` still runs: a zombie (dead, its parent not yet reaping it) does not. */
export function alive(pid: number): boolean {
  try {
    return statFields(`/proc/${pid}/stat`)[0] !== 'Z';
  } catch {
    return false;
  }
}

export async function startInstance(
  name: string,
  bundle: string,
  store: Pick<Store, 'dataDir' | 'databaseUrl'>,
  env: Record<string, string | undefined> = {},
): Promise<Instance> {
  const handle: ServerHandle = await startServer({
    name,
    script: bundle,
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: store.dataDir,
      DATABASE_URL: store.databaseUrl,
      SPA_DIR: path.join(path.dirname(path.dirname(bundle)), 'spa'),
      REDIS_URL: undefined,
      ...env,
    },
    readyPath: '/api/health',
    readyTimeoutMs: 60_000,
    pollMs: 50,
  });
  const instance: Instance = {
    name,
    url: handle.url,
    pid: handle.pid,
    output: handle.output,
    async waitForOutput(pattern, timeoutMs = 30_000) {
      const deadline = performance.now() + timeoutMs;
      while (!pattern.test(handle.output())) {
        if (performance.now() > deadline) throw new Error(`${name}: no output matching ${pattern} in ${timeoutMs} ms:\n${handle.output()}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    processTree: () => processTree(handle.pid),
    async kill9() {
      const tree = processTree(handle.pid);
      for (const pid of tree) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Ended on its own since the tree was read.
        }
      }
      await handle.stop();
      while (tree.some(alive)) await new Promise((r) => setTimeout(r, 10));
      running.delete(instance);
    },
    async stop() {
      await handle.stop();
      running.delete(instance);
    },
  };
  running.add(instance);
  return instance;
}

export async function stopAll() {
  await Promise.all([...running].map((i) => i.stop()));
}
