/**
 * Create, update and delete, for any declared entity. A write is: the shared validation
 * (entities/validateRecord.ts) → rich text sanitised → checks that need the database (slugs,
 * unique fields, references in the same site) → one transaction that writes the row, its
 * join tables, slugs, search words and counters. Any error answers before anything is
 * written; a unique or reference race inside the transaction rolls it back and the write
 * is tried again, so its checks answer properly.
 */
import type { EntityDef } from '../../entities/define.js';
import type { Field } from '../../entities/fields.js';
import { slugify } from '../../entities/formats.js';
import { addError, type Errors } from '../../entities/problems.js';
import { type RecordValues, validateRecord } from '../../entities/validateRecord.js';
import { bumpDataVersion } from '../cache/dataVersions.js';
import { fieldError, fieldErrors, HttpError, notFound } from '../errors.js';
import { nowIso } from '../services/clock.js';
import { bounded, type EngineContext, inTransaction, marketBound, rowBounds, tenantKey } from './context.js';
import { applyDeltas, type Delta, facetFields, recordDeltas, updateDeltas } from './counts.js';
import { loadRecord, loadRecords, presentDetail } from './read.js';
import { runWriteHooks } from './hooks.js';
import { checkRefs, protectingReferences, referencingPairs, type UsedBy } from './references.js';
import { sanitizeRecord } from './richtext.js';
import { columnOf, isJoinField, joinTableOf, searchTableOf, SLUGS_TABLE } from './schema.js';
import { rowTokens } from './search.js';
import { encodeRecord, shadowValue } from './storage.js';

export interface WriteOptions {
  /** `?language_code=`: flat translated values are written in this language. */
  languageCode?: string;
  /**
   * Values of read-only fields that the server itself sets (an automatic redirect's
   * `origin`), never taken from a request's body.
   */
  serverValues?: Readonly<Record<string, unknown>>;
  /** A row brought back from the bin keeps its id (server/entities/revisions/restore.ts). */
  id?: number;
  /** The revision a restore writes the values of: the revision records it. */
  restoredFrom?: number;
  /** The draft a publish writes (server/entities/drafts/store.ts): the revision is a `publish`. */
  publishedDraft?: number;
}

const ATTEMPTS = 8;

function dbErrorCode(e: unknown): string {
  return String((e as { code?: unknown })?.code ?? '');
}
export const isUniqueViolation = (e: unknown) => ['23505', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY'].includes(dbErrorCode(e));
export const isReferenceViolation = (e: unknown) => ['23503', 'SQLITE_CONSTRAINT_FOREIGNKEY'].includes(dbErrorCode(e));

/** Runs a write transaction again when a concurrent write got in between its checks and its statements. */
async function withRetry<T>(ctx: EngineContext, fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (e) {
      const race = isUniqueViolation(e) || isReferenceViolation(e);
      if (!race || ctx.db.isTransaction || attempt >= ATTEMPTS) {
        if (race) throw new HttpError(409, { detail: 'A concurrent change got in the way. Try again.' });
        throw e;
      }
      // Writers that collided would collide again in lockstep: spread them out.
      await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
    }
  }
}

export function conflict(current: unknown) {
  return new HttpError(409, { detail: 'This record was changed by someone else since you loaded it.', current });
}

/**
 * A write's transaction. The site's data version moves first: cached lists of the site
 * are outdated from the commit on, and on PostgreSQL a site's writers take their locks
 * in the same order (that row first), so they queue instead of deadlocking.
 */
function writeTransaction<T>(ctx: EngineContext, fn: (tx: EngineContext) => Promise<T>): Promise<T> {
  // A row is written in its own site's context, never in a master list's (server/entities/acrossSites.ts).
  if (ctx.span !== undefined) throw new Error('A write across sites names the site it writes in');
  return inTransaction(ctx, async (tx) => {
    await bumpDataVersion(tx.db, ctx.site.id);
    return fn(tx);
  });
}

class StaleVersion extends Error {}

const slugField = (entity: EntityDef) => Object.entries(entity.fields).find(([, f]) => f.type === 'slug') as [string, Field & { type: 'slug' }] | undefined;

interface SlugEntry {
  language: string;
  slug: string;
}

