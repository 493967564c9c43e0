/**
 * A public collection's list and detail, read through the entity engine: the list engine
 * (server/entities/list/) with the visibility filters added and only the declared public
 * sorts, filters and search, then the page's rows shown with their public fields.
 */
import { sql } from 'kysely';
import type { EntityDef, PublicDef } from '../../entities/define.js';
import { fieldErrors } from '../errors.js';
import type { RecordValues } from '../../entities/validateRecord.js';
import type { EngineContext } from '../entities/context.js';
import { listRecords } from '../entities/list/listRecords.js';
import { parseListQuery, type RawQuery } from '../entities/list/query.js';
import { loadOne, loadRecords, type Loaded, type RowIds } from '../entities/read.js';
import type { PreviewGrant } from '../services/previewTokens.js';
import { SLUGS_TABLE } from '../entities/schema.js';
import { publicWord } from '../entities/search.js';
import type { Answer } from './cache.js';
import { pathIn, publicPresenter, slugOf } from './present.js';
import { previewed } from './preview.js';
import { isVisible, listBoundary, type Moment, rowBoundary, visibilityFilters } from './visibility.js';

export type PublicEntity = EntityDef & { public: PublicDef };

/**
 * The declaration as a website's list parameters are read against: only the public sorts,
 * filters and search. The list itself is read with the whole declaration, whose filters are
 * the counters' facets (a list filtered by its public status alone is counted from them).
 */
function publicListView(entity: PublicEntity): EntityDef {
  const def = entity.public;
  return {
    ...entity,
    list: {
      ...entity.list,
      sortable: def.sortable ?? [],
      filters: entity.list.filters.filter((f) => def.filters?.includes(f.field)),
      search: def.search ? entity.list.search : [],
    },
  };
}

export async function publicList(ctx: EngineContext, entity: PublicEntity, raw: RawQuery, lang: string, at: Moment): Promise<Answer> {
  const view = publicListView(entity);
  const { query, errors } = parseListQuery(view, raw);
  if (Object.keys(errors).length) throw fieldErrors(errors);
  // Only public words: an internal field's words would find rows by what the site never shows.
  query.tokens = query.tokens.map((word) => publicWord(entity, word));
  query.filters.push(...visibilityFilters(entity, entity.public, at));
  const [{ items, paginator }, until] = await Promise.all([listRecords(ctx, entity, query, lang), listBoundary(ctx, entity, entity.public, at)]);
  const ids = items.map((i) => i.id as number);
  const loaded = await loadRecords(ctx, entity, ids);
  const rows = ids.map((id) => loaded.get(id)).filter((l) => l !== undefined);
  const show = await publicPresenter(ctx, entity, entity.public, rows, lang, at);
  return { body: { language: lang, items: rows.map(show), paginator }, until };
}

/**
 * The row a slug names in `lang` — or, unless `strict` (a path of the site, which exists only
 * in its own language), in the default language; a slug-less entity's rows are named by id.
 * A query, not an id: the row and its join tables are read in the statements that look
 * the slug up, one round trip instead of two.
 */
export function slugRow(ctx: EngineContext, entity: EntityDef, slug: string, lang: string, strict = false): RowIds {
  const slugField = Object.values(entity.fields).find((f) => f.type === 'slug');
  if (!slugField) return /^[1-9]\d{0,9}$/.test(slug) ? [Number(slug)] : [];
  const languages = slugField.translated ? [...new Set(strict ? [lang] : [lang, ctx.site.default_language])] : [''];
  const named = ctx.db
    .selectFrom(SLUGS_TABLE)
    .select('entity_id')
    .where('entity', '=', entity.name)
    .where('tenant_id', '=', ctx.site.id)
    .where('language', 'in', languages)
    .where('slug', '=', slug);
  // Each language may name another row: the asked one's wins.
  return languages.length > 1 ? named.orderBy(sql`case when language = ${lang} then 0 else 1 end`).limit(1) : named;
}

/** The row's path in each site language where it has one (no slug there: no page there). */
export function alternatesOf(ctx: EngineContext, entity: PublicEntity, record: RecordValues, id: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const lang of ctx.site.languages) {
    const path = pathIn(entity, record, id, lang);
    if (path !== null) out[lang] = path;
  }
  return out;
}

/**
 * A loaded row as the site shows it, with its alternates, or undefined when it is not public
 * now; a preview's row (preview.ts, `asShown`) is shown as it is, public or not.
 */
export async function publicRow(ctx: EngineContext, entity: PublicEntity, loaded: Loaded | undefined, lang: string, at: Moment, asShown = false) {
  if (!loaded || (!asShown && !isVisible(entity, entity.public, loaded.record.values, at))) return undefined;
  const show = await publicPresenter(ctx, entity, entity.public, [loaded], lang, at);
  return {
    item: show(loaded),
    alternates: alternatesOf(ctx, entity, loaded.record, Number(loaded.row.id)),
    until: rowBoundary(entity, entity.public, loaded.record.values, at),
  };
}

/** The row a slug names; with a preview of one of this entity's rows, that row as previewed when the slug is its live or its draft one. */
export async function rowBySlug(ctx: EngineContext, entity: PublicEntity, slug: string, lang: string, at: Moment, grant?: PreviewGrant) {
  const [shown, named] = await Promise.all([grant && previewed(ctx, entity, grant), loadOne(ctx, entity, slugRow(ctx, entity, slug, lang))]);
  if (shown && grant) {
    const draftSlug = slugOf(entity, shown.record, lang, ctx.site.default_language) ?? String(grant.id);
    if (Number(named?.row.id) === grant.id || draftSlug === slug) return publicRow(ctx, entity, shown, lang, at, true);
  }
  return publicRow(ctx, entity, named, lang, at);
}
