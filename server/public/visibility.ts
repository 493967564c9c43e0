/**
 * What of an entity is public at a moment, from its declaration (entities/define.ts
 * PublicDef): the status values, and the `from`/`to` window computed at request time. The
 * same rules serve a list (as filters of the list engine), a single row, and the moment
 * an answer stops being true (its next boundary, which caps how long it may be cached).
 */
import { sql } from 'kysely';
import { type EntityDef, fieldOf, type PublicDef } from '../../entities/define.js';
import type { EngineContext } from '../entities/context.js';
import { bounded, rowBounds } from '../entities/context.js';
import type { Filter } from '../entities/list/filters.js';
import { columnOf } from '../entities/schema.js';

/** A moment as date and datetime fields store it: ISO text compares as time does. */
export interface Moment {
  ms: number;
  iso: string;
  day: string;
}

export const momentAt = (ms: number): Moment => {
  const iso = new Date(ms).toISOString();
  return { ms, iso, day: iso.slice(0, 10) };
};

const DAY_MS = 86_400_000;
const isDate = (entity: EntityDef, name: string) => fieldOf(entity, name).type === 'date';
/** A `from` value's first public moment; a date starts at 00:00 UTC. */
const startMs = (entity: EntityDef, name: string, v: string) => Date.parse(isDate(entity, name) ? `${v}T00:00:00.000Z` : v);
/** A `to` date's first moment no longer public: the day after, 00:00 UTC. */
const endMs = (v: string) => Date.parse(`${v}T00:00:00.000Z`) + DAY_MS;

const statusValues = (entity: EntityDef, def: PublicDef) => {
  const field = fieldOf(entity, def.statusField!);
  return (def.publicValues ?? []).map((v) => (field.type === 'boolean' ? (v ? 1 : 0) : (v as string)));
};

/** The list engine's filters that keep the public rows at `at`. */
export function visibilityFilters(entity: EntityDef, def: PublicDef, at: Moment): Filter[] {
  const out: Filter[] = [];
  if (def.statusField) {
    const column = columnOf(def.statusField, fieldOf(entity, def.statusField));
    const values = statusValues(entity, def);
    out.push({ type: 'in', field: def.statusField, column, values, facetKeys: values.map(String) });
  }
  if (def.from) {
    const field = fieldOf(entity, def.from);
    const to = isDate(entity, def.from) ? at.day : at.iso;
    out.push({ type: 'range', field: def.from, column: columnOf(def.from, field), to, toExclusive: false, orNull: !field.required });
  }
  if (def.to) out.push({ type: 'range', field: def.to, column: columnOf(def.to, fieldOf(entity, def.to)), from: at.day, toExclusive: false, orNull: true });
  return out;
}

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

/** Whether a row (its non-translated values) is public at `at`. */
export function isVisible(entity: EntityDef, def: PublicDef, values: Readonly<Record<string, unknown>>, at: Moment): boolean {
  if (def.statusField && !(def.publicValues ?? []).includes(values[def.statusField] as string | boolean)) return false;
  const from = def.from && text(values[def.from]);
  if (from && startMs(entity, def.from!, from) > at.ms) return false;
  const to = def.to && text(values[def.to]);
  return !(to && endMs(to) <= at.ms);
}

/** When the row's window next changes whether it is public, after `at`; undefined: never. */
export function rowBoundary(entity: EntityDef, def: PublicDef, values: Readonly<Record<string, unknown>>, at: Moment): number | undefined {
  const times: number[] = [];
  const from = def.from && text(values[def.from]);
  if (from) times.push(startMs(entity, def.from!, from));
  const to = def.to && text(values[def.to]);
  if (to) times.push(endMs(to));
  return earliestAfter(times, at);
}

const earliestAfter = (times: readonly number[], at: Moment) => {
  const later = times.filter((t) => t > at.ms);
  return later.length ? Math.min(...later) : undefined;
};

/**
 * The earliest moment after `at` at which a row of the site with a public status enters
 * or leaves its window: a list answered now is true until then. Undefined without a window.
 */
export async function listBoundary(ctx: EngineContext, entity: EntityDef, def: PublicDef, at: Moment): Promise<number | undefined> {
  const status = visibilityFilters(entity, { ...def, from: undefined, to: undefined }, at)[0];
  const soonest = async (name: string, after: string) => {
    const column = columnOf(name, fieldOf(entity, name));
    let q = bounded(ctx.db.selectFrom(entity.table), rowBounds(ctx, entity, { market: false }))
      .select(sql<string | null>`min(${sql.ref(column)})`.as('t'))
      .where(column, '>', after);
    if (status?.type === 'in') q = q.where(status.column, 'in', status.values as never[]);
    return text((await q.executeTakeFirst())?.t);
  };
  const times: number[] = [];
  if (def.from) {
    const next = await soonest(def.from, isDate(entity, def.from) ? at.day : at.iso);
    if (next) times.push(startMs(entity, def.from, next));
  }
  if (def.to) {
    // A window that ends today ends at midnight.
    const next = await soonest(def.to, momentAt(at.ms - DAY_MS).day);
    if (next) times.push(endMs(next));
  }
  return earliestAfter(times, at);
}
