import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { LongReadOptions } from './db/database.js';
import type { WalCheckpointOptions } from './db/walCheckpoints.js';
import type { ImagePoolOptions } from './services/media/imagePool.js';
import { DEFAULT_RENDITIONS, type RenditionPresets, renditionPresetsSchema } from './services/media/renditionPresets.js';
import type { S3Options } from './storage/s3.js';

/** The names proxy-addr (Fastify's trustProxy) knows for address ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string) {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * Which hops of X-Forwarded-For/-Host/-Proto are believed: none (`0`), the nearest N
 * (a hop count; `true`/`yes` mean 1), or those written by the listed proxy addresses and ranges.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): false | number | string[] => {
    if (['', '0', 'false', 'no'].includes(v)) return false;
    if (v === 'true' || v === 'yes') return 1;
    if (/^\d+$/.test(v)) return Number(v);
    const entries = v.split(',').map((e) => e.trim());
    if (entries.every(isProxyAddress)) return entries;
    ctx.addIssue({ code: 'custom', message: 'a hop count (0 for none) or a comma-separated list of proxy addresses and CIDR ranges' });
    return z.NEVER;
  });

const envSchema = z
  .object({
    HOST: z.string().default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().optional(),
    TRUST_PROXY: trustProxy.default(false),
    NODE_ENV: z.string().default('production'),
    SESSION_TTL_HOURS: z.coerce
      .number()
      .positive()
      .default(24 * 14),
    SESSION_MAX_DAYS: z.coerce.number().positive().default(30),
    LOGIN_MAX_FAILURES_PER_USERNAME: z.coerce.number().int().positive().default(10),
    LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(50),
    LOGIN_WINDOW_MINUTES: z.coerce.number().positive().default(15),
    LOGIN_MAX_DELAY_SECONDS: z.coerce.number().min(0).default(10),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
    SPA_DIR: z.string().default('./dist/spa'),
    MEDIA_MAX_UPLOAD_MB: z.coerce.number().positive().default(100),
    REVISIONS_KEEP_DAYS: z.coerce.number().int().min(1).default(90),
    PREVIEW_TOKEN_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 90)
      .default(24),
    INDEXING_NOTIFIER: z.enum(['log', 'indexnow']).default('log'),
    INDEXING_POLL_MS: z.coerce.number().int().min(0).default(2000),
    INDEXING_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
    JOBS_POLL_MS: z.coerce.number().int().min(0).default(1000),
    JOBS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
    JOBS_KEEP_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    INDEXNOW_ENDPOINT: z.url().default('https://api.indexnow.org/indexnow'),
    INDEXNOW_KEY: z
      .string()
      .regex(/^[A-Za-z0-9-]{8,128}$/, 'IndexNow keys are 8 to 128 letters, digits or dashes')
      .optional(),
    INDEXNOW_KEY_LOCATION: z.url().optional(),
    INDEXNOW_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    MEDIA_UPLOAD_TIMEOUT_MINUTES: z.coerce.number().positive().default(30),
    MEDIA_STORAGE: z.enum(['local', 's3']).default('local'),
    MEDIA_STORAGE_FALLBACK: z.enum(['local', 's3']).optional(),
    MEDIA_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'a bucket name: 3 to 63 lower-case letters, digits, dots or dashes')
      .optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0', 'yes', 'no']).default('false'),
    // Half the cores at most: measured on 2 cores, one worker let other sites' logins answer in
    // p99 123 ms (two workers: 518 ms) and made more variants per second, not fewer.
    IMAGE_WORKERS: z.coerce
      .number()
      .int()
      .min(1)
      .max(64)
      .default(Math.max(1, Math.floor(os.availableParallelism() / 2))),
    IMAGE_QUEUE: z.coerce.number().int().min(0).default(32),
    IMAGE_TIMEOUT_SECONDS: z.coerce.number().positive().default(30),
    IMAGE_MAX_ANIMATED_MEGAPIXELS: z.coerce.number().min(0).default(50),
    MEDIA_RENDITIONS: renditionPresetsSchema.optional(),
    BODY_TIMEOUT_SECONDS: z.coerce.number().positive().default(10),
    UPLOAD_IDLE_SECONDS: z.coerce.number().positive().default(60),
    SLOW_BODIES_PER_IP: z.coerce.number().int().positive().default(16),
    REDIS_URL: z.string().optional(),
    LIST_CACHE_MB: z.coerce.number().min(0).default(64),
    PUBLIC_API_MAX_AGE_SECONDS: z.coerce.number().int().min(0).default(60),
    PUBLIC_API_STALE_SECONDS: z.coerce.number().int().min(0).default(300),
    PUBLIC_API_REQUESTS_PER_MINUTE: z.coerce.number().int().min(0).default(1200),
    PUBLIC_API_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int().min(0).default(6000),
    // The protocol's 50,000 at most; at least 15, so a file holds a row in each of the 15 languages.
    SITEMAP_URLS_PER_FILE: z.coerce.number().int().min(15).max(50_000).default(50_000),
    // The protocol's 50 MB (52,428,800 bytes) uncompressed at most.
    SITEMAP_BYTES_PER_FILE: z.coerce.number().int().min(10_000).max(52_428_800).default(52_428_800),
    SQLITE_READERS: z.coerce.number().int().min(0).max(64).default(2),
    // 0: SQLite checkpoints its WAL itself, inside a commit (server/db/walCheckpoints.ts).
    SQLITE_CHECKPOINT_MS: z.coerce.number().int().min(0).default(100),
    LIST_QUERY_BUDGET_MS: z.coerce.number().int().min(1).default(2000),
    SITE_RENDERER: z.enum(['on', 'off']).default('on'),
  })
  .refine((e) => e.INDEXING_NOTIFIER !== 'indexnow' || e.INDEXNOW_KEY, { message: 'INDEXING_NOTIFIER=indexnow needs INDEXNOW_KEY', path: ['INDEXNOW_KEY'] })
  .refine((e) => (e.MEDIA_STORAGE !== 's3' && e.MEDIA_STORAGE_FALLBACK !== 's3') || e.S3_BUCKET, {
    message: 'MEDIA_STORAGE=s3 (or MEDIA_STORAGE_FALLBACK=s3) needs S3_BUCKET',
    path: ['S3_BUCKET'],
  })
  .refine((e) => !e.S3_ACCESS_KEY_ID === !e.S3_SECRET_ACCESS_KEY, {
    message: 'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the AWS credential chain)',
    path: ['S3_SECRET_ACCESS_KEY'],
  })
  .refine((e) => e.MEDIA_STORAGE_FALLBACK !== e.MEDIA_STORAGE, {
    message: 'MEDIA_STORAGE_FALLBACK names the store files move from: not MEDIA_STORAGE itself',
    path: ['MEDIA_STORAGE_FALLBACK'],
  })
  .refine((e) => !e.MEDIA_PUBLIC_URL || e.MEDIA_STORAGE === 's3', { message: 'MEDIA_PUBLIC_URL needs MEDIA_STORAGE=s3', path: ['MEDIA_PUBLIC_URL'] });

export type StoreKind = 'local' | 's3';

export type Config = {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Proxies whose X-Forwarded-* entries are believed: none, a hop count, or their addresses and ranges. */
  trustProxy: false | number | string[];
  production: boolean;
  /** A session ends once unused for sessionTtlMs, and sessionMaxMs after it was made however it is used. */
  sessionTtlMs: number;
  sessionMaxMs: number;
  /** Login throttling (services/loginThrottle.ts). */
  login: { maxPerUsername: number; maxPerIp: number; windowMs: number; maxDelayMs: number };
  logLevel: string;
  spaDir: string;
  /**
   * Uploaded files: stored under `dir`, staged in `stagingDir` while an upload is checked.
   * An upload must arrive within `uploadTimeoutMs`; staged files and unreferenced
   * stored files older than that are debris of a crashed process (services/media/debris.ts).
   * Files live in `store` (`dir` on the local disk, or the `s3` bucket); while a migration
   * copies them there, reads `store` misses go to `fallback` (server/storage/fallback.ts).
   */
  media: {
    dir: string;
    stagingDir: string;
    maxUploadBytes: number;
    uploadTimeoutMs: number;
    store: StoreKind;
    fallback: StoreKind | undefined;
    s3: S3Options | undefined;
  };
  /** Image variants: made in child processes (services/media/imagePool.ts). */
  images: ImagePoolOptions;
  /** What image URLs may ask to be rendered as (services/media/renditions.ts). */
  renditions: RenditionPresets;
  /** Request bodies still arriving (plugins/slowBodies.ts). */
  bodies: { totalMs: number; idleMs: number; perIp: number };
  /** Redis for the login rate-limit counters (shared by every instance); unset: the database. */
  redisUrl: string | undefined;
  /** Memory for cached list answers (server/cache/); 0 turns the cache off. */
  listCacheBytes: number;
  /**
   * The delivery API (server/public/): how long a CDN or browser may keep an answer and then
   * serve it stale while it revalidates, the requests one address and one site key may each make a minute (0: no limit),
   * and the URLs one sitemap file lists (server/public/sitemap/).
   */
  publicApi: {
    maxAgeSeconds: number;
    staleSeconds: number;
    perIpPerMinute: number;
    perKeyPerMinute: number;
    sitemapUrlsPerFile: number;
    sitemapBytesPerFile: number;
  };
  /** Reads that may take long: SQLite reader processes and the time budget (db/database.ts longReads). */
  reads: LongReadOptions;
  /** SQLite: the WAL checkpointed by a child process (db/walCheckpoints.ts); absent, by SQLite inside commits. */
  checkpoints?: WalCheckpointOptions;
  /** The reference website on each dealer host's root (server/site/); off for platforms that bring their own front-end. */
  siteRenderer: boolean;
  /** How long a deleted row stays in its entity's bin (server/activity/prune.ts). */
  revisionsKeepDays: number;
  /** How long a draft's preview link works (server/services/previewTokens.ts). */
  previewTokenHours: number;
  /** The job runner (server/services/jobs/): bulk edits; pollMs 0 keeps it from polling. */
  jobs: { pollMs: number; maxAttempts: number; keepDays: number };
  /** Search-engine indexing dispatcher (server/services/indexing/); pollMs 0 keeps it off. */
  indexing: {
    notifier: 'log' | 'indexnow';
    pollMs: number;
    maxAttempts: number;
    endpoint: string;
    key: string | undefined;
    keyLocation: string | undefined;
    timeoutMs: number;
  };
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    trustProxy: e.TRUST_PROXY,
    production: e.NODE_ENV === 'production',
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    sessionMaxMs: e.SESSION_MAX_DAYS * 86_400_000,
    login: {
      maxPerUsername: e.LOGIN_MAX_FAILURES_PER_USERNAME,
      maxPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
      windowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
      maxDelayMs: Math.round(e.LOGIN_MAX_DELAY_SECONDS * 1000),
    },
    logLevel: e.LOG_LEVEL,
    spaDir: path.resolve(e.SPA_DIR),
    media: {
      dir: path.join(path.resolve(e.DATA_DIR), 'media'),
      stagingDir: path.join(path.resolve(e.DATA_DIR), 'tmp', 'uploads'),
      maxUploadBytes: Math.floor(e.MEDIA_MAX_UPLOAD_MB * 1024 * 1024),
      uploadTimeoutMs: Math.round(e.MEDIA_UPLOAD_TIMEOUT_MINUTES * 60_000),
      store: e.MEDIA_STORAGE,
      fallback: e.MEDIA_STORAGE_FALLBACK,
      s3: e.S3_BUCKET
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
            forcePathStyle: ['true', '1', 'yes'].includes(e.S3_FORCE_PATH_STYLE),
            publicUrl: e.MEDIA_PUBLIC_URL,
          }
        : undefined,
    },
    images: {
      workers: e.IMAGE_WORKERS,
      maxQueue: e.IMAGE_QUEUE,
      timeoutMs: Math.round(e.IMAGE_TIMEOUT_SECONDS * 1000),
      maxAnimatedPixels: Math.round(e.IMAGE_MAX_ANIMATED_MEGAPIXELS * 1_000_000),
    },
    renditions: e.MEDIA_RENDITIONS ?? DEFAULT_RENDITIONS,
    bodies: {
      totalMs: Math.round(e.BODY_TIMEOUT_SECONDS * 1000),
      idleMs: Math.round(e.UPLOAD_IDLE_SECONDS * 1000),
      perIp: e.SLOW_BODIES_PER_IP,
    },
    revisionsKeepDays: e.REVISIONS_KEEP_DAYS,
    previewTokenHours: e.PREVIEW_TOKEN_HOURS,
    jobs: { pollMs: e.JOBS_POLL_MS, maxAttempts: e.JOBS_MAX_ATTEMPTS, keepDays: e.JOBS_KEEP_DAYS },
    indexing: {
      notifier: e.INDEXING_NOTIFIER,
      pollMs: e.INDEXING_POLL_MS,
      maxAttempts: e.INDEXING_MAX_ATTEMPTS,
      endpoint: e.INDEXNOW_ENDPOINT,
      key: e.INDEXNOW_KEY,
      keyLocation: e.INDEXNOW_KEY_LOCATION,
      timeoutMs: e.INDEXNOW_TIMEOUT_MS,
    },
    redisUrl: e.REDIS_URL || undefined,
    listCacheBytes: Math.floor(e.LIST_CACHE_MB * 1024 * 1024),
    publicApi: {
      maxAgeSeconds: e.PUBLIC_API_MAX_AGE_SECONDS,
      staleSeconds: e.PUBLIC_API_STALE_SECONDS,
      perIpPerMinute: e.PUBLIC_API_REQUESTS_PER_MINUTE,
      perKeyPerMinute: e.PUBLIC_API_KEY_REQUESTS_PER_MINUTE,
      sitemapUrlsPerFile: e.SITEMAP_URLS_PER_FILE,
      sitemapBytesPerFile: e.SITEMAP_BYTES_PER_FILE,
    },
    reads: { readers: e.SQLITE_READERS, budgetMs: e.LIST_QUERY_BUDGET_MS },
    checkpoints: e.SQLITE_CHECKPOINT_MS ? { everyMs: e.SQLITE_CHECKPOINT_MS } : undefined,
    siteRenderer: e.SITE_RENDERER === 'on',
  };
}
