/** The real built server (dist/server/main.js) as a child process, and signing in to it. */
import path from 'node:path';
import { SERVER_BUNDLE } from './paths.js';
import { request, startServer, type ServerHandle } from './server.js';

export const DEMO_USER = 'admin';
export const DEMO_PASSWORD = 'demo1234';

export interface AppOptions {
  name?: string;
  dataDir: string;
  spaDir: string;
  databaseUrl?: string;
  readyTimeoutMs?: number;
  pollMs?: number;
  /** More environment for the server. */
  env?: Record<string, string>;
  /** Another build's server bundle (a reference commit's); the repository's by default. */
  script?: string;
}

export function startApp(opts: AppOptions): Promise<ServerHandle> {
  return startServer({
    name: opts.name ?? 'dealer back-office',
    script: opts.script ?? SERVER_BUNDLE,
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: opts.dataDir,
      SPA_DIR: path.resolve(opts.spaDir),
      DATABASE_URL: opts.databaseUrl,
      TRUST_PROXY: '0',
      ...opts.env,
    },
    readyPath: '/api/health',
    readyTimeoutMs: opts.readyTimeoutMs ?? 60_000,
    pollMs: opts.pollMs,
    listeningPattern: /listening on/i,
  });
}

/**
 * Headers a browser on http://<site>:<port> sends: the origin guard compares the
 * Origin's host with the Host header, port included, so Host is `<site>:<port>`.
 */
export function siteHeaders(port: number, site = 'localhost'): { host: string; origin: string } {
  return { host: `${site}:${port}`, origin: `http://${site}:${port}` };
}

/** POST /api/auth/login (as admin on the master site by default); returns the session token. */
export async function login(server: ServerHandle, username = DEMO_USER, password = DEMO_PASSWORD, site = 'localhost'): Promise<string> {
  const res = await request(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { ...siteHeaders(server.port, site), 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`login as ${username} answered ${res.status}: ${res.body.slice(0, 300)}`);
  const { token } = JSON.parse(res.body) as { token?: string };
  if (!token) throw new Error(`login answered 200 without a token: ${res.body.slice(0, 300)}`);
  return token;
}
