/**
 * Server test harness: runs a describe block once per database dialect.
 *
 * - SQLite always: a fresh database file in a temp DATA_DIR per describe block.
 * - PostgreSQL when TEST_DATABASE_URL is set: a fresh database `bo_test_<random>` created
 *   through that URL per describe block, dropped WITH (FORCE) afterwards.
 *
 * The app is the real one (buildApp + prepareDatabase, which migrates and seeds the demo
 * data once per block, without the demo pictures so media libraries start empty). Between
 * tests the harness empties `sessions` and `rate_limits` so
 * every test starts signed out and with clean login counters. Every answer of the delivery
 * API is recorded, and checked against its OpenAPI document when the block ends.
 *
 * Media suites also run once per media store (`stores`): the local disk, and an
 * S3-compatible server on loopback (s3Server.ts) through the real AWS SDK.
 */
import { forgetTenants } from '../../server/services/tenants.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect } from 'vitest';
import { buildApp } from '../../server/app.js';
import { prepareDatabase } from '../../server/boot.js';
import { type Config, loadConfig, type StoreKind } from '../../server/config.js';
import type { Database, Dialect } from '../../server/db/database.js';
import type { DatabaseSchema } from '../../server/db/schema.js';
import { DEMO_PASSWORD } from '../../server/seed/demo.js';
import { type MediaStorage, openMediaStorage } from '../../server/storage/index.js';
import { createPostgresDatabase, dropPostgresDatabase } from './postgresDatabases.js';
import { checkPublicAnswers, recordPublicAnswers } from './publicAnswers.js';
import { startS3, type TestS3 } from './s3Server.js';

export { DEMO_PASSWORD };
export const SESSION_COOKIE = '__mapo_session';

export type Env = Record<string, string>;

/** A signed-in session as the login endpoint handed it out. */
export interface Session {
  username: string;
  host: string;
  token: string;
  /** Value for a `cookie` request header. */
  cookie: string;
}

export interface CallOptions {
  /** Host header; default `localhost`. */
  host?: string;
  /** Authenticate with this session: by cookie (default) or `Authorization: Token`. */
  session?: Session;
  via?: 'cookie' | 'token';
  /** JSON body (serialised by inject); use `payload` for raw bodies. */
  body?: unknown;
  payload?: string | Buffer;
  headers?: Record<string, string>;
  /**
   * Origin header. Default for POST/PUT/PATCH/DELETE: `http://<host>`, the browser's own
   * origin; `false` sends none.
   */
  origin?: string | false;
  remoteAddress?: string;
  /** Another app built with `harness.appWith(...)`; default the block's app. */
  app?: FastifyInstance;
}

export interface Harness {
  readonly dialect: Dialect;
  /** Where the block's app keeps media (MEDIA_STORAGE). */
  readonly store: StoreKind;
  /** The block's media storage, as the app opens it: for reading and planting stored objects. */
  readonly storage: MediaStorage;
  readonly app: FastifyInstance;
  readonly db: Kysely<DatabaseSchema>;
  readonly config: Config;
  /** Every route of the block's app as it was added (method, url, config.access …). */
  readonly routes: readonly RouteOptions[];
  /** Raw app.inject. */
  inject(opts: InjectOptions, app?: FastifyInstance): Promise<LightMyRequestResponse>;
  call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, opts?: CallOptions): Promise<LightMyRequestResponse>;
  get(url: string, opts?: CallOptions): Promise<LightMyRequestResponse>;
  post(url: string, opts?: CallOptions): Promise<LightMyRequestResponse>;
  /** Signs in through POST /api/auth/login and fails loudly if that does not answer 200. */
  login(
    username: string,
    host?: string,
    opts?: { password?: string; app?: FastifyInstance; headers?: Record<string, string>; remoteAddress?: string },
  ): Promise<Session>;
  /** A second app on the same database with other settings (closed after the block). */
  appWith(env: Env): Promise<FastifyInstance>;
  /**
   * Once every app of the block has heard every change committed so far (PostgreSQL's
   * change feed, server/cache/changeFeed.ts): after a write made on another app or
   * around the server, before reading through this one.
   */
  settled(): Promise<void>;
  /** Empties sessions and rate_limits (also done before every test). */
  resetState(): Promise<void>;
}

