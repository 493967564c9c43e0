/**
 * A dealer entity the master back-office serves over every dealer site it reaches
 * (`acrossSites`, entities/define.ts): the same routes as on a dealer site, on the master
 * host. Reads run on the entity engine with the context's `span` — the reached sites instead
 * of one — and the declaration's master view, whose `tenant` field is the row's site
 * (entities/acrossSites.ts). A write finds the row's site (or the site a new row names)
 * within the span and runs in that site's own context, exactly as its back-office writes:
 * one write path, the site's counters, words, data version and write hooks. A row outside
 * the span is not found (404), and a new row for a site outside it is refused (400).
 */
import type { Kysely } from 'kysely';
import { SITE_FIELD } from '../../entities/acrossSites.js';
import type { EntityDef } from '../../entities/define.js';
import { requiredCode, validateValue } from '../../entities/fieldTypes/index.js';
import { isPlainObject } from '../../entities/formats.js';
import type { Errors } from '../../entities/problems.js';
import { forSite } from '../../entities/siteFields.js';
import { fieldError, fieldErrors, notFound } from '../errors.js';
import { type Principal, userMarketOf } from '../services/principal.js';
import { bounded, type EngineContext, loadSite, rowBounds } from './context.js';
import { loadRecord, presentDetail } from './read.js';
import { deleteRecords, insertRecord, updateRecord, type WriteOptions } from './write.js';

/** The dealer sites a master user reaches: a market administrator its market's, anyone else every one (null). */
export async function spanOf(db: Kysely<any>, user: Principal): Promise<readonly number[] | null> {
  const market = userMarketOf(user);
  if (market === undefined) return null;
  if (market === null) return [];
  const rows = await db.selectFrom('tenants').select('id').where('kind', '=', 'dealer').where('market_id', '=', market).execute();
  return rows.map((r) => Number(r.id));
}

/** The declaration as the master serves it: with the site field. */
export const masterView = (entity: EntityDef) => forSite(entity, 'default');

/** A reached dealer site's own context: no span, no market bound (the span is that bound). */
async function siteContext(ctx: EngineContext, siteId: number): Promise<EngineContext | undefined> {
  if (ctx.span === undefined) throw new Error('siteContext: a context across sites');
  if (ctx.span !== null && !ctx.span.includes(siteId)) return undefined;
  const site = await loadSite(ctx.db, siteId);
  if (site?.kind !== 'dealer') return undefined;
  return { ...ctx, site, span: undefined, userMarket: undefined };
}

/** The context of the site a reached row lives in. */
async function contextOfRow(ctx: EngineContext, entity: EntityDef, id: number): Promise<EngineContext | undefined> {
  const row = await bounded(ctx.db.selectFrom(entity.table).select('tenant_id').where('id', '=', id), rowBounds(ctx, entity)).executeTakeFirst();
  return row && siteContext(ctx, Number(row.tenant_id));
}

/** A language the row's site has, else its default (the master's languages are not the site's). */
function inSite<O extends WriteOptions>(site: EngineContext, opts: O): O {
  return opts.languageCode !== undefined && !site.site.languages.includes(opts.languageCode) ? { ...opts, languageCode: undefined } : opts;
}

/** The body without its site field, which names where the row is written, not a column the site's declaration has. */
function split(body: unknown): { site: unknown; rest: unknown } {
  if (!isPlainObject(body)) return { site: undefined, rest: body };
  const { [SITE_FIELD]: site, ...rest } = body;
  return { site, rest };
}

async function readAcross(ctx: EngineContext, entity: EntityDef, id: number, language: string) {
  const view = masterView(entity);
  const loaded = await loadRecord(ctx, view, id);
  return loaded && presentDetail(ctx, view, loaded, language);
}

/** POST: the new row in the site its body names (`tenant`), which must be reached. */
export async function createAcross(ctx: EngineContext, entity: EntityDef, body: unknown, opts: WriteOptions, language: string) {
  const { site, rest } = split(body);
  const field = masterView(entity).fields[SITE_FIELD]!;
  const errors: Errors = {};
  const siteId = validateValue(field, site, SITE_FIELD, errors);
  if (Object.keys(errors).length) throw fieldErrors(errors);
  if (typeof siteId !== 'number') throw fieldError(SITE_FIELD, requiredCode(field, site !== undefined));
  const there = await siteContext(ctx, siteId);
  if (!there) throw fieldError(SITE_FIELD, 'missing', { id: siteId });
  const id = await insertRecord(there, entity, rest, inSite(there, opts));
  return (await readAcross(ctx, entity, id, language))!;
}

/** PUT/PATCH: the row changed in its own site; it stays there (a `tenant` naming another site is refused). */
export async function updateAcross(
  ctx: EngineContext,
  entity: EntityDef,
  id: number,
  body: unknown,
  opts: WriteOptions & { partial: boolean; version: number | undefined },
  language: string,
) {
  const there = await contextOfRow(ctx, entity, id);
  if (!there) throw notFound();
  const { site, rest } = split(body);
  if (site !== undefined && site !== null && site !== there.site.id) throw fieldError(SITE_FIELD, 'siteFixed');
  await updateRecord(there, entity, id, rest, inSite(there, opts));
  const row = await readAcross(ctx, entity, id, language);
  if (!row) throw notFound();
  return row;
}

/** DELETE one: whether a reached row was deleted. */
export async function removeAcross(ctx: EngineContext, entity: EntityDef, id: number, opts: { version?: number; language?: string }) {
  const there = await contextOfRow(ctx, entity, id);
  if (!there) return false;
  const { deleted } = await deleteRecords(there, entity, [id], { ...opts, language: undefined });
  return deleted.length > 0;
}

/** Bulk delete: each reached row in its own site; the rest are not found. */
export async function removeManyAcross(ctx: EngineContext, entity: EntityDef, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const rows = unique.length
    ? await bounded(ctx.db.selectFrom(entity.table).select(['id', 'tenant_id']).where('id', 'in', unique), rowBounds(ctx, entity)).execute()
    : [];
  const bySite = new Map<number, number[]>();
  for (const r of rows) bySite.set(Number(r.tenant_id), [...(bySite.get(Number(r.tenant_id)) ?? []), Number(r.id)]);
  const done = new Set<number>();
  // One transaction; sites in id order, the order every writer takes their data versions in.
  await ctx.db.transaction().execute(async (db) => {
    for (const siteId of [...bySite.keys()].sort((a, b) => a - b)) {
      const there = await siteContext({ ...ctx, db }, siteId);
      if (there) for (const id of (await deleteRecords(there, entity, bySite.get(siteId)!)).deleted) done.add(id);
    }
  });
  return { deleted: unique.filter((id) => done.has(id)), not_found: unique.filter((id) => !done.has(id)) };
}