async function slugTaken(ctx: EngineContext, entity: EntityDef, language: string, slug: string, self?: number) {
  let q = ctx.db
    .selectFrom(SLUGS_TABLE)
    .select('entity_id')
    .where('entity', '=', entity.name)
    .where('tenant_id', '=', tenantKey(ctx, entity))
    .where('language', '=', language)
    .where('slug', '=', slug);
  if (self !== undefined) q = q.where('entity_id', '!=', self);
  return (await q.executeTakeFirst()) !== undefined;
}

/** `base`, else `base-2`, `base-3` … whichever is free. */
async function freeSlug(ctx: EngineContext, entity: EntityDef, language: string, base: string, max: number, self?: number) {
  let q = ctx.db
    .selectFrom(SLUGS_TABLE)
    .select('slug')
    .where('entity', '=', entity.name)
    .where('tenant_id', '=', tenantKey(ctx, entity))
    .where('language', '=', language)
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]));
  if (self !== undefined) q = q.where('entity_id', '!=', self);
  const used = new Set((await q.execute()).map((r) => String(r.slug)));
  if (!used.has(base)) return base;
  for (let i = 2; ; i++) {
    const suffix = `-${i}`;
    const candidate = `${base.slice(0, max - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!used.has(candidate)) return candidate;
  }
}

/**
 * Fills empty slugs from their source field and checks given ones are free in this site
 * (per language for translated slugs). Returns what entity_slugs must hold for the row.
 */
async function resolveSlugs(ctx: EngineContext, entity: EntityDef, record: RecordValues, self: number | undefined, errors: Errors) {
  const entries: SlugEntry[] = [];
  const found = slugField(entity);
  if (!found) return entries;
  const [name, field] = found;
  const max = field.maxLength ?? 200;
  const source = field.from ? entity.fields[field.from] : undefined;
  const resolve = async (language: string, current: unknown, sourceValue: unknown, path: string) => {
    let slug = typeof current === 'string' ? current : '';
    if (slug === '' && typeof sourceValue === 'string' && sourceValue !== '') {
      const base = slugify(sourceValue, max) || entity.name;
      slug = await freeSlug(ctx, entity, language, base, max, self);
    } else if (slug !== '' && (await slugTaken(ctx, entity, language, slug, self))) {
      addError(errors, path, 'slugTaken');
    }
    if (slug !== '') entries.push({ language, slug });
    return slug;
  };
  if (!field.translated) {
    const src =
      field.from && source ? (source.translated ? shadowValue(record, field.from, source, ctx.site.default_language) : record.values[field.from]) : undefined;
    record.values[name] = await resolve('', record.values[name], src, name);
  } else {
    for (const [lang, vals] of Object.entries(record.translations)) {
      vals[name] = await resolve(lang, vals[name], field.from ? vals[field.from] : undefined, `translations.${lang}.${name}`);
    }
  }
  return entries;
}

async function checkUnique(ctx: EngineContext, entity: EntityDef, record: RecordValues, self: number | undefined, errors: Errors) {
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.type !== 'text' || !field.unique || field.translated) continue;
    const v = record.values[name];
    if (v === '' || v === null || v === undefined) continue;
    let q = bounded(ctx.db.selectFrom(entity.table).select('id').where(columnOf(name, field), '=', v), rowBounds(ctx, entity, { market: false }));
    if (self !== undefined) q = q.where('id', '!=', self);
    if (await q.executeTakeFirst()) addError(errors, name, 'unique', { entity: entity.name, field: name });
  }
}

/** A market administrator writes rows of its own market: an empty market becomes its own, another one is refused. */
function checkMarket(ctx: EngineContext, entity: EntityDef, record: RecordValues, errors: Errors) {
  const bound = marketBound(ctx, entity);
  if (!bound) return;
  const name = entity.marketField!;
  const value = record.values[name];
  if (value === null || value === undefined) record.values[name] = bound[1];
  else if (value !== bound[1]) addError(errors, name, 'ownMarket');
}

/** The database-side checks (a draft is checked alike: drafts/store.ts); throws 400 with every problem found. */
export async function checkAgainstDatabase(ctx: EngineContext, entity: EntityDef, record: RecordValues, self?: number) {
  const errors: Errors = {};
  checkMarket(ctx, entity, record, errors);
  const slugs = await resolveSlugs(ctx, entity, record, self, errors);
  await checkUnique(ctx, entity, record, self, errors);
  await checkRefs(ctx, entity, record, errors);
  if (Object.keys(errors).length) throw fieldErrors(errors);
  return slugs;
}

async function writeJoins(ctx: EngineContext, entity: EntityDef, id: number, record: RecordValues, fields: readonly string[], fresh: boolean) {
  for (const name of fields) {
    const table = joinTableOf(entity, name);
    if (!fresh) await ctx.db.deleteFrom(table).where('source_id', '=', id).execute();
    const ids = (record.values[name] as number[]) ?? [];
    if (ids.length)
      await ctx.db
        .insertInto(table)
        .values(ids.map((target_id, position) => ({ source_id: id, target_id, position })))
        .execute();
  }
}

async function writeIndexes(ctx: EngineContext, entity: EntityDef, id: number, record: RecordValues, slugs: SlugEntry[], fresh: boolean) {
  if (!fresh) await ctx.db.deleteFrom(SLUGS_TABLE).where('entity', '=', entity.name).where('entity_id', '=', id).execute();
  if (slugs.length) {
    await ctx.db
      .insertInto(SLUGS_TABLE)
      .values(slugs.map((s) => ({ entity: entity.name, tenant_id: tenantKey(ctx, entity), language: s.language, slug: s.slug, entity_id: id })))
      .execute();
  }
  if (entity.list.search.length) {
    const table = searchTableOf(entity);
    if (!fresh) await ctx.db.deleteFrom(table).where('entity_id', '=', id).execute();
    const tokens = rowTokens(entity, record);
    if (tokens.length) {
      await ctx.db
        .insertInto(table)
        .values(tokens.map((token) => ({ tenant_id: tenantKey(ctx, entity), token, entity_id: id })))
        .execute();
    }
  }
}

export function validateOrThrow(
  ctx: EngineContext,
  entity: EntityDef,
  body: unknown,
  mode: 'create' | 'replace' | 'patch',
  opts: WriteOptions,
  existing?: RecordValues,
) {
  const { record, errors, touched } = validateRecord(entity, body, {
    mode,
    languages: ctx.site.languages,
    defaultLanguage: ctx.site.default_language,
    languageCode: opts.languageCode,
    existing,
  });
  if (Object.keys(errors).length) throw fieldErrors(errors);
  for (const [name, value] of Object.entries(opts.serverValues ?? {})) {
    if (!entity.fields[name]?.readOnly) throw new Error(`${entity.name}.${name} is not a read-only field the server sets`);
    record.values[name] = value;
  }
  sanitizeRecord(entity, record);
  return { record, touched };
}

const language = (ctx: EngineContext, opts: WriteOptions) => opts.languageCode ?? ctx.site.default_language;

/** POST: the new row as a detail. */
export async function createRecord(ctx: EngineContext, entity: EntityDef, body: unknown, opts: WriteOptions = {}) {
  const id = await insertRecord(ctx, entity, body, opts);
  const loaded = await loadRecord(ctx, entity, id);
  return presentDetail(ctx, entity, loaded!, language(ctx, opts));
}

/** Validates and inserts a row; its id. (createRecord without reading the row back, for seeds and loaders.) */
export async function insertRecord(ctx: EngineContext, entity: EntityDef, body: unknown, opts: WriteOptions = {}): Promise<number> {
  const { record } = validateOrThrow(ctx, entity, body, 'create', opts);
  return withRetry(ctx, () =>
    writeTransaction(ctx, async (tx) => {
      const candidate = structuredClone(record);
      const slugs = await checkAgainstDatabase(tx, entity, candidate);
      const now = nowIso();
      const values: Record<string, unknown> = { ...encodeFor(tx, entity, candidate), version: 1, created_at: now, updated_at: now };
      if (opts.id !== undefined) values.id = opts.id;
      for (const [column, value] of rowBounds(tx, entity, { market: false })) values[column] = value;
      const inserted = await tx.db.insertInto(entity.table).values(values).returning('id').executeTakeFirstOrThrow();
      const newId = Number(inserted.id);
      const joinFields = Object.entries(entity.fields)
        .filter(([, f]) => isJoinField(f))
        .map(([n]) => n);
      await writeJoins(tx, entity, newId, candidate, joinFields, true);
      await writeIndexes(tx, entity, newId, candidate, slugs, true);
      await applyDeltas(tx, entity, recordDeltas(entity, candidate, 1));
      await runWriteHooks(tx, { op: 'create', entity, id: newId, after: candidate, version: 1, restoredFrom: opts.restoredFrom });
      return newId;
    }),
  );
}

const encodeFor = (ctx: EngineContext, entity: EntityDef, record: RecordValues) => encodeRecord(entity, record, ctx.site.default_language);

/** PUT (partial false) or PATCH: the updated row as a detail; 409 with the current row when `version` is stale. */
export async function updateRecord(ctx: EngineContext, entity: EntityDef, id: number, body: unknown, opts: UpdateOptions) {
  await writeUpdate(ctx, entity, id, body, opts);
  const loaded = await loadRecord(ctx, entity, id);
  if (!loaded) throw notFound();
  return presentDetail(ctx, entity, loaded, language(ctx, opts));
}

type UpdateOptions = WriteOptions & { partial: boolean; version: number | undefined };

/**
 * An update without reading the row back (updateRecord; a bulk edit's rows, in its job's
 * batch transaction): 404 without the row, 409 with the current row when `version` is stale,
 * 400 with the problems of the body.
 */
export async function writeUpdate(ctx: EngineContext, entity: EntityDef, id: number, body: unknown, opts: UpdateOptions): Promise<void> {
  const lang = language(ctx, opts);
  if (opts.version === undefined) {
    throw fieldError('version', 'versionRequired');
  }
  const current = await loadRecord(ctx, entity, id);
  if (!current) throw notFound();
  if (Number(current.row.version) !== opts.version) throw conflict(await presentDetail(ctx, entity, current, lang));
  const { record, touched } = validateOrThrow(ctx, entity, body, opts.partial ? 'patch' : 'replace', opts, current.record);
  try {
    await withRetry(ctx, () =>
      writeTransaction(ctx, async (tx) => {
        const candidate = structuredClone(record);
        const slugs = await checkAgainstDatabase(tx, entity, candidate, id);
        let q = tx.db
          .updateTable(entity.table)
          .set((eb) => ({ ...encodeFor(tx, entity, candidate), version: eb('version', '+', 1), updated_at: nowIso() }))
          .where('id', '=', id)
          .where('version', '=', opts.version!);
        q = bounded(q, rowBounds(tx, entity));
        const result = await q.executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) throw new StaleVersion();
        const joinFields = Object.entries(entity.fields)
          .filter(([n, f]) => isJoinField(f) && (!opts.partial || touched.has(n)))
          .map(([n]) => n);
        await writeJoins(tx, entity, id, candidate, joinFields, false);
        await writeIndexes(tx, entity, id, candidate, slugs, false);
        await applyDeltas(tx, entity, updateDeltas(entity, current.record, candidate));
        await runWriteHooks(tx, {
          op: 'update',
          entity,
          id,
          before: current.record,
          after: candidate,
          version: opts.version! + 1,
          restoredFrom: opts.restoredFrom,
          publishedDraft: opts.publishedDraft,
        });
      }),
    );
  } catch (e) {
    if (!(e instanceof StaleVersion)) throw e;
    const now = await loadRecord(ctx, entity, id);
    if (!now) throw notFound();
    throw conflict(await presentDetail(ctx, entity, now, lang));
  }
}

function inUse(entity: EntityDef, usedBy: UsedBy[]) {
  const rows = new Set(usedBy.map((u) => u.id)).size;
  const [first] = usedBy;
  const detail =
    rows === 1 && first
      ? `This ${entity.name} is used by ${first.count} ${first.entity}${first.count === 1 ? '' : ' rows'} and cannot be deleted.`
      : `${rows} of these rows are in use and cannot be deleted.`;
  return new HttpError(409, { detail, used_by: usedBy });
}

/**
 * Deletes rows of this site, with what their references ask for: cascading deletes,
 * clearing setNull references, dropping unlink m2m links; a protect reference from a row
 * not deleted too answers 409 with `used_by` and nothing is deleted.
 */
async function deleteWithReferences(ctx: EngineContext, entity: EntityDef, ids: readonly number[], deleting: Map<string, Set<number>>) {
  const mine = deleting.get(entity.name) ?? new Set<number>();
  deleting.set(entity.name, mine);
  const loaded = await loadRecords(
    ctx,
    entity,
    ids.filter((id) => !mine.has(id)),
    [],
  );
  const found = [...loaded.keys()];
  if (!found.length) return found;
  for (const id of found) mine.add(id);

  const blocked = await protectingReferences(ctx, entity, found, deleting);
  if (blocked.length) throw inUse(entity, blocked);

  for (const ref of ctx.registry.referrers(entity.name)) {
    const action = ref.def.onDelete ?? 'protect';
    if (action === 'protect') continue;
    if (action === 'cascade') {
      const sources = (await referencingPairs(ctx, ref.entity, ref.field, found)).map(([, s]) => s);
      if (sources.length) await deleteWithReferences(ctx, ref.entity, sources, deleting);
    } else if (action === 'setNull') {
      const pairs = await referencingPairs(ctx, ref.entity, ref.field, found, [...(deleting.get(ref.entity.name) ?? [])]);
      if (!pairs.length) continue;
      const col = columnOf(ref.field, ref.def);
      await ctx.db
        .updateTable(ref.entity.table)
        .set((eb) => ({ [col]: null, version: eb('version', '+', 1), updated_at: nowIso() }))
        .where(
          'id',
          'in',
          pairs.map(([, s]) => s),
        )
        .execute();
      if (facetFields(ref.entity).some(([n]) => n === ref.field)) {
        const deltas: Delta[] = pairs.flatMap(([t]) => [
          { field: ref.field, value: String(t), n: -1 },
          { field: ref.field, value: '', n: 1 },
        ]);
        await applyDeltas(ctx, ref.entity, deltas);
      }
    } else if (action === 'unlink') {
      await ctx.db.deleteFrom(joinTableOf(ref.entity, ref.field)).where('target_id', 'in', found).execute();
    }
  }

  for (const [name, field] of Object.entries(entity.fields)) {
    if (isJoinField(field)) await ctx.db.deleteFrom(joinTableOf(entity, name)).where('source_id', 'in', found).execute();
  }
  if (entity.list.search.length) await ctx.db.deleteFrom(searchTableOf(entity)).where('entity_id', 'in', found).execute();
  await ctx.db.deleteFrom(SLUGS_TABLE).where('entity', '=', entity.name).where('entity_id', 'in', found).execute();
  await bounded(ctx.db.deleteFrom(entity.table).where('id', 'in', found), rowBounds(ctx, entity)).execute();
  const deltas = found.flatMap((id) => recordDeltas(entity, loaded.get(id)!.record, -1));
  await applyDeltas(ctx, entity, deltas);
  for (const id of found) {
    const gone = loaded.get(id)!;
    await runWriteHooks(ctx, { op: 'delete', entity, id, before: gone.record, version: Number(gone.row.version) });
  }
  return found;
}

export const MAX_BULK = 1000;

/** DELETE one (version optional: a stale one answers 409) or many: the ids deleted and those not found in this site. */
export async function deleteRecords(ctx: EngineContext, entity: EntityDef, ids: readonly number[], opts: { version?: number; language?: string } = {}) {
  const unique = [...new Set(ids)];
  const [only] = unique;
  if (opts.version !== undefined && unique.length === 1 && only !== undefined) {
    const current = await loadRecord(ctx, entity, only);
    if (current && Number(current.row.version) !== opts.version) {
      throw conflict(await presentDetail(ctx, entity, current, opts.language ?? ctx.site.default_language));
    }
  }
  let deleted: number[] = [];
  try {
    deleted = await writeTransaction(ctx, (tx) => deleteWithReferences(tx, entity, unique, new Map()));
  } catch (e) {
    if (isReferenceViolation(e)) throw new HttpError(409, { detail: 'This row came into use while it was being deleted. Try again.' });
    throw e;
  }
  const done = new Set(deleted);
  return { deleted: unique.filter((id) => done.has(id)), not_found: unique.filter((id) => !done.has(id)) };
}
