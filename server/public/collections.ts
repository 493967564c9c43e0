/**
 * A public collection's list and detail, read through the entity engine: the list engine
 * (server/entities/list/) with the visibility filters added and only the declared public
 * sorts, filters and search, then the page's rows shown with their public fields.
 */
import type { EntityDef, PublicDef } from '../../entities/define.js';
import { fieldErrors } from '../errors.js';
import type { RecordValues } from '../../entities/validateRecord.js';
import type { EngineContext } from '../entities/context.js';
import { listRecords } from '../entities/list/listRecords.js';
import { parseListQuery, type RawQuery } from '../entities/list/query.js';
import { loadRecord, loadRecords, type Loaded } from '../entities/read.js';
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
 */
export async function idBySlug(ctx: EngineContext, entity: EntityDef, slug: string, lang: string, strict = false): Promise<number | undefined> {
  const slugField = Object.values(entity.fields).find((f) => f.type === 'slug');
  if (!slugField) return /^[1-9]\d{0,9}$/.test(slug) ? Number(slug) : undefined;
  const languages = slugField.translated ? [...new Set(strict ? [lang] : [lang, ctx.site.default_language])] : [''];
  const rows = await ctx.db
    .selectFrom(SLUGS_TABLE)
    .select(['entity_id', 'language'])
    .where('entity', '=', entity.name)
    .where('tenant_id', '=', ctx.site.id)
    .where('language', 'in', languages)
    .where('slug', '=', slug)
    .execute();
  const row = rows.find((r) => r.language === languages[0]) ?? rows[0];
  return row ? Number(row.entity_id) : undefined;
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
 * One public row with its alternates, or undefined when it is not public now; `shown`, a
 * preview's (preview.ts), is shown as it is, public or not.
 */
export async function publicRow(ctx: EngineContext, entity: PublicEntity, id: number, lang: string, at: Moment, shown?: Loaded) {
  const loaded = shown ?? (await loadRecord(ctx, entity, id));
  if (!loaded || (!shown && !isVisible(entity, entity.public, loaded.record.values, at))) return undefined;
  const show = await publicPresenter(ctx, entity, entity.public, [loaded], lang, at);
  return {
    item: show(loaded),
    alternates: alternatesOf(ctx, entity, loaded.record, id),
    until: rowBoundary(entity, entity.public, loaded.record.values, at),
  };
}

/** The row a slug names; with a preview of one of this entity's rows, that row as previewed when the slug is its live or its draft one. */
export async function rowBySlug(ctx: EngineContext, entity: PublicEntity, slug: string, lang: string, at: Moment, grant?: PreviewGrant) {
  const shown = grant && (await previewed(ctx, entity, grant));
  const id = await idBySlug(ctx, entity, slug, lang);
  if (shown && grant) {
    const draftSlug = slugOf(entity, shown.record, lang, ctx.site.default_language) ?? String(grant.id);
    if (id === grant.id || draftSlug === slug) return publicRow(ctx, entity, grant.id, lang, at, shown);
  }
  return id === undefined ? undefined : publicRow(ctx, entity, id, lang, at);
}
