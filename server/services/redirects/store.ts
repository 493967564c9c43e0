/**
 * The redirects table written around the entity engine (the automatic redirects and the chain
 * collapse), keeping what the engine derives from a row exact: its search words, its list
 * counters, its version. `db` is always the caller's write transaction.
 */
import type { Kysely } from 'kysely';
import { pathSpellings, redirect, targetPath } from '../../../entities/redirect.js';
import type { RecordValues } from '../../../entities/validateRecord.js';
import type { Site } from '../../entities/context.js';
import { applyDeltas, recordDeltas } from '../../entities/counts.js';
import { searchTableOf } from '../../entities/schema.js';
import { rowTokens } from '../../entities/search.js';
import { nowIso } from '../clock.js';

export const TABLE = redirect.table;
const SEARCH = searchTableOf(redirect);

interface RedirectRow {
  id: number;
  from_path: string;
  to_path: string;
  language: string | null;
  origin: string;
}

const recordOf = (r: Omit<RedirectRow, 'id'>): RecordValues => ({
  values: { from_path: r.from_path, to_path: r.to_path, language: r.language, origin: r.origin },
  translations: {},
});

const COLUMNS = ['id', 'from_path', 'to_path', 'language', 'origin'] as const;

function rowOf(r: Record<string, unknown>): RedirectRow {
  return {
    id: Number(r.id),
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

async function writeWords(db: Kysely<any>, site: Site, row: RedirectRow) {
  await db.deleteFrom(SEARCH).where('entity_id', '=', row.id).execute();
  const tokens = rowTokens(redirect, recordOf(row));
  if (tokens.length)
    await db
      .insertInto(SEARCH)
      .values(tokens.map((token) => ({ tenant_id: site.id, token, entity_id: row.id })))
      .execute();
}

export async function insertRedirect(db: Kysely<any>, site: Site, r: Omit<RedirectRow, 'id'>) {
  const now = nowIso();
  const inserted = await db
    .insertInto(TABLE)
    .values({ ...r, tenant_id: site.id, version: 1, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeWords(db, site, { ...r, id: Number(inserted.id) });
  await applyDeltas({ db, site }, redirect, recordDeltas(redirect, recordOf(r), 1));
}

/** Rewrites a row's target (and, for an automatic move, its origin and language); its facet counters follow. */
export async function changeRedirect(db: Kysely<any>, site: Site, before: RedirectRow, change: Partial<Omit<RedirectRow, 'id' | 'from_path'>>) {
  const after = { ...before, ...change };
  await db
    .updateTable(TABLE)
    .set((eb) => ({ to_path: after.to_path, origin: after.origin, language: after.language, version: eb('version', '+', 1), updated_at: nowIso() }))
    .where('id', '=', before.id)
    .execute();
  await writeWords(db, site, after);
  await applyDeltas({ db, site }, redirect, [...recordDeltas(redirect, recordOf(before), -1), ...recordDeltas(redirect, recordOf(after), 1)]);
}

export async function deleteRedirect(db: Kysely<any>, site: Site, row: RedirectRow) {
  await db.deleteFrom(SEARCH).where('entity_id', '=', row.id).execute();
  await db.deleteFrom(TABLE).where('id', '=', row.id).execute();
  await applyDeltas({ db, site }, redirect, recordDeltas(redirect, recordOf(row), -1));
}