export interface HarnessOptions {
  /** Extra configuration (environment variables as loadConfig reads them). */
  env?: Env;
  /** Empty sessions and rate_limits before each test; default true. */
  resetBetweenTests?: boolean;
  /** Run the block once per media store; default the local disk only. */
  stores?: readonly StoreKind[];
  /** Start the S3 server (its S3_* settings in every app's environment) whatever the store. */
  withS3?: boolean;
}

/** Both media stores, for the media suites. */
export const BOTH_STORES: readonly StoreKind[] = ['local', 's3'];

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function dialects(): Dialect[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

/** A throw-away folder holding a minimal built SPA, so /backoffice/ answers like production. */
function makeSpaDir(root: string) {
  const dir = path.join(root, 'spa');
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>Dealer Back-office</title><script type="module" src="/backoffice/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log("app");\n');
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js.map'), '{"version":3}');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

interface Resources {
  tmp: string;
  storage: MediaStorage;
  s3?: TestS3;
  database: Database;
  config: Config;
  baseEnv: Env;
  app: FastifyInstance;
  extraApps: FastifyInstance[];
  routes: RouteOptions[];
  pgDatabase?: string;
}

async function setUp(dialect: Dialect, store: StoreKind, env: Env, withS3: boolean): Promise<Resources> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-server-test-'));
  const s3 = store === 's3' || withS3 ? await startS3() : undefined;
  const baseEnv: Env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(tmp, 'data'),
    SPA_DIR: makeSpaDir(tmp),
    MEDIA_STORAGE: store,
    ...s3?.env,
  };
  let pgDatabase: string | undefined;
  if (dialect === 'postgres') {
    const created = await createPostgresDatabase();
    pgDatabase = created.name;
    baseEnv.DATABASE_URL = created.url;
  }
  const config = loadConfig({ ...baseEnv, ...env });
  const { database, seeded } = await prepareDatabase(config, { seedWhenEmpty: true, demoPictures: false });
  if (!seeded) throw new Error('harness: expected a fresh, empty database to be seeded');
  if (database.dialect !== dialect) throw new Error(`harness: opened ${database.dialect}, wanted ${dialect}`);
  const routes: RouteOptions[] = [];
  const app = await buildApp(
    config,
    database,
    { logger: false },
    {
      onRoute: (route) => {
        routes.push(route);
        recordPublicAnswers(route);
      },
    },
  );
  await app.ready();
  return { tmp, storage: openMediaStorage(config), s3, database, config, baseEnv, app, extraApps: [], routes, pgDatabase };
}

async function tearDown(r: Resources | undefined) {
  if (!r) return;
  for (const a of [r.app, ...r.extraApps]) await a.close().catch(() => undefined);
  await r.database.close().catch(() => undefined);
  await r.storage.close();
  await r.s3?.close();
  if (r.pgDatabase) await dropPostgresDatabase(r.pgDatabase);
  fs.rmSync(r.tmp, { recursive: true, force: true });
}

function makeHarness(dialect: Dialect, store: StoreKind, get: () => Resources): Harness {
  const h: Harness = {
    dialect,
    store,
    get storage() {
      return get().storage;
    },
    get app() {
      return get().app;
    },
    get db() {
      return get().database.db;
    },
    get config() {
      return get().config;
    },
    get routes() {
      return get().routes;
    },
    inject(opts, app) {
      return (app ?? get().app).inject(opts);
    },
    call(method, url, opts = {}) {
      const host = opts.host ?? 'localhost';
      const headers: Record<string, string> = { host };
      if (MUTATING.has(method) && opts.origin !== false) headers.origin = opts.origin ?? `http://${host}`;
      if (method === 'GET' && typeof opts.origin === 'string') headers.origin = opts.origin;
      if (opts.session) {
        if (opts.via === 'token') headers.authorization = `Token ${opts.session.token}`;
        else headers.cookie = opts.session.cookie;
      }
      Object.assign(headers, opts.headers);
      const inject: InjectOptions = { method, url, headers };
      if (opts.remoteAddress) inject.remoteAddress = opts.remoteAddress;
      if (opts.payload !== undefined) inject.payload = opts.payload;
      else if (opts.body !== undefined) inject.payload = opts.body as InjectOptions['payload'];
      return (opts.app ?? get().app).inject(inject);
    },
    get(url, opts) {
      return h.call('GET', url, opts);
    },
    post(url, opts) {
      return h.call('POST', url, opts);
    },
    async login(username, host = 'localhost', opts = {}) {
      const res = await h.post('/api/auth/login', {
        host,
        app: opts.app,
        headers: opts.headers,
        remoteAddress: opts.remoteAddress,
        body: { username, password: opts.password ?? DEMO_PASSWORD },
      });
      if (res.statusCode !== 200) {
        throw new Error(`login(${username}@${host}) answered ${res.statusCode}: ${res.body}`);
      }
      const { token } = res.json() as { token: string };
      return { username, host, token, cookie: `${SESSION_COOKIE}=${token}` };
    },
    async appWith(env) {
      const r = get();
      const config = loadConfig({ ...r.baseEnv, ...env });
      const app = await buildApp(config, r.database, { logger: false }, { onRoute: recordPublicAnswers });
      await app.ready();
      r.extraApps.push(app);
      return app;
    },
    async settled() {
      const r = get();
      await Promise.all([r.app, ...r.extraApps].map((a) => a.changeFeed?.settled() ?? Promise.resolve(true)));
    },
    async resetState() {
      const db = get().database.db;
      await db.deleteFrom('sessions').execute();
      await db.deleteFrom('rate_limits').execute();
      forgetTenants(db);
      await h.settled();
    },
  };
  return h;
}

