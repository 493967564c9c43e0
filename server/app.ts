import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { AccessCache } from './cache/accessCache.js';
import { SiteVersions } from './cache/siteVersion.js';
import { ChangeFeed } from './cache/changeFeed.js';
import { ResponseCache } from './cache/responseCache.js';
import type { Config } from './config.js';
import { type Database, type Dialect, pgPoolOf } from './db/database.js';
import type { DatabaseSchema } from './db/schema.js';
import './entities/mediaUsage.js';
import entities from './entities/routes.js';
import delivery from './public/routes.js';
import context from './plugins/context.js';
import { countRequests } from './plugins/inFlight.js';
import errors from './plugins/errors.js';
import { lazyChildLogger } from './plugins/requestLogger.js';
import indexing from './services/indexing/plugin.js';
import jobs from './services/jobs/plugin.js';
import scheduler from './entities/schedule/plugin.js';
import security, { screened } from './plugins/security.js';
import { type LoginThrottle, loginThrottle } from './services/loginThrottle.js';
import { databaseRateLimiter } from './services/rateLimit.js';
import { redisRateLimiter } from './services/rateLimitRedis.js';
import slowBodies from './plugins/slowBodies.js';
import spa, { BASE } from './plugins/spa.js';
import auth from './routes/auth.js';
import health from './routes/health.js';
import jobRoutes from './routes/jobs.js';
import media from './routes/media.js';
import renditions from './services/media/renditionsPlugin.js';
import profiles from './routes/profiles.js';
import tenants from './routes/tenants.js';
// Registers the write hook that gives a new site its pages.
import './pages/defaultPages.js';
import './services/siteWrites.js';
import './services/redirects/hooks.js';
import users from './routes/users.js';
import type { SessionGrant } from './services/sessions.js';
import type { KeyHit } from './services/siteKeys.js';
import cors from './public/cors.js';
import replay from './public/replay.js';
import siteKeys from './routes/siteKeys.js';
import activity from './activity/routes.js';
import website from './site/plugin.js';
import { redirectFor } from './services/redirects/lookup.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<DatabaseSchema>;
    dialect: Dialect;
    config: Config;
    /** Serialised list answers of this process, valid while their site's data version stands. */
    responseCache: ResponseCache;
    /** On PostgreSQL: sessions with their permissions, remembered while the change feed is trusted. */
    accessCache: AccessCache<SessionGrant> | undefined;
    /** Beside accessCache: the sites' data versions, as the change feed tells them (cache/siteVersion.ts). */
    siteVersions: SiteVersions | undefined;
    /** The change feed behind accessCache, when there is one. */
    changeFeed: ChangeFeed | undefined;
    /** Beside accessCache, on the same feed: site API keys found valid (services/siteKeys.ts). */
    siteKeyCache: AccessCache<KeyHit> | undefined;
    /** Counts guesses at passwords: the login's and the current one a password change asks for. */
    loginThrottle: LoginThrottle;
  }
}

export interface BuildHooks {
  /** Sees every route as it is added, with its `config.access`: the security suite reads the route table this way. */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * A hop count as a function (Fastify 5 takes a bare number to mean no trust at all): the
 * nearest N hops are believed whoever sent them, so a count fits a server reachable only
 * through its proxies; a list of proxy addresses checks the peer (README, TRUST_PROXY).
 */
const trustedHops = (trust: Config['trustProxy']) => (typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust);

/** The whole server as a value: tests inject requests into it, main.ts makes it listen. */
export async function buildApp(config: Config, database: Database, opts: FastifyServerOptions = {}, hooks: BuildHooks = {}) {
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    childLoggerFactory: lazyChildLogger,
    trustProxy: trustedHops(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Off: plugins/slowBodies.ts bounds bodies, by route kind (a total for JSON, an idle gap for uploads).
    requestTimeout: 0,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    ...opts,
  });
  app.decorate('db', database.db);
  app.decorate('dialect', database.dialect);
  app.decorate('config', config);
  const responseCache = new ResponseCache(config.listCacheBytes);
  app.decorate('responseCache', responseCache);
  app.decorate('accessCache', undefined);
  app.decorate('siteVersions', undefined);
  app.decorate('changeFeed', undefined);
  app.decorate('siteKeyCache', undefined);
  const pool = pgPoolOf(database.db);
  if (pool) {
    // Sessions, permissions and site keys are remembered while the feed is trusted, whether
    // or not list answers are kept (LIST_CACHE_MB): a request that computes its list then
    // reads no session, and a served list answer costs no round trip at all.
    const feed = new ChangeFeed(pool, {
      changed() {
        app.accessCache?.forget();
        app.siteKeyCache?.forget();
        app.siteVersions?.forget();
      },
      version: (tenantId, version) => app.siteVersions?.heard(tenantId, version),
    });
    app.changeFeed = feed;
    app.accessCache = new AccessCache<SessionGrant>(feed);
    app.siteVersions = new SiteVersions(feed);
    app.siteKeyCache = new AccessCache<KeyHit>(feed);
    app.addHook('onClose', () => feed.close());
  }
  const throttle = loginThrottle(config.redisUrl ? redisRateLimiter(config.redisUrl) : databaseRateLimiter(database.db), config.login);
  app.decorate('loginThrottle', throttle);
  app.addHook('onClose', () => throttle.close());
  if (hooks.onRoute) app.addHook('onRoute', hooks.onRoute);

  await app.register(countRequests);
  await app.register(errors);
  await app.register(slowBodies, { ...config.bodies, uploadTotalMs: config.media.uploadTimeoutMs });
  await app.register(context);
  // Before any route: it equips every route as the route is added.
  await app.register(security);
  // Before the delivery routes: it equips each as it is added.
  await app.register(cors);
  // After cors: its last onSend sees the headers cors has added.
  await app.register(replay);

  await app.register(health);
  await app.register(auth);
  await app.register(profiles);
  await app.register(tenants);
  await app.register(renditions);
  await app.register(media);
  await app.register(jobs);
  await app.register(scheduler);
  await app.register(jobRoutes);
  await app.register(entities);
  await app.register(delivery, { findRedirect: async (ctx, path) => (await redirectFor(ctx.db, ctx.site.id, path))?.location });
  await app.register(indexing);
  await app.register(users);
  await app.register(siteKeys);
  await app.register(activity);
  // The e2e build's clock control: esbuild defines DEV_CLOCK there only, so a production bundle drops this branch and the file.
  if (process.env.DEV_CLOCK === '1') await app.register((await import('./dev/clock.js')).default);
  await app.register(spa);
  // The reference website on each dealer host's root, read from the delivery API above (server/site/).
  if (config.siteRenderer) await app.register(website);

  app.setNotFoundHandler(
    screened((req, reply) => {
      if (req.method === 'GET' && req.url.startsWith(BASE) && !req.url.startsWith(`${BASE}api/`)) {
        return app.sendSpaIndex(req, reply);
      }
      return reply.code(404).send({ detail: 'Not found.' });
    }, true),
  );
  return app;
}
