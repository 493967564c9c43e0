/**
 * Real rows for the attack suite: which table a route's `:id` names, an id of a row of a
 * given site, a throwaway row to delete, and a valid body where one can be made from the
 * declarations. Routes the suite knows nothing about fall back to their sibling list
 * (`GET` on the URL without `/:id…`), then to an id that names nothing.
 */
import { type EntityDef, fieldOf } from '../../entities/define.js';
import { DECLARED, ENTITIES } from '../../entities/index.js';
import { columnOf, isScoped } from '../../server/entities/schema.js';
import { logActivity } from '../../server/activity/log.js';
import { pendingDraft } from '../../server/entities/drafts/store.js';
import { loadRecord } from '../../server/entities/read.js';
import { ensureSingleton } from '../../server/entities/singleton.js';
import { deleteRecords } from '../../server/entities/write.js';
import { contextFor, fixtures, type SiteName } from '../server/entity-fixtures.js';
import type { Harness, Session } from '../server/harness.js';
import { image } from '../server/fixtures/media.js';
import { upload } from '../server/fixtures/mediaApi.js';
import { GOOD_PASSWORD } from '../server/users-fixtures.js';
import { fill, type RouteCase } from './routeTable.js';

/** An id beyond every row, inside the integer range: names nothing. */
export const NO_SUCH_ID = 2_147_483_000;

export type SiteKey = 'master' | 'dealer' | 'verdi';
const FIXTURE_SITE: Record<SiteKey, SiteName> = { master: 'master', dealer: 'rossi', verdi: 'verdi' };
export const SITE_HOST: Record<SiteKey, string> = { master: 'localhost', dealer: 'rossi.localhost', verdi: 'verdi.localhost' };

interface Resource {
  table: string;
  entity?: EntityDef;
  /** Rows of others must not be used (accounts: the suite's own identities): every id is one the suite made. */
  ownRowsOnly?: boolean;
  /** Makes a row on the site through the real code and answers its id. */
  create(site: SiteKey): Promise<number | undefined>;
}

