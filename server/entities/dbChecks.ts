/**
 * The checks of a write that need the database: the row's market, its slugs (empty ones
 * filled from their source field, given ones free in the site, per language when translated),
 * its unique fields, and its references (rows of the same site). Checked for many records at
 * once — one query per kind of check, not per record — as one-by-one writes in the records'
 * order would: a record sees the slugs and unique values of the records before it that passed
 * their checks (so two records of a batch asking `tractor` get `tractor` and `tractor-2`), and
 * a record that fails leaves its values free for the records after it.
 */
import type { EntityDef } from '../../entities/define.js';
import type { Field } from '../../entities/fields.js';
import { slugify } from '../../entities/formats.js';
import { addError, type Errors } from '../../entities/problems.js';
import type { RecordValues } from '../../entities/validateRecord.js';
import { fieldErrors } from '../errors.js';
import { bounded, type EngineContext, marketBound, rowBounds, tenantKey } from './context.js';
import { refProblems } from './references.js';
import { columnOf, SLUGS_TABLE } from './schema.js';
import { shadowValue } from './storage.js';

export interface SlugEntry {
  language: string;
  slug: string;
}

export interface Checked {
  record: RecordValues;
  /** The row being updated: its own slugs and values are no conflict. */
  self?: number;
  /**
   * The row being updated as stored: the slugs it holds are its own (entity_slugs is unique),
   * and the rows it points at exist (a reference protects, cascades or is cleared), so
   * neither is read again. Most saves (a price, a status) keep both.
   */
  before?: RecordValues;
}

export interface CheckResult {
  /** None: the record passed, with its empty slugs filled (slugsOf gives what entity_slugs must hold for it). */
  errors: Errors;
}

/** The entity's slug field, `[name, field]`, if it has one. */
export const slugField = (entity: EntityDef) =>
  Object.entries(entity.fields).find(([, f]) => f.type === 'slug') as [string, Field & { type: 'slug' }] | undefined;

const uniqueFields = (entity: EntityDef) =>
  Object.entries(entity.fields).filter(([, field]) => field.type === 'text' && field.unique && !field.translated) as Array<[string, Field]>;

const present = (v: unknown): v is string | number => v !== '' && v !== null && v !== undefined;

/** Values taken: in the database (value → the rows holding it), and by the records checked before. */
class Taken {
  private readonly stored = new Map<string, number[]>();
  private readonly batch = new Set<string>();
  store(value: string, id: number) {
    this.stored.set(value, [...(this.stored.get(value) ?? []), id]);
  }
  has(value: string, self: number | undefined) {
    return this.batch.has(value) || (this.stored.get(value) ?? []).some((id) => id !== self);
  }
  claim(value: string) {
    this.batch.add(value);
  }
}

/** The slugs a record holds (checkRecords filled the empty ones into its field): entity_slugs' rows for it. */
export function slugsOf(entity: EntityDef, record: RecordValues): SlugEntry[] {
  const found = slugField(entity);
  if (!found) return [];
  const [name, field] = found;
  const entries = field.translated
    ? Object.entries(record.translations).map(([language, vals]) => ({ language, slug: vals[name] }))
    : [{ language: '', slug: record.values[name] }];
  return entries.filter((e): e is SlugEntry => typeof e.slug === 'string' && e.slug !== '');
}

/** A slug as one value, its language with it: what a row holds, compared as a set. */
export const slugKey = (s: SlugEntry) => `${s.language}\n${s.slug}`;

/**
 * A record's slugs: per language, the slug given, or the base its source gives (filled in when
 * free). `held`: the row holds the given slug already (Checked.before).
 */
