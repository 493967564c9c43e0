/** Child-process servers on free ports, and a tiny HTTP client that may set any Host header. */
import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { ROOT } from './paths.js';
import { isStopping, onCleanup, trackChild } from './lifecycle.js';

/** A port nothing listens on right now (the kernel's pick for port 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface HttpResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export function request(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string | Buffer; timeoutMs?: number } = {},
): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? 'GET', headers: opts.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.setTimeout(opts.timeoutMs ?? 5000, () => req.destroy(new Error(`timeout: ${url}`)));
    req.on('error', reject);
    req.end(opts.body);
  });
}

export interface ServerHandle {
  name: string;
  port: number;
  /** http://127.0.0.1:<port> */
  url: string;
  pid: number;
  /** performance.now() when spawned. */
  spawnedAt: number;
  /** ms from spawn until the process printed its "listening" line (if it prints one). */
  listeningLogMs?: number;
  /** ms from spawn until the health URL answered 200. */
  readyMs: number;
  output(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  name: string;
  /** Script run with the current node binary, relative to the repository root. */
  script: string;
  env: Record<string, string | undefined>;
  /** Path polled until it answers 200. */
  readyPath: string;
  readyTimeoutMs?: number;
  /** Poll interval for readyPath. */
  pollMs?: number;
  /** A line of stdout that means "listening". */
  listeningPattern?: RegExp;
}

/** Spawns `node <script>` with PORT set to a free port and waits until readyPath answers 200. */
export async function startServer(opts: StartOptions): Promise<ServerHandle> {
  const port = await freePort();
  if (isStopping()) throw new Error('stopping: not starting another server');
  const env: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', PORT: String(port) };
  for (const [k, v] of Object.entries(opts.env)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [opts.script], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  trackChild(child);
  let out = '';
  let listeningLogMs: number | undefined;
  const onData = (chunk: Buffer) => {
    const now = performance.now();
    out += chunk.toString('utf8');
    if (out.length > 64_000) out = out.slice(-32_000);
    if (listeningLogMs === undefined && opts.listeningPattern?.test(out)) listeningLogMs = now - spawnedAt;
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let exitInfo: string | undefined;
  // 'close', not 'exit': the output that says why may still be in the pipes when it has exited.
  child.once('close', (code, signal) => {
    exitInfo = `exited with ${signal ?? code}`;
  });
  child.once('error', (err) => {
    exitInfo = `failed to spawn: ${err.message}`;
  });

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(t);
    }
  };
  const unregister = onCleanup(`${opts.name} (pid ${child.pid})`, stop);

  const url = `http://127.0.0.1:${port}`;
  const deadline = spawnedAt + (opts.readyTimeoutMs ?? 30_000);
  const pollMs = opts.pollMs ?? 10;
  let readyMs: number | undefined;
  while (readyMs === undefined) {
    if (exitInfo) {
      await unregister();
      throw new Error(`${opts.name} ${exitInfo} before it was ready. Output:\n${out.trim()}`);
    }
    if (performance.now() > deadline) {
      await unregister();
      throw new Error(`${opts.name} not ready after ${opts.readyTimeoutMs ?? 30_000} ms. Output:\n${out.trim()}`);
    }
    try {
      const res = await request(url + opts.readyPath, { timeoutMs: 2000 });
      if (res.status === 200) readyMs = performance.now() - spawnedAt;
    } catch {
      // not listening yet
    }
    if (readyMs === undefined) await new Promise((r) => setTimeout(r, pollMs));
  }
  return {
    name: opts.name,
    port,
    url,
    pid: child.pid!,
    spawnedAt,
    get listeningLogMs() {
      return listeningLogMs;
    },
    readyMs,
    output: () => out,
    stop: unregister,
  };
}
