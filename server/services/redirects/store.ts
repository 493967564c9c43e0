/**
 * The redirects the server writes itself (the automatic redirects and the chain collapse),
 * read here and written through the entity engine's own write functions: one write path, so
 * a row's search words, list counters, version, data version and write hooks are the
 * engine's as for a redirect written by hand. `ctx` is always the caller's write transaction.
 */
import type { Kysely } from 'kysely';
import { pathSpellings, redirect, targetPath } from '../../../entities/redirect.js';
import type { EngineContext } from '../../entities/context.js';
import { deleteRecords, insertRecord, updateRecord } from '../../entities/write.js';

export const TABLE = redirect.table;

interface RedirectRow {
  id: number;
  version: number;
  from_path: string;
  to_path: string;
  language: string | null;
  origin: string;
}

type Written = Pick<RedirectRow, 'to_path' | 'language' | 'origin'>;

const COLUMNS = ['id', 'version', 'from_path', 'to_path', 'language', 'origin'] as const;

function rowOf(r: Record<string, unknown>): RedirectRow {
  return {
    id: Number(r.id),
    version: Number(r.version),
    from_path: String(r.from_path),
    to_path: String(r.to_path),
    language: r.language === null || r.language === undefined ? null : String(r.language),
    origin: String(r.origin),
  };
}

export async function redirectById(db: Kysely<any>, tenantId: number, id: number): Promise<RedirectRow | undefined> {
  const r = await db.selectFrom(TABLE).select(COLUMNS).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return r && rowOf(r);
}

/** The redirect away from the page a path or target names, under any of its spellings. */
export async function redirectFrom(db: Kysely<any>, tenantId: number, path: string): Promise<RedirectRow | undefined> {
  const r = await db
    .selectFrom(TABLE)
    .select(COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('from_path', 'in', pathSpellings(targetPath(path)))
    .orderBy('from_path')
    .limit(1)
    .executeTakeFirst();
  return r && rowOf(r);
}

/** Whether another redirect starts from the same page (`/a` and `/a/`): the engine's unique check compares exact values. */
export async function sourceTaken(db: Kysely<any>, tenantId: number, row: RedirectRow): Promise<boolean> {
  const other = await db
    .selectFrom(TABLE)
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('from_path', 'in', pathSpellings(row.from_path))
    .where('id', '!=', row.id)
    .executeTakeFirst();
  return other !== undefined;
}

/** The redirects that lead to a path, under any of its spellings. */
export async function redirectsTo(db: Kysely<any>, tenantId: number, path: string): Promise<RedirectRow[]> {
  const rows = await db.selectFrom(TABLE).select(COLUMNS).where('tenant_id', '=', tenantId).where('to_path', 'in', pathSpellings(path)).orderBy('id').execute();
  return rows.map(rowOf);
}

// `origin` is read-only to a request: the server sets it.
const bodyOf = (r: Partial<Written>) => ({
  ...(r.to_path === undefined ? {} : { to_path: r.to_path }),
  ...(r.language === undefined ? {} : { language: r.language }),
});
const originOf = (r: Partial<Written>) => (r.origin === undefined ? {} : { serverValues: { origin: r.origin } });

export async function insertRedirect(ctx: EngineContext, r: Written & Pick<RedirectRow, 'from_path'>) {
  await insertRecord(ctx, redirect, { from_path: r.from_path, ...bodyOf(r) }, originOf(r));
}

/** Rewrites a row's target (and, for an automatic move, its origin and language). */
export async function changeRedirect(ctx: EngineContext, before: RedirectRow, change: Partial<Written>) {
  await updateRecord(ctx, redirect, before.id, bodyOf(change), { partial: true, version: before.version, ...originOf(change) });
}

export async function deleteRedirect(ctx: EngineContext, row: RedirectRow) {
  await deleteRecords(ctx, redirect, [row.id]);
}
