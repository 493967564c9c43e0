/**
 * References between rows: checking that what a record points at exists in the same site,
 * and finding what points at rows about to be deleted.
 */
import { sql } from 'kysely';
import { type EntityDef, fieldOf } from '../../entities/define.js';
import type { RefSite } from '../../entities/fieldTypes/description.js';
import { refsOf } from '../../entities/fieldTypes/index.js';
import { addError, type Errors } from '../../entities/problems.js';
import type { RecordValues } from '../../entities/validateRecord.js';
import { bounded, type EngineContext, rowBounds } from './context.js';
import { columnOf, isScoped, joinTableOf } from './schema.js';
import { titlesOf } from './titles.js';

export const MEDIA_TABLE = 'media';

export function collectRefs(entity: EntityDef, record: RecordValues): RefSite[] {
  const out: RefSite[] = [];
  for (const [name, field] of Object.entries(entity.fields)) {
    if (!field.translated) refsOf(field, record.values[name], name, out);
    else for (const [lang, vals] of Object.entries(record.translations)) refsOf(field, vals[name], `translations.${lang}.${name}`, out);
  }
  return out;
}

/** Where a reference points from and to: a reference its row holds already at the same place is not read again. */
const refKey = (s: RefSite, id: number) => `${s.path}\n${s.target ?? ''}\n${id}`;

/**
 * The references the row holds already (`before`, the row as stored): a row a reference points
 * at cannot go while it does. None for a market administrator, whose references are all
 * checked, since what it may point at is narrower than what the row may hold.
 */
function heldRefs(ctx: EngineContext, entity: EntityDef, before: RecordValues | undefined): ReadonlySet<string> {
  if (!before || ctx.userMarket !== undefined) return new Set();
  return new Set(collectRefs(entity, before).flatMap((s) => s.ids.map((id) => refKey(s, id))));
}

/** Adds an error on every reference to a row that does not exist in this site. */
export async function checkRefs(ctx: EngineContext, entity: EntityDef, record: RecordValues, errors: Errors) {
  const [found] = await refProblems(ctx, entity, [record]);
  for (const [path, list] of Object.entries(found!)) for (const p of list) addError(errors, path, p.code, p.params);
}

/** Per record, its references to rows that do not exist in this site: one query for every target and record. */
export async function refProblems(
  ctx: EngineContext,
  entity: EntityDef,
  records: readonly RecordValues[],
  held: ReadonlyArray<RecordValues | undefined> = [],
): Promise<Errors[]> {
  const sites = records.map((r) => collectRefs(entity, r));
  const holds = held.map((before) => heldRefs(ctx, entity, before));
  const wanted = new Map<string, Set<number>>();
  sites.forEach((list, at) => {
    for (const s of list) {
      const key = s.target ?? '';
      const set = wanted.get(key) ?? new Set<number>();
      for (const id of s.ids) if (!holds[at]?.has(refKey(s, id))) set.add(id);
      wanted.set(key, set);
    }
  });
  // Every target entity's rows in one statement: a save is a round trip per statement on PostgreSQL.
  const found = new Map<string, Set<number>>([...wanted.keys()].map((key) => [key, new Set<number>()]));
  const reads = [...wanted].flatMap(([key, ids]) => {
    if (!ids.size) return [];
    if (key === '' && !ctx.media) {
      found.set(key, ids);
      return [];
    }
    const table = key === '' ? MEDIA_TABLE : ctx.registry.get(key).table;
    const read = ctx.db
      .selectFrom(table)
      .select([sql.lit(key).as('target'), 'id'])
      .where('id', 'in', [...ids]);
    return [key === '' ? read.where('tenant_id', '=', ctx.site.id) : bounded(read, rowBounds(ctx, ctx.registry.get(key)))];
  });
  const [first, ...rest] = reads;
  if (first) for (const r of await rest.reduce((q, next) => q.unionAll(next), first).execute()) found.get(String(r.target))!.add(Number(r.id));
  return sites.map((list, at) => {
    const errors: Errors = {};
    for (const s of list) {
      const ok = found.get(s.target ?? '')!;
      s.ids.forEach((id, i) => {
        if (!ok.has(id) && !holds[at]?.has(refKey(s, id))) addError(errors, s.list ? `${s.path}.${i}` : s.path, 'missing', { id });
      });
    }
    return errors;
  });
}

export interface UsedBy {
  /** The row that cannot be deleted. */
  id: number;
  /** The entity and field pointing at it. */
  entity: string;
  field: string;
  count: number;
  /** The first few rows pointing at it. */
  items: Array<{ id: number; title: string }>;
}

const SHOWN_ITEMS = 5;
const SHOWN_BLOCKED = 10;

/**
 * Rows that keep `ids` of `entity` from being deleted: references whose onDelete is
 * protect (the default), other than from rows deleted in the same operation.
 */
