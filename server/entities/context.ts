import { type Kysely, sql } from 'kysely';
import { type EntityDef, fieldOf, type Scope } from '../../entities/define.js';
import type { Actor } from '../activity/actor.js';
import { type Dialect, dialectOf } from '../db/database.js';
import { siteWriteTransaction } from '../cache/dataVersions.js';
import { type Registry, sharedRegistry } from './registry.js';
import { columnOf, isScoped } from './schema.js';
import { parseJson } from './storage.js';
import type { RenditionPresets } from '../services/media/renditionPresets.js';

export { dialectOf };

/** The site a request works on, as the engine needs it. */
export interface Site {
  id: number;
  kind: 'default' | 'dealer';
  languages: readonly string[];
  default_language: string;
  /** A dealer site's market (the activity log's scope). */
  market?: number | null;
  /**
   * The site's primary domain, when the request that works knows it already (its host's site,
   * services/tenants.ts): the indexing log's URLs then need no read of it in the write.
   */
  domain?: string;
}

/** A site by id as the engine needs it, read with `db` (in a transaction: a site not committed yet). */
export async function loadSite(db: Kysely<any>, id: number): Promise<Site | undefined> {
  const row = await db.selectFrom('tenants').select(['id', 'kind', 'languages', 'default_language', 'market_id']).where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const languages = parseJson<string[]>(row.languages, []);
  return {
    id: Number(row.id),
    kind: row.kind === 'default' ? 'default' : 'dealer',
    languages: languages.length ? languages : [String(row.default_language)],
    default_language: String(row.default_language),
    market: row.market_id === null ? null : Number(row.market_id),
  };
}

/**
 * An engine context for work outside a request (seeds, write hooks, the media library):
 * the site read by id with `db`, which may be a transaction. Undefined when there is no such site.
 */
export async function contextForSite(db: Kysely<any>, id: number, opts: { media: boolean }): Promise<EngineContext | undefined> {
  const site = await loadSite(db, id);
  return site && { db, dialect: dialectOf(db), registry: sharedRegistry(), site, media: opts.media };
}

/** Everything an engine operation needs; `db` may be a transaction. */
export interface EngineContext {
  db: Kysely<any>;
  dialect: Dialect;
  registry: Registry;
  site: Site;
  /** Whether the media table exists (media ids are then checked against it). */
  media: boolean;
  /** The rendition presets, where media are presented with a `srcset` (the delivery API). */
  renditions?: RenditionPresets;
  /**
   * Set when a market administrator (role MA) works: entities with a `marketField` then
   * reach only rows of this market (null, an MA without a market: none).
   */
  userMarket?: number | null;
  /**
   * Set when the master back-office reads an `acrossSites` entity (server/entities/acrossSites.ts):
   * the dealer sites whose rows it reaches — a market administrator's, or null for every site —
   * instead of `site`'s own. Reads only: a row is written in its own site's context.
   */
  span?: readonly number[] | null;
  /** Who works, as the activity log records it; none for the server's own writes. */
  actor?: Actor;
  /**
   * The site's data version when the request began (read by the guard with the session): a
   * list keeps its search plans under it (server/list/planMemo.ts). None outside requests.
   */
  dataVersion?: string;
}

/** Rows of a master-scoped entity belong to no site: their counters and slugs use 0. */
export const tenantKey = (ctx: Pick<EngineContext, 'site'>, entity: EntityDef) => (isScoped(entity) ? ctx.site.id : 0);

/** A column equal to a value, or within a list of values. */
type Bound = [column: string, value: string | number | readonly number[]];

/** The market administrator's bound of an entity with a `marketField`, if this context has one. */
export function marketBound(ctx: EngineContext, entity: EntityDef): [column: string, market: number] | undefined {
  if (entity.marketField === undefined || ctx.userMarket === undefined) return undefined;
  // An MA without a market reaches nothing: no row has id -1 as its market.
  return [columnOf(entity.marketField, fieldOf(entity, entity.marketField)), ctx.userMarket ?? -1];
}

/**
 * Column conditions every row a context reaches must meet: its site (scoped entities), the
 * declaration's fixed values and, unless `market` is false, the market administrator's bound.
 */
export function rowBounds(ctx: EngineContext, entity: EntityDef, opts: { market?: boolean } = {}): Bound[] {
  const out: Bound[] = [];
  const { span } = ctx;
  if (isScoped(entity) && span === undefined) out.push(['tenant_id', ctx.site.id]);
  else if (isScoped(entity) && span) out.push(['tenant_id', span]);
  for (const [column, value] of Object.entries(entity.fixed ?? {})) out.push([column, value]);
  const market = opts.market === false ? undefined : marketBound(ctx, entity);
  if (market) out.push(market);
  return out;
}

/** A query limited to the rows `rowBounds` allows; `table` qualifies the columns. */
export function bounded<Q extends { where: (...args: any[]) => any }>(q: Q, bounds: readonly Bound[], table?: string): Q {
  let out = q;
  for (const [column, value] of bounds) {
    const ref = table ? `${table}.${column}` : column;
    // No site at all is reached by no row: ids are positive.
    out = Array.isArray(value) ? out.where(ref, 'in', value.length ? value : [-1]) : out.where(ref, '=', value);
  }
  return out;
}

/**
 * Locks the row until commit on PostgreSQL (SQLite runs one write transaction at a time):
 * what a write reads of it before writing (a draft's base) stays true until it commits.
 */
export async function lockRow(tx: EngineContext, entity: EntityDef, id: number): Promise<void> {
  if (tx.dialect !== 'postgres') return;
  await bounded(tx.db.selectFrom(entity.table).select('id').where('id', '=', id), rowBounds(tx, entity))
    .forUpdate()
    .execute();
}

/** Whether a site of this kind serves an entity of this scope. */
export function scopeAllows(scope: Scope, kind: Site['kind']) {
  return scope === 'both' || (scope === 'dealer') === (kind === 'dealer');
}

export async function hasTable(db: Kysely<any>, dialect: Dialect, name: string): Promise<boolean> {
  const { rows } =
    dialect === 'postgres'
      ? await sql<{
          n: number;
        }>`select count(*)::int as n from information_schema.tables where table_schema = current_schema() and table_name = ${name}`.execute(db)
      : await sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table' and name = ${name}`.execute(db);
  return Number(rows[0]?.n ?? 0) > 0;
}

/** A write of the context's site (siteWriteTransaction): `fn`, then the site's data version moved, in one transaction. */
export function siteWrite<T>(ctx: EngineContext, fn: (ctx: EngineContext) => Promise<T>): Promise<T> {
  return siteWriteTransaction(ctx.db, ctx.site.id, (trx) => fn(trx === ctx.db ? ctx : { ...ctx, db: trx }));
}
