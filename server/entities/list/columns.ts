/** The per-dialect SQL of a list row's columns: translated values, join-table ids and fk titles, each read by the database. */
import { type RawBuilder, sql } from 'kysely';
import { type EntityDef, fieldOf } from '../../../entities/define.js';
import type { EngineContext } from '../context.js';
import { columnOf, isScoped, isShadowed, joinTableOf, storesColumn } from '../schema.js';
import { parseJson } from '../storage.js';

/** A translated field's value in one language, read out of the row's JSON by the database. */
export function translatedColumn(ctx: EngineContext, entity: EntityDef, name: string, language: string): RawBuilder<unknown> {
  const col = sql.ref(`${entity.table}.translations`);
  return ctx.dialect === 'postgres' ? sql`(${col}::json -> ${language} ->> ${name})` : sql`json_extract(${col}, ${`$."${language}"."${name}"`})`;
}

/** The ids of a join-table field of the outer row, as a JSON array, in one correlated subquery. */
export function joinIdsColumn(ctx: EngineContext, entity: EntityDef, name: string): RawBuilder<unknown> {
  const jt = sql.table(joinTableOf(entity, name));
  const outer = sql.ref(`${entity.table}.id`);
  return ctx.dialect === 'postgres'
    ? sql`(select coalesce(json_agg(j.target_id order by j.position), '[]'::json) from ${jt} as j where j.source_id = ${outer})`
    : sql`(select json_group_array(target_id) from (select j.target_id from ${jt} as j where j.source_id = ${outer} order by j.position))`;
}

/** The alias a join field's ids column (joinIdsColumn) is read as. */
export const joinIdsAlias = (name: string) => `ids__${name}`;

/** The join fields' ids read as columns (joinIdsColumn) of `rows`: field → row id → ids in order. */
export function joinsOfRows(rows: ReadonlyArray<Record<string, unknown>>, names: readonly string[]): Map<string, Map<number, number[]>> {
  const joins = new Map<string, Map<number, number[]>>();
  for (const name of names) {
    const m = new Map<number, number[]>();
    for (const row of rows) {
      // SQLite answers the JSON as text, PostgreSQL's driver parses it.
      const raw = row[joinIdsAlias(name)];
      m.set(Number(row.id), (typeof raw === 'string' ? parseJson<unknown[]>(raw, []) : Array.isArray(raw) ? raw : []).map(Number));
    }
    joins.set(name, m);
  }
  return joins;
}

/** The alias an fk title column (fkTitleColumn) is read as. */
export const titleAlias = (name: string) => `title__${name}`;

/** The title an fk title column read for a row; none (then named by its id, as titlesOf names a row without a title) when empty. */
export function titleOfRow(row: Record<string, unknown>, name: string): string | null {
  const title = row[titleAlias(name)];
  return title === null || title === undefined || title === '' ? null : String(title);
}

/**
 * The title of a target row (aliased `tt`) in `language`, read by the database, when the
 * target's title is a plain column or a translated text with its default-language copy;
 * undefined otherwise (titles are then looked up after the rows).
 */
function targetTitle(ctx: EngineContext, target: EntityDef, language: string): RawBuilder<unknown> | undefined {
  const tf = fieldOf(target, target.titleField);
  if (!tf.translated && tf.type !== 'fk' && storesColumn(tf)) return sql`${sql.ref(`tt.${columnOf(target.titleField, tf)}`)}`;
  if (!isShadowed(tf)) return undefined;
  const tr = sql.ref('tt.translations');
  const own =
    ctx.dialect === 'postgres'
      ? sql`(${tr}::json -> ${language} ->> ${target.titleField})`
      : sql`json_extract(${tr}, ${`$."${language}"."${target.titleField}"`})`;
  return sql`coalesce(nullif(${own}, ''), ${sql.ref(`tt.${target.titleField}`)})`;
}

/** A target row (`tt`) of the outer row's site only, where both are a site's (titlesOf's rule). */
const sameSite = (entity: EntityDef, target: EntityDef) =>
  isScoped(entity) && isScoped(target) ? sql` and tt.tenant_id = ${sql.ref(`${entity.table}.tenant_id`)}` : sql``;

/** The title of an fk target of the outer row, in one correlated subquery, where the database can read it (targetTitle). */
export function fkTitleColumn(ctx: EngineContext, entity: EntityDef, name: string, language: string): RawBuilder<unknown> | undefined {
  const field = fieldOf(entity, name);
  if (field.type !== 'fk') return undefined;
  const target = ctx.registry.get(field.target);
  const title = targetTitle(ctx, target, language);
  const fk = sql.ref(`${entity.table}.${columnOf(name, field)}`);
  return title && sql`(select ${title} from ${sql.table(target.table)} as tt where tt.id = ${fk}${sameSite(entity, target)})`;
}

/**
 * The titles of an m2m field's targets of the outer row, in one correlated subquery, as a
 * JSON array of `[id, title]` in the field's order, where the database can read them
 * (targetTitle): a detail's `_refs` without a statement of their own.
 */
export function m2mTitlesColumn(ctx: EngineContext, entity: EntityDef, name: string, language: string): RawBuilder<unknown> | undefined {
  const field = fieldOf(entity, name);
  if (field.type !== 'm2m') return undefined;
  const target = ctx.registry.get(field.target);
  const title = targetTitle(ctx, target, language);
  if (!title) return undefined;
  const from = sql`from ${sql.table(joinTableOf(entity, name))} as j join ${sql.table(target.table)} as tt on tt.id = j.target_id where j.source_id = ${sql.ref(`${entity.table}.id`)}${sameSite(entity, target)}`;
  return ctx.dialect === 'postgres'
    ? sql`(select coalesce(json_agg(json_build_array(j.target_id, ${title}) order by j.position), '[]'::json) ${from})`
    : sql`(select json_group_array(json_array(target_id, title)) from (select j.target_id, ${title} as title ${from} order by j.position))`;
}

/** The alias an m2m titles column (m2mTitlesColumn) is read as. */
export const titlesAlias = (name: string) => `titles__${name}`;

/** The titles an m2m titles column read for a row: target id → title (null when empty: then named by its id). */
export function titlesOfRow(row: Record<string, unknown>, name: string): Map<number, string | null> {
  // SQLite answers the JSON as text, PostgreSQL's driver parses it.
  const raw = row[titlesAlias(name)];
  const pairs = typeof raw === 'string' ? parseJson<unknown[]>(raw, []) : Array.isArray(raw) ? raw : [];
  const out = new Map<number, string | null>();
  for (const pair of pairs) {
    if (!Array.isArray(pair)) continue;
    const [id, title] = pair as [unknown, unknown];
    out.set(Number(id), title === null || title === undefined || title === '' ? null : String(title));
  }
  return out;
}