function wantedSlugs(ctx: EngineContext, entity: EntityDef, record: RecordValues, before?: RecordValues) {
  const found = slugField(entity);
  if (!found) return [];
  const [name, field] = found;
  const max = field.maxLength ?? 200;
  const holds = new Set(before ? slugsOf(entity, before).map(slugKey) : []);
  const out: Array<{ language: string; given: string; held: boolean; base: string; path: string; set: (slug: string) => void; max: number }> = [];
  const want = (language: string, vals: Record<string, unknown>, sourceValue: unknown, path: string) => {
    const given = typeof vals[name] === 'string' ? (vals[name] as string) : '';
    const base = given === '' && typeof sourceValue === 'string' && sourceValue !== '' ? slugify(sourceValue, max) || entity.name : '';
    out.push({ language, given, held: holds.has(slugKey({ language, slug: given })), base, path, max, set: (slug) => (vals[name] = slug) });
  };
  if (!field.translated) {
    const source = field.from ? entity.fields[field.from] : undefined;
    const src =
      field.from && source ? (source.translated ? shadowValue(record, field.from, source, ctx.site.default_language) : record.values[field.from]) : undefined;
    want('', record.values, src, name);
  } else {
    for (const [lang, vals] of Object.entries(record.translations)) want(lang, vals, field.from ? vals[field.from] : undefined, `translations.${lang}.${name}`);
  }
  return out;
}

/** The slug `freeSlug` tries `n`-th for a base (n ≥ 2): `base-n`, the base cut so that it fits. */
function numberedSlug(base: string, max: number, n: number) {
  const suffix = `-${n}`;
  return `${base.slice(0, max - suffix.length).replace(/-+$/, '')}${suffix}`;
}

/** How many candidates past the records asking one base are read with it: more are read only when those are taken too. */
const SLUG_SLACK = 8;

/**
 * The stored slugs that any of the records' slugs could meet: each given slug, and for each
 * base the candidates `freeSlug` would try (`base`, `base-2` …), as many as records ask that
 * base and SLUG_SLACK more. An IN list walks the primary key; a `LIKE 'base-%'` per base did
 * not (SQLite's LIKE is case-blind, PostgreSQL's collation orders `-` its own way), so a batch
 * read every slug of the site, 200 patterns each. A base whose candidates are all but taken
 * (a site of 40 "tractor"s) has every `base-%` read, as before.
 */
async function storedSlugs(ctx: EngineContext, entity: EntityDef, wanted: ReadonlyArray<ReturnType<typeof wantedSlugs>>) {
  const byLanguage = new Map<string, Taken>();
  const asked = new Map<string, { exact: Set<string>; bases: Map<string, { max: number; records: number }> }>();
  for (const w of wanted.flat()) {
    const a = asked.get(w.language) ?? { exact: new Set(), bases: new Map() };
    asked.set(w.language, a);
    if (w.given !== '') {
      if (!w.held) a.exact.add(w.given);
    } else if (w.base !== '') a.bases.set(w.base, { max: w.max, records: (a.bases.get(w.base)?.records ?? 0) + 1 });
    byLanguage.set(w.language, byLanguage.get(w.language) ?? new Taken());
  }
  const slugsOf = (language: string) =>
    ctx.db
      .selectFrom(SLUGS_TABLE)
      .select(['slug', 'entity_id'])
      .where('entity', '=', entity.name)
      .where('tenant_id', '=', tenantKey(ctx, entity))
      .where('language', '=', language);
  for (const [language, { exact, bases }] of asked) {
    const taken = byLanguage.get(language)!;
    const candidates = new Map<string, string[]>();
    for (const [base, { max, records }] of bases) {
      candidates.set(base, [base, ...Array.from({ length: records + SLUG_SLACK - 1 }, (_, i) => numberedSlug(base, max, i + 2))]);
    }
    const names = [...new Set([...exact, ...[...candidates.values()].flat()])];
    for (let i = 0; i < names.length; i += SLUG_NAMES_PER_QUERY) {
      const rows = await slugsOf(language)
        .where('slug', 'in', names.slice(i, i + SLUG_NAMES_PER_QUERY))
        .execute();
      for (const r of rows) taken.store(String(r.slug), Number(r.entity_id));
    }
    const free = (c: string) => !taken.has(c, undefined) && !exact.has(c);
    const crowded = [...bases].filter(([base, { records }]) => candidates.get(base)!.filter(free).length < records);
    if (!crowded.length) continue;
    // What every numbered candidate starts with, however far the numbers go (a long base is cut to fit its suffix).
    const stem = ([base, { max }]: [string, { max: number }]) => `${base.slice(0, max - NUMBER_ROOM).replace(/-+$/, '')}%`;
    const rows = await slugsOf(language)
      .where((eb) => eb.or(crowded.map((b) => eb('slug', 'like', stem(b)))))
      .execute();
    for (const r of rows) taken.store(String(r.slug), Number(r.entity_id));
  }
  return byLanguage;
}