export async function protectingReferences(
  ctx: EngineContext,
  entity: EntityDef,
  ids: readonly number[],
  deleting: ReadonlyMap<string, ReadonlySet<number>>,
): Promise<UsedBy[]> {
  const out: UsedBy[] = [];
  for (const ref of ctx.registry.referrers(entity.name)) {
    const protect = ref.def.type === 'fk' ? (ref.def.onDelete ?? 'protect') === 'protect' : (ref.def.onDelete ?? 'protect') === 'protect';
    if (!protect) continue;
    const skip = [...(deleting.get(ref.entity.name) ?? [])];
    const pairs = await referencingPairs(ctx, ref.entity, ref.field, ids, skip);
    if (!pairs.length) continue;
    const byTarget = new Map<number, number[]>();
    for (const [target, source] of pairs) byTarget.set(target, [...(byTarget.get(target) ?? []), source]);
    const shown = [...byTarget.entries()].slice(0, SHOWN_BLOCKED);
    const titles = await titlesOf(
      ctx,
      ref.entity,
      shown.flatMap(([, s]) => s.slice(0, SHOWN_ITEMS)),
    );
    for (const [target, sources] of shown) {
      out.push({
        id: target,
        entity: ref.entity.name,
        field: ref.field,
        count: sources.length,
        items: sources.slice(0, SHOWN_ITEMS).map((id) => ({ id, title: titles.get(id) ?? `#${id}` })),
      });
    }
  }
  return out;
}

/** [target id, referencing row id] pairs for a reference field. */
export async function referencingPairs(
  ctx: EngineContext,
  referrer: EntityDef,
  field: string,
  targetIds: readonly number[],
  skip: readonly number[] = [],
): Promise<Array<[number, number]>> {
  const def = fieldOf(referrer, field);
  if (def.type === 'm2m') {
    let q = ctx.db
      .selectFrom(joinTableOf(referrer, field))
      .select(['target_id', 'source_id'])
      .where('target_id', 'in', [...targetIds]);
    if (skip.length) q = q.where('source_id', 'not in', [...skip]);
    return (await q.orderBy('source_id').execute()).map((r) => [Number(r.target_id), Number(r.source_id)]);
  }
  const col = columnOf(field, def);
  let q = ctx.db
    .selectFrom(referrer.table)
    .select(['id', col])
    .where(col, 'in', [...targetIds]);
  if (isScoped(referrer) && isScoped(ctx.registry.get((def as { target: string }).target))) q = q.where('tenant_id', '=', ctx.site.id);
  if (skip.length) q = q.where('id', 'not in', [...skip]);
  return (await q.orderBy('id').execute()).map((r) => [Number(r[col]), Number(r.id)]);
}

export interface MediaUse {
  media: number;
  entity: string;
  field: string;
  id: number;
  title: string;
  /** The row's market, for an entity with a `marketField` (a dealer site): a market administrator reaches only its own. */
  market?: number | null;
}

/**
 * Rows of this site whose media, file or gallery fields hold any of the media ids (for the
 * media manager's "used by" and its delete check). References inside repeaters and rich
 * text are not tracked.
 */
export async function mediaUsages(ctx: EngineContext, mediaIds: readonly number[]): Promise<MediaUse[]> {
  const out: MediaUse[] = [];
  if (!mediaIds.length) return out;
  for (const entity of ctx.registry.entities) {
    const found: Array<{ media: number; field: string; id: number; market?: number | null }> = [];
    const marketCol = entity.marketField === undefined ? undefined : columnOf(entity.marketField, fieldOf(entity, entity.marketField));
    const marketOf = (r: Record<string, unknown>) => (marketCol === undefined ? {} : { market: r.market === null ? null : Number(r.market) });
    for (const [name, field] of Object.entries(entity.fields)) {
      if (field.translated) continue;
      if (field.type === 'media' || field.type === 'file') {
        const col = columnOf(name, field);
        let q = ctx.db
          .selectFrom(entity.table)
          .select(['id', col])
          .where(col, 'in', [...mediaIds]);
        if (marketCol) q = q.select(`${marketCol} as market`);
        if (isScoped(entity)) q = q.where('tenant_id', '=', ctx.site.id);
        for (const r of await q.execute()) found.push({ media: Number(r[col]), field: name, id: Number(r.id), ...marketOf(r) });
      } else if (field.type === 'mediaMany') {
        let q = ctx.db
          .selectFrom(`${joinTableOf(entity, name)} as j`)
          .innerJoin(`${entity.table} as r`, 'r.id', 'j.source_id')
          .select(['j.target_id', 'j.source_id'])
          .where('j.target_id', 'in', [...mediaIds]);
        if (marketCol) q = q.select(`r.${marketCol} as market`);
        if (isScoped(entity)) q = q.where('r.tenant_id', '=', ctx.site.id);
        for (const r of await q.execute()) found.push({ media: Number(r.target_id), field: name, id: Number(r.source_id), ...marketOf(r) });
      }
    }
    if (!found.length) continue;
    const titles = await titlesOf(
      ctx,
      entity,
      found.map((f) => f.id),
    );
    for (const f of found) out.push({ ...f, entity: entity.name, title: titles.get(f.id) ?? `#${f.id}` });
  }
  return out;
}
