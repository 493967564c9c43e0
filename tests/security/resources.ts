/**
 * Real rows for the attack suite: which table a route's `:id` names, an id of a row of a
 * given site, a throwaway row to delete, and a valid body where one can be made from the
 * declarations. Routes the suite knows nothing about fall back to their sibling list
 * (`GET` on the URL without `/:id…`), then to an id that names nothing.
 */
import type { EntityDef } from '../../entities/define.js';
import { ENTITIES } from '../../entities/index.js';
import { fixtures, type SiteName } from '../server/entity-fixtures.js';
import type { Harness, Session } from '../server/harness.js';
import { image } from '../server/fixtures/media.js';
import { upload } from '../server/fixtures/mediaApi.js';
import { fill, type RouteCase } from './routeTable.js';

/** An id beyond every row, inside the integer range: names nothing. */
export const NO_SUCH_ID = 2_147_483_000;

export type SiteKey = 'master' | 'dealer' | 'verdi';
const FIXTURE_SITE: Record<SiteKey, SiteName> = { master: 'master', dealer: 'rossi', verdi: 'verdi' };
export const SITE_HOST: Record<SiteKey, string> = { master: 'localhost', dealer: 'rossi.localhost', verdi: 'verdi.localhost' };

interface Resource {
  table: string;
  entity?: EntityDef;
  /** Makes a row on the site through the real code and answers its id. */
  create(site: SiteKey): Promise<number>;
}

const stripPrefix = (url: string) => url.replace(/^\/backoffice\/api\//, '/api/');

export function entityOf(url: string): EntityDef | undefined {
  const u = stripPrefix(url);
  const base = (e: EntityDef) => `/api${e.path}/`;
  return ENTITIES.find((e) => u === base(e) || u === `${base(e)}bulk_delete/` || u.startsWith(`${base(e)}:id/`));
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
      r = { table: entity.table, entity, create: (site) => fx.create(entity.name, FIXTURE_SITE[site]) };
    } else if (/^\/api\/media(\/|$)/.test(u)) {
      r = {
        table: 'media',
        async create(site) {
          const res = await upload(h, await adminOn(site), await image('png', 8, 8), { filename: 'throwaway.png' });
          if (res.statusCode !== 201) throw new Error(`upload answered ${res.statusCode}: ${res.body}`);
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

  /** An id of an existing row of the site that the route's `:id` names, or undefined. */
  async function existingId(route: RouteCase, site: SiteKey): Promise<number | undefined> {
    const r = resourceOf(route.url);
    if (r) {
      const row = (await h.db
        .selectFrom(r.table as never)
        .select('id' as never)
        .where('tenant_id' as never, '=', (await tenantOf(site)) as never)
        .orderBy('id' as never)
        .executeTakeFirst()) as { id: number } | undefined;
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
    const row = await h.db.selectFrom(r.table as never).select('id' as never).where('id' as never, '=', id as never).executeTakeFirst();
    return row !== undefined;
  }

  /** The row's version, for an update that must name the version it edits. */
  async function versionOf(route: RouteCase, id: number): Promise<number | undefined> {
    const r = resourceOf(route.url);
    if (!r) return undefined;
    const row = (await h.db.selectFrom(r.table as never).select('version' as never).where('id' as never, '=', id as never).executeTakeFirst()) as
      | { version: number }
      | undefined;
    return row ? Number(row.version) : undefined;
  }

  /** A valid create/update body for the route on the site (from the declarations for an entity; `{}` elsewhere), with the row's version when it names one. */
  async function validBody(route: RouteCase, site: SiteKey, id?: number): Promise<Record<string, unknown>> {
    const entity = entityOf(route.url);
    const served = entity && (entity.scope === 'both' || (entity.scope === 'master') === (site === 'master'));
    const body = served && !route.url.endsWith('/bulk_delete/') ? await fx.body(entity.name, FIXTURE_SITE[site]) : {};
    const version = id === undefined ? undefined : await versionOf(route, id);
    return version === undefined ? body : { ...body, version };
  }

  return { resourceOf, existingId, throwawayId, stillThere, validBody, versionOf, tenantOf };
}

export type Resources = ReturnType<typeof resources>;