const stripPrefix = (url: string) => url.replace(/^\/backoffice\/api\//, '/api/');

/** The entity whose bin restore the URL is (`/api<path>/bin/:rev/restore/`). */
export const binOf = (url: string) => ENTITIES.find((e) => stripPrefix(url) === `/api${e.path}/bin/:rev/restore/`);

/**
 * Where the rows a route names on a site live: an entity the master serves across sites
 * (entities/define.ts `acrossSites`) has no rows of its own on the master, it reaches the
 * dealer sites' rows (the dealer site of the suite is in the market administrator's market).
 */
const rowSite = (url: string, site: SiteKey): SiteKey => (site === 'master' && (entityOf(url) ?? binOf(url))?.acrossSites ? 'dealer' : site);

/** A route about a row's pending draft (server/entities/drafts/routes.ts): what it acts on must exist first. */
const DRAFT_ROUTE = /\/(draft|publish)\/$/;
/** A singleton's own routes beside its read and update. */
const SINGLETON_ROUTE = /^(draft|publish|preview)\/$/;
/** The collection whose import or import headers the URL is (`/api<path>/import/`, `/api<path>/import/headers/`): both take a multipart file; the engine's and the dealer users' (server/routes/users.ts). */
export const importOf = (url: string) =>
  DECLARED.find((e) => e.importKeys && [`/api${e.path}/import/`, `/api${e.path}/import/headers/`].includes(stripPrefix(url)));

export function entityOf(url: string): EntityDef | undefined {
  const u = stripPrefix(url);
  const base = (e: EntityDef) => `/api${e.path}/`;
  return ENTITIES.find(
    (e) =>
      u === base(e) ||
      u === `${base(e)}bulk_delete/` ||
      u.startsWith(`${base(e)}:id/`) ||
      (e.singleton !== undefined && u.startsWith(base(e)) && SINGLETON_ROUTE.test(u.slice(base(e).length))),
  );
}

export function resources(h: Harness, adminOn: (site: SiteKey) => Promise<Session>) {
  const fx = fixtures(h);
  const byUrl = new Map<string, Resource | undefined>();

  function resourceOf(url: string): Resource | undefined {
    if (byUrl.has(url)) return byUrl.get(url);
    const u = stripPrefix(url);
    const entity = entityOf(url);
    let r: Resource | undefined;
    if (entity) {
      r = {
        table: entity.table,
        entity,
        // Master rows are the sites and markets every other case stands on: a PUT must not rename them.
        ownRowsOnly: !isScoped(entity) && !entity.readOnly,
        async create(site) {
          // In the dealer site's market, which the market administrator may reach.
          const overrides = entity.marketField ? { [entity.marketField]: await marketOfSite('dealer') } : {};
          return fx.create(entity.name, FIXTURE_SITE[rowSite(url, site)], overrides);
        },
      };
    } else if (/^\/api\/(users|tenantUsers)(\/|$)/.test(u)) {
      const dealers = u.startsWith('/api/tenantUsers');
      r = {
        table: 'users',
        ownRowsOnly: true,
        async create(site) {
          const body = { username: `throwaway${fx.next()}`, password: GOOD_PASSWORD, ...(dealers ? { tenant: await tenantOf('dealer') } : {}) };
          const res = await h.post(dealers ? '/api/tenantUsers/' : '/api/users/', { host: SITE_HOST[site], session: await adminOn(site), body });
          if (res.statusCode !== 201) throw new Error(`account answered ${res.statusCode}: ${res.body}`);
          return (res.json() as { id: number }).id;
        },
      };
    } else if (/^\/api\/media(\/|$)/.test(u)) {
      r = {
        table: 'media',
        async create(site) {
          const res = await upload(h, await adminOn(site), await image('png', 8, 8), { filename: 'throwaway.png' });
          if (res.statusCode !== 201) throw new Error(`upload answered ${res.statusCode}: ${res.body}`);
          // Its variants made now: the runner's write would otherwise land in the middle of a test that checks nothing is written.
          await h.app.jobs.runUntilIdle();
          return (res.json() as { id: number }).id;
        },
      };
    } else if (/^\/api\/siteKeys(\/|$)/.test(u)) {
      // Keys of the dealer site, in the market the market administrator reaches; revoking one keeps its row.
      r = {
        table: 'site_api_keys',
        ownRowsOnly: true,
        async create() {
          const res = await h.post('/api/siteKeys/', { host: SITE_HOST.master, session: await adminOn('master'), body: await siteKeyBody() });
          if (res.statusCode !== 201) throw new Error(`site key answered ${res.statusCode}: ${res.body}`);
          return (res.json() as { id: number }).id;
        },
      };
    } else if (/^\/api\/media-folders(\/|$)/.test(u)) {
      r = {
        table: 'media_folders',
        async create(site) {
          const res = await h.post('/api/media-folders', { host: SITE_HOST[site], session: await adminOn(site), body: { title: `throwaway ${fx.next()}` } });
          if (res.statusCode !== 201) throw new Error(`folder answered ${res.statusCode}: ${res.body}`);
          return (res.json() as { id: number }).id;
        },
      };
    }
    byUrl.set(url, r);
    return r;
  }

  const marketOfSite = async (site: SiteKey) =>
    (
      await h.db
        .selectFrom('tenants')
        .select('market_id')
        .where('id', '=', await tenantOf(site))
        .executeTakeFirstOrThrow()
    ).market_id;

  const own = new Map<string, Promise<number | undefined>>();

  const siteKeyBody = async () => ({ tenant: await tenantOf('dealer'), name: `Suite key ${fx.next()}` });

  const tenantOf = async (site: SiteKey) =>
    (await h.db.selectFrom('tenant_domains').select('tenant_id').where('domain', '=', SITE_HOST[site]).executeTakeFirstOrThrow()).tenant_id;

  /** The first object id in a list answer: `results`, `items` or any array of `{ id }`. */
  function firstId(body: unknown, depth = 0): number | undefined {
    if (depth > 4 || body === null || typeof body !== 'object') return undefined;
    if (Array.isArray(body)) {
      const hit = body.find((x) => x && typeof x === 'object' && Number.isInteger((x as { id?: unknown }).id));
      return hit ? (hit as { id: number }).id : undefined;
    }
    for (const v of Object.values(body)) {
      const id = firstId(v, depth + 1);
      if (id !== undefined) return id;
    }
    return undefined;
  }

  /** The delete entry of a row made and deleted for a bin's restore: what its `:rev` names. */
  async function deletedRow(entity: EntityDef, url: string, site: SiteKey): Promise<number> {
    const home = FIXTURE_SITE[rowSite(url, site)];
    // A site is deleted only once deactivated.
    const overrides = {
      ...(entity.marketField ? { [entity.marketField]: await marketOfSite('dealer') } : {}),
      ...(entity.fields.is_active ? { is_active: false } : {}),
    };
    const id = await fx.create(entity.name, home, overrides);
    await deleteRecords(await contextFor(h, home), entity, [id]);
    const entry = await h.db
      .selectFrom('activity')
      .select('id')
      .where('model', '=', entity.name)
      .where('object_id', '=', id)
      .where('action', '=', 'delete')
      .executeTakeFirstOrThrow();
    return entry.id;
  }

  /**
   * The route's URL for the row `id`: a revision's `:rev` is the row's latest revision
   * (any other parameter is the id itself, routeTable.ts fill).
   */
  async function urlOf(route: RouteCase, id: number): Promise<string> {
    const entity = entityOf(route.url);
    if (!entity || !route.url.includes('/revisions/:rev/')) return fill(route.url, id);
    const rev = await h.db
      .selectFrom('activity')
      .select('id')
      .where('model', '=', entity.name)
      .where('object_id', '=', id)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return fill(route.url.replace(':rev', String(rev?.id ?? NO_SUCH_ID)), id);
  }

  /** An id of an existing row of the site that the route's `:id` names, or undefined. */
  async function existingId(route: RouteCase, site: SiteKey): Promise<number | undefined> {
    // A job is its own user's only (another's is 404 by design): no one id serves every identity.
    if (stripPrefix(route.url).startsWith('/api/jobs/')) return undefined;
    const bin = binOf(route.url);
    if (bin) return deletedRow(bin, route.url, site);
    const r = resourceOf(route.url);
    if (r?.ownRowsOnly) {
      const key = `${route.url}@${site}`;
      if (!own.has(key)) own.set(key, r.create(site));
      const id = await own.get(key)!;
      // Still there: a case may have deleted it, and the next one needs a real row.
      if (id !== undefined && (await stillThere(route, id))) return id;
      own.delete(key);
      return existingId(route, site);
    }
    if (r) {
      // Rows of a master entity belong to no site; an entity over part of a table sees only its part.
      const bounds: Array<[string, unknown]> = [
        ...(r.entity && !isScoped(r.entity) ? [] : [['tenant_id', await tenantOf(rowSite(route.url, site))] as [string, unknown]]),
        ...Object.entries(r.entity?.fixed ?? {}),
      ];
      let q = h.db.selectFrom(r.table as never).select('id' as never);
      for (const [column, value] of bounds) q = q.where(column as never, '=', value as never);
      const row = (await q.orderBy('id' as never).executeTakeFirst()) as { id: number } | undefined;
      return row?.id ?? (await r.create(site));
    }
    const list = route.url.replace(/\/:[A-Za-z_]\w*.*$/, '/');
    const res = await h.get(fill(list, NO_SUCH_ID), { host: SITE_HOST[site], session: await adminOn(site) });
    return res.statusCode === 200 ? firstId(res.json()) : undefined;
  }

  /** A row made for one destructive case; falls back to an existing one where the suite cannot make rows. */
  async function throwawayId(route: RouteCase, site: SiteKey): Promise<number | undefined> {
    const r = resourceOf(route.url);
    return r ? r.create(site) : existingId(route, site);
  }

  /** Whether the row is still there (undefined: the suite cannot tell for this route). */
  async function stillThere(route: RouteCase, id: number): Promise<boolean | undefined> {
    const r = resourceOf(route.url);
    if (!r) return undefined;
    const row = await h.db
      .selectFrom(r.table as never)
      .select('id' as never)
      .where('id' as never, '=', id as never)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The row's version, for an update that must name the version it edits. */
  async function versionOf(route: RouteCase, id: number): Promise<number | undefined> {
    const r = resourceOf(route.url);
    if (!r) return undefined;
    const row = (await h.db
      .selectFrom(r.table as never)
      .select('version' as never)
      .where('id' as never, '=', id as never)
      .executeTakeFirst()) as { version: number } | undefined;
    return row ? Number(row.version) : undefined;
  }

  /**
   * The market of the row where a market administrator reaches only its own market's rows
   * (docs/spec.md §3): an entity with a `marketField`, and the accounts of the master site (its
   * users list shows an MA the MAs of its market only). Else undefined.
   */
  async function marketOf(route: RouteCase, site: SiteKey, id: number): Promise<number | null | undefined> {
    if (site === 'master' && /^\/api\/users\//.test(stripPrefix(route.url))) {
      const account = await h.db.selectFrom('users').select('market_id').where('id', '=', id).executeTakeFirst();
      return account ? account.market_id : undefined;
    }
    if (/^\/api\/siteKeys\//.test(stripPrefix(route.url))) {
      const key = await h.db
        .selectFrom('site_api_keys as k')
        .innerJoin('tenants as t', 't.id', 'k.tenant_id')
        .select('t.market_id')
        .where('k.id', '=', id)
        .executeTakeFirst();
      return key ? key.market_id : undefined;
    }
    const entity = entityOf(route.url);
    if (site === 'master' && entity?.acrossSites) {
      // Across sites, a market administrator reaches the rows of its market's sites.
      const row = await h.db
        .selectFrom(`${entity.table} as r` as never)
        .innerJoin('tenants as t', 't.id', 'r.tenant_id' as never)
        .select('t.market_id')
        .where('r.id' as never, '=', id as never)
        .executeTakeFirst();
      return row ? row.market_id : undefined;
    }
    if (!entity?.marketField) return undefined;
    const column = columnOf(entity.marketField, fieldOf(entity, entity.marketField));
    const row = (await h.db
      .selectFrom(entity.table as never)
      .select(`${column} as m` as never)
      .where('id' as never, '=', id as never)
      .executeTakeFirst()) as { m: number | null } | undefined;
    return row ? (row.m === null ? null : Number(row.m)) : undefined;
  }

  /**
   * Makes what a route acts on exist before a case calls it: a draft route's row gets a
   * pending draft (its live record, as an entry of the log) unless it has one. Answers the
   * pending draft's id, which a draft write names.
   */
  async function prepare(route: RouteCase, site: SiteKey, id: number | undefined): Promise<number | undefined> {
    const entity = entityOf(route.url);
    if (!entity || !DRAFT_ROUTE.test(route.url)) return undefined;
    const ctx = await contextFor(h, FIXTURE_SITE[rowSite(route.url, site)]);
    const row = id ?? (entity.singleton ? await ensureSingleton(ctx, entity) : undefined);
    const loaded = row === undefined ? undefined : await loadRecord(ctx, entity, row);
    if (row === undefined || !loaded) return undefined;
    const pending = await pendingDraft(ctx, entity, row);
    if (pending) return pending.id;
    const entry = { tenantId: ctx.site.id, marketId: null, action: 'draft', model: entity.name, objectId: row };
    await logActivity(h.db, undefined, { ...entry, version: Number(loaded.row.version), record: loaded.record });
    return (await pendingDraft(ctx, entity, row))?.id;
  }

  /**
   * A valid create/update body for the route on the site (from the declarations for an entity;
   * `{}` elsewhere and for a preview, which reads no field; a schedule's moment), with the row's version when it names one.
   */
  async function validBody(route: RouteCase, site: SiteKey, id?: number): Promise<Record<string, unknown>> {
    if (stripPrefix(route.url) === '/api/siteKeys/') return siteKeyBody();
    if (route.url.endsWith('/preview/')) return {};
    // A schedule names the row's version and a moment, no field of the entity.
    if (route.url.endsWith('/schedule/')) {
      const version = id === undefined ? undefined : await versionOf(route, id);
      return { publish_at: '2099-01-01T09:00:00Z', ...(version === undefined ? {} : { version }) };
    }
    const draft = await prepare(route, site, id);
    if (draft !== undefined) return { ...(await entityBody(route, site, id)), draft };
    return entityBody(route, site, id);
  }

  async function entityBody(route: RouteCase, site: SiteKey, id?: number): Promise<Record<string, unknown>> {
    const entity = entityOf(route.url);
    const across = site === 'master' && entity?.acrossSites !== undefined;
    const served = entity && (across || entity.scope === 'both' || (entity.scope === 'master') === (site === 'master'));
    // Rows with a market stay in the dealer site's market, which the market administrator may reach;
    // a row across sites names its site (entities/acrossSites.ts).
    const overrides = entity?.marketField ? { [entity.marketField]: await marketOfSite('dealer') } : {};
    const body =
      served && !route.url.endsWith('/bulk_delete/')
        ? { ...(await fx.body(entity.name, FIXTURE_SITE[rowSite(route.url, site)], overrides)), ...(across ? { tenant: await tenantOf('dealer') } : {}) }
        : {};
    // A singleton's routes name no id: the version is that of the site's one row.
    const row = id ?? (served && entity.singleton ? await fx.create(entity.name, FIXTURE_SITE[site]) : undefined);
    const version = row === undefined ? undefined : await versionOf(route, row);
    return version === undefined ? body : { ...body, version };
  }

  return { resourceOf, existingId, urlOf, throwawayId, stillThere, prepare, validBody, versionOf, tenantOf, marketOf };
}

export type Resources = ReturnType<typeof resources>;