/** Slugs per IN list, within the drivers' bound-parameter limits. */
const SLUG_NAMES_PER_QUERY = 10_000;
/** The longest `-N` suffix a crowded base's candidates are read for. */
const NUMBER_ROOM = 12;

/** `base`, else `base-2`, `base-3` … whichever is free. */
function freeSlug(taken: Taken, base: string, max: number, self: number | undefined) {
  if (!taken.has(base, self)) return base;
  for (let i = 2; ; i++) {
    const candidate = numberedSlug(base, max, i);
    if (!taken.has(candidate, self)) return candidate;
  }
}

/** Per unique field, the rows of the site holding any of the records' values. */
async function storedUnique(ctx: EngineContext, entity: EntityDef, items: readonly Checked[]) {
  const out = new Map<string, Taken>();
  for (const [name, field] of uniqueFields(entity)) {
    const taken = new Taken();
    out.set(name, taken);
    const values = [...new Set(items.map((i) => i.record.values[name]).filter(present))];
    if (!values.length) continue;
    const col = columnOf(name, field);
    const q = bounded(
      ctx.db
        .selectFrom(entity.table)
        .select(['id', `${col} as value`])
        .where(col, 'in', values),
      rowBounds(ctx, entity, { market: false }),
    );
    for (const r of await q.execute()) taken.store(String(r.value), Number(r.id));
  }
  return out;
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

/** Checks the records in order, filling their empty slugs; each record's problems and slugs. */
export async function checkRecords(ctx: EngineContext, entity: EntityDef, items: readonly Checked[]): Promise<CheckResult[]> {
  const refErrors = await refProblems(
    ctx,
    entity,
    items.map((i) => i.record),
    items.map((i) => i.before),
  );
  const wanted = items.map((i) => wantedSlugs(ctx, entity, i.record, i.before));
  const [slugsTaken, uniqueTaken] = await Promise.all([storedSlugs(ctx, entity, wanted), storedUnique(ctx, entity, items)]);
  return items.map((item, at) => {
    const errors: Errors = {};
    checkMarket(ctx, entity, item.record, errors);
    const slugs: SlugEntry[] = [];
    for (const w of wanted[at]!) {
      const taken = slugsTaken.get(w.language)!;
      let slug = w.given;
      if (slug === '' && w.base !== '') {
        slug = freeSlug(taken, w.base, w.max, item.self);
        w.set(slug);
      } else if (slug !== '' && taken.has(slug, item.self)) {
        addError(errors, w.path, 'slugTaken');
      } else {
        w.set(slug);
      }
      if (slug !== '') slugs.push({ language: w.language, slug });
    }
    for (const [name] of uniqueFields(entity)) {
      const v = item.record.values[name];
      if (present(v) && uniqueTaken.get(name)!.has(String(v), item.self)) addError(errors, name, 'unique', { entity: entity.name, field: name });
    }
    for (const [path, list] of Object.entries(refErrors[at]!)) for (const p of list) addError(errors, path, p.code, p.params);
    if (!Object.keys(errors).length) {
      for (const s of slugs) slugsTaken.get(s.language)!.claim(s.slug);
      for (const [name] of uniqueFields(entity)) {
        const v = item.record.values[name];
        if (present(v)) uniqueTaken.get(name)!.claim(String(v));
      }
    }
    return { errors };
  });
}

/** The database-side checks of one record (a draft is checked alike: drafts/store.ts); throws 400 with every problem found. */
export async function checkAgainstDatabase(ctx: EngineContext, entity: EntityDef, record: RecordValues, self?: number) {
  const [result] = await checkRecords(ctx, entity, [{ record, self }]);
  if (Object.keys(result!.errors).length) throw fieldErrors(result!.errors);
}
