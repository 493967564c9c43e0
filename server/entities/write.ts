/**
 * Create, update and delete, for any declared entity. A write is: the shared validation
 * (entities/validateRecord.ts) → rich text sanitised → checks that need the database (slugs,
 * unique fields, references in the same site) → one transaction that writes the row, its
 * join tables, slugs, search words and counters. Any error answers before anything is
 * written; a unique or reference race inside the transaction rolls it back and the write
 * is tried again, so its checks answer properly.
 */
import type { EntityDef } from '../../entities/define.js';
import { type RecordValues, validateRecord } from '../../entities/validateRecord.js';
import { fieldError, fieldErrors, HttpError, notFound } from '../errors.js';
import { nowIso } from '../services/clock.js';
import { bounded, type EngineContext, rowBounds, siteWrite, tenantKey } from './context.js';
import { applyDeltas, type Delta, facetFields, recordDeltas, updateDeltas } from './counts.js';
import { type Loaded, loadRecord, loadRecords, presentDetail } from './read.js';
import type { ScheduledAction } from '../../entities/schedule.js';
import { runWriteHooks } from './hooks.js';
import { checkRecords, slugKey, slugsOf } from './dbChecks.js';
import { insertMany, insertManyReturningIds, replaceMany } from './insertMany.js';
import { protectingReferences, referencingPairs, type UsedBy } from './references.js';
import { sanitizeRecord } from './richtext.js';
import { savepoint } from './savepoint.js';
import { columnOf, isJoinField, joinTableOf, searchTableOf, SLUGS_TABLE } from './schema.js';
import { rowTokens } from './search.js';
import { encodeRecord } from './storage.js';

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
  /** The scheduled action this write carries out (server/entities/schedule/runner.ts): the revision says so. */
  scheduled?: ScheduledAction;
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
 * A write's transaction. The site's data version moves last: cached lists of the site are
 * outdated from the commit on, and on PostgreSQL its row is locked for the commit only.
 */
function writeTransaction<T>(ctx: EngineContext, fn: (tx: EngineContext) => Promise<T>): Promise<T> {
  // A row is written in its own site's context, never in a master list's (server/entities/acrossSites.ts).
  if (ctx.span !== undefined) throw new Error('A write across sites names the site it writes in');
  return siteWrite(ctx, fn);
}

/** A written row and what its join tables, slugs and words come from. */
interface Written {
  id: number;
  record: RecordValues;
}

/** The rows' join tables (`fresh`: new rows, nothing to replace), one insert per table. */
async function writeJoins(ctx: EngineContext, entity: EntityDef, rows: readonly Written[], fields: readonly string[], fresh: boolean) {
  for (const name of fields) {
    const links = rows.flatMap(({ id, record }) =>
      ((record.values[name] as number[]) ?? []).map((target_id, position) => ({ source_id: id, target_id, position })),
    );
    await replaceMany(ctx.db, ctx.dialect, joinTableOf(entity, name), { column: 'source_id', ids: fresh ? [] : rows.map((r) => r.id) }, links);
  }
}

