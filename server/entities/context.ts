import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { EntityDef, Scope } from '../../entities/define.js';
import type { Dialect } from '../db/database.js';
import type { Registry } from './registry.js';
import { isScoped } from './schema.js';
import { parseJson } from './storage.js';

/** The site a request works on, as the engine needs it. */
export interface Site {
  id: number;
  kind: 'default' | 'dealer';
  languages: readonly string[];
  default_language: string;
}

/** A site by id as the engine needs it, read with `db` (in a transaction: a site not committed yet). */
export async function loadSite(db: Kysely<any>, id: number): Promise<Site | undefined> {
  const row = await db.selectFrom('tenants').select(['id', 'kind', 'languages', 'default_language']).where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const languages = parseJson<string[]>(row.languages, []);
  return {
    id: Number(row.id),
    kind: row.kind === 'default' ? 'default' : 'dealer',
    languages: languages.length ? languages : [String(row.default_language)],
    default_language: String(row.default_language),
  };
}

/** Everything an engine operation needs; `db` may be a transaction. */
export interface EngineContext {
  db: Kysely<any>;
  dialect: Dialect;
  registry: Registry;
  site: Site;
  /** Whether the media table exists (media ids are then checked against it). */
  media: boolean;
}

export function dialectOf(db: Kysely<any>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** Rows of a master-scoped entity belong to no site: their counters and slugs use 0. */
export const tenantKey = (ctx: EngineContext, entity: EntityDef) => (isScoped(entity) ? ctx.site.id : 0);

/** Whether a site of this kind serves an entity of this scope. */
export function scopeAllows(scope: Scope, kind: Site['kind']) {
  return scope === 'both' || (scope === 'dealer') === (kind === 'dealer');
}

export async function hasTable(db: Kysely<any>, dialect: Dialect, name: string): Promise<boolean> {
  const { rows } =
    dialect === 'postgres'
      ? await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_schema = current_schema() and table_name = ${name}`.execute(db)
      : await sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table' and name = ${name}`.execute(db);
  return Number(rows[0]?.n ?? 0) > 0;
}

/** Runs fn in a transaction, or in the caller's when there is one already. */
export function inTransaction<T>(ctx: EngineContext, fn: (ctx: EngineContext) => Promise<T>): Promise<T> {
  if (ctx.db.isTransaction) return fn(ctx);
  return ctx.db.transaction().execute((trx) => fn({ ...ctx, db: trx }));
}
