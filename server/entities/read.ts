/**
 * Rows as the API shows them (docs/decisions.md §4). A detail carries every field — translated
 * ones flat in the asked language (`language_code`, else the site's default; exactly that
 * language, no fallback, so a form never saves one language's text into another) and all
 * languages under `translations` — plus `version`, timestamps and `_refs` (id and title of
 * every referenced row, for autocompletes and list cells). A list item carries the list
 * columns and the title field only, without `translations`.
 */
import type { AliasedExpression, SelectQueryBuilder } from 'kysely';
import { type EntityDef, fieldOf } from '../../entities/define.js';
import type { RecordValues } from '../../entities/validateRecord.js';
import { bounded, type EngineContext, rowBounds } from './context.js';
import { fkTitleColumn, joinIdsAlias, joinIdsColumn, joinsOfRows, m2mTitlesColumn, titleAlias, titleOfRow, titlesAlias, titlesOfRow } from './list/columns.js';
import { isJoinField } from './schema.js';
import { decodeRecord, translatedValue } from './storage.js';
import { titlesOf } from './titles.js';

export interface Loaded {
  row: Record<string, unknown>;
  record: RecordValues;
  /** Titles of fk targets already read with the row (lists), by field. */
  titles?: Record<string, string | null>;
  /** Titles of m2m targets already read with the row (a detail), by field: target id → title. */
  manyTitles?: Record<string, Map<number, string | null>>;
}

/**
 * Which rows to read: their ids, or a query of one column selecting them (a slug's row,
 * public/collections.ts), so that the rows and their join tables are read in the statement
 * that finds them.
 */
export type RowIds = readonly number[] | SelectQueryBuilder<any, any, any>;

const isIdList = (ids: RowIds): ids is readonly number[] => Array.isArray(ids);

/** The rows among `ids` that the context may read (rowBounds), as a query to select from. */
const readable = (ctx: EngineContext, entity: EntityDef, ids: RowIds) =>
  bounded(ctx.db.selectFrom(entity.table).where(`${entity.table}.id`, 'in', isIdList(ids) ? [...ids] : ids), rowBounds(ctx, entity));

export interface LoadOptions {
  /** The join-table fields to read; default every one. */
  joinFields?: readonly string[];
  /** Read the titles of fk targets with the rows, in this language, where the database can (a detail's `_refs`). */
  titlesIn?: string;
  /** More columns of the rows' statement, left in each `row` (a detail's row flags, listFlags.ts). */
  columns?: ReadonlyArray<AliasedExpression<unknown, string>>;
}

/**
 * Rows of this site by id (others are simply absent), with their join-table fields. The
 * join tables' ids, and asked for the fk titles, are columns of the rows' own statement: a
 * detail is read in one round trip where it took one per join table.
 */
export async function loadRecords(ctx: EngineContext, entity: EntityDef, ids: RowIds, opts: LoadOptions = {}): Promise<Map<number, Loaded>> {
  const out = new Map<number, Loaded>();
  if (isIdList(ids) && !ids.length) return out;
  const joined = Object.keys(entity.fields).filter((n) => isJoinField(entity.fields[n]!) && (!opts.joinFields || opts.joinFields.includes(n)));
  const language = opts.titlesIn;
  const titled = (column: typeof fkTitleColumn) =>
    language === undefined
      ? []
      : Object.keys(entity.fields).flatMap((name) => {
          const read = column(ctx, entity, name, language);
          return read ? [{ name, read }] : [];
        });
  const fkTitled = titled(fkTitleColumn);
  const manyTitled = titled(m2mTitlesColumn).filter((t) => joined.includes(t.name));
  const extra = [
    ...joined.map((n) => joinIdsColumn(ctx, entity, n).as(joinIdsAlias(n))),
    ...fkTitled.map((t) => t.read.as(titleAlias(t.name))),
    ...manyTitled.map((t) => t.read.as(titlesAlias(t.name))),
    ...(opts.columns ?? []),
  ];
  const rows = (await readable(ctx, entity, ids)
    .selectAll(entity.table)
    .select(extra as never[])
    .execute()) as Array<Record<string, unknown>>;
  const joins = joinsOfRows(rows, joined);
  for (const read of rows) {
    const row = { ...read };
    const titles: Record<string, string | null> = {};
    const manyTitles: Record<string, Map<number, string | null>> = {};
    for (const name of joined) delete row[joinIdsAlias(name)];
    for (const { name } of fkTitled) {
      titles[name] = titleOfRow(row, name);
      delete row[titleAlias(name)];
    }
    for (const { name } of manyTitled) {
      manyTitles[name] = titlesOfRow(row, name);
      delete row[titlesAlias(name)];
    }
    out.set(Number(row.id), {
      row,
      record: decodeRecord(entity, row, joins),
      ...(fkTitled.length ? { titles } : {}),
      ...(manyTitled.length ? { manyTitles } : {}),
    });
  }
  return out;
}