/** A row written over `before` (an update), or new (`before` undefined). */
interface Indexed extends Written {
  before?: RecordValues;
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && new Set([...a, ...b]).size === new Set(a).size;
const slugKeys = (entity: EntityDef, record: RecordValues) => slugsOf(entity, record).map(slugKey);
/** The ids of the updated rows among `rows`: those whose stored entries are replaced. */
const updatedIds = (rows: readonly Indexed[]) => rows.filter((r) => r.before).map((r) => r.id);

/**
 * The rows' slugs and search words, one insert each. An updated row's are replaced only where
 * they changed: most saves (a price, a status) change neither, and each replaced entry is a
 * page more for the commit to write.
 */
async function writeIndexes(ctx: EngineContext, entity: EntityDef, rows: readonly Indexed[]) {
  const tenant = tenantKey(ctx, entity);
  const slugRows = rows.filter((r) => !r.before || !sameSet(slugKeys(entity, r.before), slugKeys(entity, r.record)));
  const staleSlugs = updatedIds(slugRows);
  if (staleSlugs.length) await ctx.db.deleteFrom(SLUGS_TABLE).where('entity', '=', entity.name).where('entity_id', 'in', staleSlugs).execute();
  await insertMany(
    ctx.db,
    SLUGS_TABLE,
    slugRows.flatMap(({ id, record }) =>
      slugsOf(entity, record).map((s) => ({ entity: entity.name, tenant_id: tenant, language: s.language, slug: s.slug, entity_id: id })),
    ),
  );
  if (!entity.list.search.length) return;
  const table = searchTableOf(entity);
  const wordRows = rows.map((r) => ({ ...r, tokens: rowTokens(entity, r.record) })).filter((r) => !r.before || !sameSet(rowTokens(entity, r.before), r.tokens));
  await replaceMany(
    ctx.db,
    ctx.dialect,
    table,
    { column: 'entity_id', ids: updatedIds(wordRows) },
    wordRows.flatMap(({ id, tokens }) => tokens.map((token) => ({ tenant_id: tenant, token, entity_id: id }))),
  );
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
  const loaded = await loadRecord(ctx, entity, id, { titlesIn: language(ctx, opts) });
  return presentDetail(ctx, entity, loaded!, language(ctx, opts));
}

/** Validates and inserts a row; its id. (createRecord without reading the row back, for seeds and loaders.) */
export async function insertRecord(ctx: EngineContext, entity: EntityDef, body: unknown, opts: WriteOptions = {}): Promise<number> {
  const [made] = await insertRecords(ctx, entity, [body], opts);
  if ('refused' in made!) throw made.refused;
  return made!.id;
}

/** A row of a batched create: its new id, or why it was refused (the 4xx a one-row create answers). */
export type Created = { id: number } | { refused: HttpError };

const JOIN_FIELDS = (entity: EntityDef) =>
  Object.entries(entity.fields)
    .filter(([, f]) => isJoinField(f))
    .map(([n]) => n);

/** A refusal of a row; anything else (a 500) is the whole write's failure. */
function refusalOf(e: unknown): HttpError {
  if (e instanceof HttpError && e.statusCode < 500) return e;
  if (isUniqueViolation(e) || isReferenceViolation(e)) return new HttpError(409, { detail: 'A concurrent change got in the way. Try again.' });
  throw e;
}

/** Every row of a create refused: thrown to roll its own transaction back, then answered. */
class AllRefused extends Error {
  constructor(readonly refusals: Array<number | HttpError>) {
    super('every row refused');
  }
}

/**
 * Rows written by `write` in `tx`: each its id or refusal. `guarded`, a failed statement is
 * undone to a savepoint and the rows are written one at a time, each under its own, so a
 * refusal lands on its row only.
 */
async function writeGuarded<T>(
  tx: EngineContext,
  items: readonly T[],
  write: (tx: EngineContext, items: readonly T[]) => Promise<Array<number | HttpError>>,
  guarded: boolean,
): Promise<Array<number | HttpError>> {
  if (!guarded) return write(tx, items);
  try {
    return await savepoint(tx.db, 'write_batch', () => write(tx, items));
  } catch (e) {
    const refused = refusalOf(e);
    if (items.length === 1) return [refused];
  }
  const one: Array<number | HttpError> = [];
  for (const item of items) {
    try {
      one.push(...(await savepoint(tx.db, 'write_row', () => write(tx, [item]))));
    } catch (e) {
      one.push(refusalOf(e));
    }
  }
  return one;
}

/**
 * Rows written together in one write transaction (insertRecords, updateRecords): each row's id
 * or refusal. Several rows, or rows in a caller's transaction (an import's batch, the
 * scheduler's), are guarded (writeGuarded); outside one, one row's race is retried. A
 * transaction of its own in which every row was refused is undone, data version included.
 */
async function writeRows<T>(
  ctx: EngineContext,
  items: readonly T[],
  write: (tx: EngineContext, items: readonly T[]) => Promise<Array<number | HttpError>>,
): Promise<Array<number | HttpError>> {
  const guarded = ctx.db.isTransaction || items.length > 1;
  return withRetry(ctx, () =>
    writeTransaction(ctx, async (tx): Promise<Array<number | HttpError>> => {
      const written = await writeGuarded(tx, items, write, guarded);
      if (!ctx.db.isTransaction && written.every((r) => r instanceof HttpError)) throw new AllRefused(written);
      return written;
    }),
  ).catch((e: unknown) => {
    if (e instanceof AllRefused) return e.refusals;
    if (guarded) throw e;
    return [refusalOf(e)];
  });
}

/**
 * Validated records written together: checked against the database at once (dbChecks.ts), then
 * one insert per table for those that passed, counters moved once, the write hooks and the
 * revisions given every row at once. A record that fails its checks is that row's refusal.
 */
async function writeNew(tx: EngineContext, entity: EntityDef, records: readonly RecordValues[], opts: WriteOptions): Promise<Array<number | HttpError>> {
  const candidates = records.map((r) => structuredClone(r));
  const checked = await checkRecords(
    tx,
    entity,
    candidates.map((record) => ({ record })),
  );
  const passed = candidates.map((record, at) => ({ record, at, ...checked[at]! })).filter((c) => !Object.keys(c.errors).length);
  const now = nowIso();
  const bounds = rowBounds(tx, entity, { market: false });
  const rows = passed.map(({ record }) => {
    const values: Record<string, unknown> = { ...encodeFor(tx, entity, record), version: 1, created_at: now, updated_at: now };
    if (opts.id !== undefined) values.id = opts.id;
    for (const [column, value] of bounds) values[column] = value;
    return values;
  });
  const ids = await insertManyReturningIds(tx.db, entity.table, rows);
  const written: Written[] = passed.map((p, i) => ({ id: ids[i]!, record: p.record }));
  if (written.length) {
    await writeJoins(tx, entity, written, JOIN_FIELDS(entity), true);
    await writeIndexes(tx, entity, written);
    await applyDeltas(
      tx,
      entity,
      written.flatMap((w) => recordDeltas(entity, w.record, 1)),
    );
    await runWriteHooks(
      tx,
      written.map((w) => ({ op: 'create', entity, id: w.id, after: w.record, version: 1, restoredFrom: opts.restoredFrom })),
    );
  }
  const out: Array<number | HttpError> = checked.map((c) => fieldErrors(c.errors));
  passed.forEach((p, i) => (out[p.at] = ids[i]!));
  return out;
}

/**
 * Creates rows: each validated by the form's validator, then the valid ones written together
 * (writeNew, writeRows). Each row's outcome is what creating it alone would answer.
 */
export async function insertRecords(ctx: EngineContext, entity: EntityDef, bodies: readonly unknown[], opts: WriteOptions = {}): Promise<Created[]> {
  if (opts.id !== undefined && bodies.length !== 1) throw new Error('A given id is for one row');
  const out: Created[] = new Array<Created>(bodies.length);
  const valid: Array<{ at: number; record: RecordValues }> = [];
  bodies.forEach((body, at) => {
    try {
      valid.push({ at, record: validateOrThrow(ctx, entity, body, 'create', opts).record });
    } catch (e) {
      out[at] = { refused: refusalOf(e) };
    }
  });
  if (!valid.length) return out;
  const results = await writeRows(
    ctx,
    valid.map((v) => v.record),
    (tx, records) => writeNew(tx, entity, records, opts),
  );
  valid.forEach((v, i) => {
    const r = results[i]!;
    out[v.at] = typeof r === 'number' ? { id: r } : { refused: r };
  });
  return out;
}

const encodeFor = (ctx: EngineContext, entity: EntityDef, record: RecordValues) => encodeRecord(entity, record, ctx.site.default_language);

/**
 * The columns whose stored value `record` changes from `before`'s. An update sets only these:
 * SQLite rewrites the entries of every index on a column the SET names, changed or not (a
 * product has ten such indexes), and PostgreSQL compares fewer values.
 */
function changedColumns(ctx: EngineContext, entity: EntityDef, record: RecordValues, before: RecordValues) {
  const stored = encodeFor(ctx, entity, before);
  return Object.fromEntries(Object.entries(encodeFor(ctx, entity, record)).filter(([column, value]) => stored[column] !== value));
}

/** PUT (partial false) or PATCH: the updated row as a detail; 409 with the current row when `version` is stale. */
export async function updateRecord(ctx: EngineContext, entity: EntityDef, id: number, body: unknown, opts: UpdateOptions) {
  await writeUpdate(ctx, entity, id, body, opts);
  const loaded = await loadRecord(ctx, entity, id, { titlesIn: language(ctx, opts) });
  if (!loaded) throw notFound();
  return presentDetail(ctx, entity, loaded, language(ctx, opts));
}

type UpdateOptions = WriteOptions & { partial: boolean; version: number | undefined };

/**
 * An update without reading the row back (updateRecord, a draft's publish, a restore): 404
 * without the row, 409 with the current row when `version` is stale, 400 with the problems of
 * the body.
 */
export async function writeUpdate(ctx: EngineContext, entity: EntityDef, id: number, body: unknown, opts: UpdateOptions): Promise<void> {
  if (opts.version === undefined) throw fieldError('version', 'versionRequired');
  const { partial, publishedDraft, scheduled } = opts;
  const [refused] = await updateRecords(ctx, entity, [{ id, version: opts.version, change: () => ({ body, partial, publishedDraft, scheduled }) }], opts);
  if (refused) throw refused;
}

/** What a row of a batched update is to become. */
export interface RowChange {
  body: unknown;
  /** PATCH (only the fields the body names) rather than PUT. */
  partial: boolean;
  publishedDraft?: number;
  scheduled?: ScheduledAction;
}

/** A row of a batched update. */
export interface RowUpdate {
  id: number;
  /** The version the change was made from (stale: 409); absent, the row as it is read here (a change the server makes). */
  version?: number;
  /** The change, from the row as it is; undefined leaves the row alone. */
  change: (current: RecordValues) => RowChange | undefined;
}

/** A row of an update to write: read, validated, its change decided. */
interface Changing {
  id: number;
  version: number;
  current: Loaded;
  record: RecordValues;
  touched: ReadonlySet<string>;
  change: RowChange;
}

/**
 * Updates rows (a scheduler's batch, a bulk edit's, and through writeUpdate one row): the rows
 * read at once, each validated by the form's validator over its current record, then the valid
 * ones written together (writeChanged, writeRows). Each row's outcome — undefined when written
 * or left alone, else its refusal — is what updating it alone would answer.
 */
export async function updateRecords(
  ctx: EngineContext,
  entity: EntityDef,
  updates: readonly RowUpdate[],
  opts: WriteOptions = {},
): Promise<Array<HttpError | undefined>> {
  const lang = language(ctx, opts);
  const out = new Array<HttpError | undefined>(updates.length).fill(undefined);
  const loaded = await loadRecords(
    ctx,
    entity,
    updates.map((u) => u.id),
  );
  const changing: Array<{ at: number; row: Changing }> = [];
  for (const [at, u] of updates.entries()) {
    const current = loaded.get(u.id);
    if (!current) {
      out[at] = notFound();
      continue;
    }
    const version = Number(current.row.version);
    if (u.version !== undefined && version !== u.version) {
      out[at] = conflict(await presentDetail(ctx, entity, current, lang));
      continue;
    }
    const change = u.change(current.record);
    if (!change) continue;
    try {
      const { record, touched } = validateOrThrow(ctx, entity, change.body, change.partial ? 'patch' : 'replace', opts, current.record);
      changing.push({ at, row: { id: u.id, version, current, record, touched, change } });
    } catch (e) {
      out[at] = refusalOf(e);
    }
  }
  if (!changing.length) return out;
  const results = await writeRows(
    ctx,
    changing.map((c) => c.row),
    (tx, rows) => writeChanged(tx, entity, rows, opts),
  );
  changing.forEach((c, i) => {
    const r = results[i]!;
    if (r instanceof HttpError) out[c.at] = r;
  });
  return out;
}

/**
 * Validated changes written together: checked against the database at once (dbChecks.ts), an
 * update of each row over its version, then one statement per join table, slugs and words,
 * counters moved once, the write hooks and revisions given every row at once. A row whose
 * checks fail is refused; one changed since it was read answers 409 with the row as it is now.
 */
async function writeChanged(tx: EngineContext, entity: EntityDef, rows: readonly Changing[], opts: WriteOptions): Promise<Array<number | HttpError>> {
  const candidates = rows.map((r) => structuredClone(r.record));
  const checked = await checkRecords(
    tx,
    entity,
    rows.map((r, at) => ({ record: candidates[at]!, self: r.id, before: r.current.record })),
  );
  const out: Array<number | HttpError> = checked.map((c) => fieldErrors(c.errors));
  const written: Array<Written & { row: Changing }> = [];
  const stale: number[] = [];
  const bounds = rowBounds(tx, entity);
  for (const [at, row] of rows.entries()) {
    if (Object.keys(checked[at]!.errors).length) continue;
    const record = candidates[at]!;
    const result = await bounded(
      tx.db
        .updateTable(entity.table)
        .set((eb) => ({ ...changedColumns(tx, entity, record, row.current.record), version: eb('version', '+', 1), updated_at: nowIso() }))
        .where('id', '=', row.id)
        .where('version', '=', row.version),
      bounds,
    ).executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) stale.push(at);
    else {
      written.push({ id: row.id, record, row });
      out[at] = row.id;
    }
  }
  if (written.length) {
    // A PATCH leaves the links of the join fields it does not name as they are.
    for (const name of JOIN_FIELDS(entity)) {
      const linked = written.filter((w) => !w.row.change.partial || w.row.touched.has(name));
      if (linked.length) await writeJoins(tx, entity, linked, [name], false);
    }
    await writeIndexes(
      tx,
      entity,
      written.map((w) => ({ ...w, before: w.row.current.record })),
    );
    await applyDeltas(
      tx,
      entity,
      written.flatMap((w) => updateDeltas(entity, w.row.current.record, w.record)),
    );
    await runWriteHooks(
      tx,
      written.map(({ row, record }) => ({
        op: 'update',
        entity,
        id: row.id,
        before: row.current.record,
        after: record,
        version: row.version + 1,
        restoredFrom: opts.restoredFrom,
        publishedDraft: row.change.publishedDraft,
        scheduled: row.change.scheduled,
      })),
    );
  }
  if (stale.length) {
    const now = await loadRecords(
      tx,
      entity,
      stale.map((at) => rows[at]!.id),
    );
    for (const at of stale) {
      const found = now.get(rows[at]!.id);
      out[at] = found ? conflict(await presentDetail(tx, entity, found, language(tx, opts))) : notFound();
    }
  }
  return out;
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
    { joinFields: [] },
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
  await runWriteHooks(
    ctx,
    found.map((id) => {
      const gone = loaded.get(id)!;
      return { op: 'delete', entity, id, before: gone.record, version: Number(gone.row.version) };
    }),
  );
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