/**
 * `describe` once per dialect. `body` registers tests against the harness; the harness's
 * app and db are only usable inside hooks and tests.
 */
export function describeEachDialect(title: string, body: (h: Harness) => void, options: HarnessOptions = {}) {
  for (const dialect of dialects()) {
    for (const store of options.stores ?? ['local']) {
      describeOne(`${title} [${store === 'local' ? dialect : `${dialect}, ${store}`}]`, dialect, store, body, options);
    }
  }
}

function describeOne(title: string, dialect: Dialect, store: StoreKind, body: (h: Harness) => void, options: HarnessOptions) {
  describe(title, () => {
    let resources: Resources | undefined;
    const harness = makeHarness(dialect, store, () => {
      if (!resources) throw new Error('harness: the app is only available inside hooks and tests');
      return resources;
    });
    beforeAll(async () => {
      resources = await setUp(dialect, store, options.env ?? {}, options.withS3 ?? false);
    });
    afterAll(async () => {
      await tearDown(resources);
      resources = undefined;
      // Every delivery API answer of the block, against the OpenAPI document (publicAnswers.ts).
      checkPublicAnswers();
    });
    if (options.resetBetweenTests !== false) {
      beforeEach(async () => {
        await harness.resetState();
      });
    }
    body(harness);
  });
}

/** Every Set-Cookie header of a response, as raw strings. */
export function setCookies(res: LightMyRequestResponse): string[] {
  const raw = res.headers['set-cookie'];
  if (raw === undefined) return [];
  return Array.isArray(raw) ? raw : [String(raw)];
}

/** The Set-Cookie header for one cookie name, or undefined. */
export function setCookieFor(res: LightMyRequestResponse, name: string): string | undefined {
  return setCookies(res).find((c) => c.startsWith(`${name}=`));
}

/** Attributes of a Set-Cookie header, lower-cased names: `{ httponly: true, samesite: 'Lax', path: '/' }`. */
export function cookieAttributes(header: string): Record<string, string | true> {
  const [, ...parts] = header.split(';');
  const out: Record<string, string | true> = {};
  for (const part of parts) {
    const [k, ...v] = part.trim().split('=');
    if (k) out[k.toLowerCase()] = v.length ? v.join('=') : true;
  }
  return out;
}

/** The DRF-style error body `{ detail: "…" }` with the given status, as JSON. */
export function expectDetail(res: LightMyRequestResponse, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json() as Record<string, unknown>;
  expect(typeof body.detail).toBe('string');
  expect((body.detail as string).length).toBeGreaterThan(0);
  return body;
}

/** A 400 with field errors `{ "<field>": ["message", …] }`; returns the body. */
export function expectFieldErrors(res: LightMyRequestResponse, fields: string[]) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json() as Record<string, unknown>;
  for (const f of fields) {
    expect(Array.isArray(body[f]), `${f} in ${res.body}`).toBe(true);
    for (const msg of body[f] as unknown[]) expect(typeof msg).toBe('string');
  }
  return body;
}