/** The row `ids` names (one id, or a query of at most one), if the context may read it. */
export async function loadOne(ctx: EngineContext, entity: EntityDef, ids: RowIds, opts: LoadOptions = {}): Promise<Loaded | undefined> {
  const [first] = (await loadRecords(ctx, entity, ids, opts)).values();
  return first;
}

export const loadRecord = (ctx: EngineContext, entity: EntityDef, id: number, opts: LoadOptions = {}): Promise<Loaded | undefined> =>
  loadOne(ctx, entity, [id], opts);

type Ref = { id: number; title: string };

/** `_refs` for the given fields of the given rows: one title query per target entity. */
async function refsFor(ctx: EngineContext, entity: EntityDef, loaded: readonly Loaded[], fields: readonly string[], language: string) {
  const wanted = new Map<string, Set<number>>();
  const known = (l: Loaded, name: string) =>
    (l.titles !== undefined && Object.hasOwn(l.titles, name)) || (l.manyTitles !== undefined && Object.hasOwn(l.manyTitles, name));
  for (const name of fields) {
    const f = entity.fields[name];
    if (f?.type !== 'fk' && f?.type !== 'm2m') continue;
    if (loaded.every((l) => known(l, name))) continue;
    const set = wanted.get(f.target) ?? new Set<number>();
    for (const l of loaded) {
      const v = l.record.values[name];
      if (typeof v === 'number') set.add(v);
      else if (Array.isArray(v)) for (const id of v) set.add(id as number);
    }
    wanted.set(f.target, set);
  }
  const titles = new Map<string, Map<number, string>>();
  await Promise.all([...wanted].map(async ([target, ids]) => titles.set(target, await titlesOf(ctx, ctx.registry.get(target), [...ids], language))));
  return (l: Loaded) => {
    const refs: Record<string, Ref | Ref[] | null> = {};
    for (const name of fields) {
      const f = entity.fields[name];
      if (f?.type !== 'fk' && f?.type !== 'm2m') continue;
      const v = l.record.values[name];
      if (f.type === 'fk' && known(l, name)) {
        refs[name] = typeof v === 'number' ? { id: v, title: l.titles![name] ?? `#${v}` } : null;
        continue;
      }
      const t = l.manyTitles?.[name] ?? titles.get(f.target)!;
      if (f.type === 'fk') refs[name] = typeof v === 'number' ? { id: v, title: t.get(v) ?? `#${v}` } : null;
      else refs[name] = ((v as number[]) ?? []).map((id) => ({ id, title: t.get(id) ?? `#${id}` }));
    }
    return refs;
  };
}

function builtins(row: Record<string, unknown>) {
  return { version: Number(row.version), created_at: String(row.created_at), updated_at: String(row.updated_at) };
}

function fieldValue(entity: EntityDef, record: RecordValues, name: string, language: string) {
  const field = fieldOf(entity, name);
  return field.translated ? translatedValue(record, name, field, language) : record.values[name];
}

export async function presentDetail(ctx: EngineContext, entity: EntityDef, loaded: Loaded, language: string) {
  const names = Object.keys(entity.fields);
  const refs = await refsFor(ctx, entity, [loaded], names, language);
  const out: Record<string, unknown> = { id: Number(loaded.row.id) };
  for (const name of names) out[name] = fieldValue(entity, loaded.record, name, language);
  if (Object.values(entity.fields).some((f) => f.translated)) out.translations = loaded.record.translations;
  Object.assign(out, builtins(loaded.row));
  out._refs = refs(loaded);
  return out;
}

/** Fields a list item carries: the columns and the title. */
export function listFields(entity: EntityDef): string[] {
  const names = entity.list.columns.filter((c) => entity.fields[c]);
  if (!names.includes(entity.titleField)) names.unshift(entity.titleField);
  return names;
}

export async function presentList(ctx: EngineContext, entity: EntityDef, loaded: readonly Loaded[], language: string) {
  const names = listFields(entity);
  const refs = await refsFor(ctx, entity, loaded, names, language);
  return loaded.map((l) => {
    const out: Record<string, unknown> = { id: Number(l.row.id) };
    for (const name of names) out[name] = fieldValue(entity, l.record, name, language);
    Object.assign(out, builtins(l.row));
    out._refs = refs(l);
    return out;
  });
}
