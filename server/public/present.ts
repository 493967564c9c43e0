/**
 * Rows as the delivery API shows them: `id` and the declared public fields only, each in
 * the asked language, or — where that language has nothing — in the site's default
 * language, named in `fallback`. Media become URLs with size and alt text in the language;
 * references become `{ id, title, slug }` of rows that are public themselves (a draft
 * product behind a featured one is not shown); menu links to site pages become paths.
 */
import type { Kysely } from 'kysely';
import { type EntityDef, fieldOf, type PublicDef } from '../../entities/define.js';
import type { Field } from '../../entities/fields.js';
import type { MenuNode } from '../../entities/fieldTypes/menuTree.js';
import { publicPath } from '../../entities/publicPaths.js';
import { type SitePageKey, sitePageInfo, SITE_PAGE_KEYS } from '../../entities/sitePages/keys.js';
import type { RecordValues } from '../../entities/validateRecord.js';
import type { DatabaseSchema } from '../db/schema.js';
import type { EngineContext } from '../entities/context.js';
import { loadRecords, type Loaded } from '../entities/read.js';
import { renditionSrcset } from '../services/media/renditionKeys.js';
import { mediaUrl } from '../services/media/serialize.js';
import { allowedType } from '../services/media/types.js';
import { isVisible, type Moment } from './visibility.js';

export interface PublicMedia {
  id: number;
  url: string;
  thumbnail_url: string | null;
  web_url: string | null;
  mime_type: string;
  width: number | null;
  height: number | null;
  /** Renditions of a raster image by width (`<url> <width>w, …`) for an <img srcset>; null for other files. */
  srcset: string | null;
  title: string;
  alt: string;
}

export interface PublicRef {
  id: number;
  title: string;
  slug: string | null;
  path: string | null;
}

const MEDIA_TYPES = new Set(['media', 'file', 'mediaMany']);

export const isEmpty = (v: unknown): boolean =>
  v === undefined ||
  v === null ||
  v === '' ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === 'object' && !Array.isArray(v) && Object.values(v as object).every(isEmpty));

/** The field's value in `lang`, else the default language's; `fell` says which it was. */
export function inLanguage(record: RecordValues, name: string, lang: string, fallbackLang: string): { value: unknown; fell: boolean } {
  const own = record.translations[lang]?.[name];
  if (!isEmpty(own) || lang === fallbackLang) return { value: own ?? null, fell: false };
  const other = record.translations[fallbackLang]?.[name];
  return isEmpty(other) ? { value: own ?? null, fell: false } : { value: other, fell: true };
}

const slugFieldOf = (entity: EntityDef) => Object.keys(entity.fields).find((n) => entity.fields[n]!.type === 'slug');

/** The row's slug in a language (or the default one); a slug-less entity is addressed by id. */
export function slugOf(entity: EntityDef, record: RecordValues, lang: string, fallbackLang: string): string | null {
  const name = slugFieldOf(entity);
  if (!name) return null;
  const v = fieldOf(entity, name).translated ? inLanguage(record, name, lang, fallbackLang).value : record.values[name];
  return typeof v === 'string' && v ? v : null;
}

/** The row's page in `lang` under its entity's URL pattern; null where it has no slug in that language (no page there). */
export function pathIn(entity: EntityDef, record: RecordValues, id: number, lang: string): string | null {
  const pattern = entity.public?.urlPattern;
  if (!pattern) return null;
  const slug = slugOf(entity, record, lang, lang);
  if (pattern.includes('{slug}') && !slug) return null;
  return publicPath(pattern, lang, { slug: slug ?? '', id });
}

/**
 * Where a website links the row from a page in `lang`: its page in that language, or — its
 * slug being the default language's only — its page in the default language, where `route`
 * finds it.
 */
export const pathOf = (entity: EntityDef, record: RecordValues, id: number, lang: string, fallbackLang: string) =>
  pathIn(entity, record, id, lang) ?? (lang === fallbackLang ? null : pathIn(entity, record, id, fallbackLang));

/** Media ids a value of a field holds, nested repeater rows included. */
function mediaIdsIn(field: Field, value: unknown, out: Set<number>) {
  if (field.type === 'media' || field.type === 'file') {
    if (typeof value === 'number') out.add(value);
  } else if (field.type === 'mediaMany') {
    for (const id of Array.isArray(value) ? value : []) if (typeof id === 'number') out.add(id);
  } else if (field.type === 'repeater' && Array.isArray(value)) {
    for (const row of value as Record<string, unknown>[]) for (const [n, f] of Object.entries(field.fields)) mediaIdsIn(f, row?.[n], out);
  }
}

/** Media of the site by id, with title and alt text in `lang` (else the default language). */
async function loadMedia(ctx: EngineContext, ids: ReadonlySet<number>, lang: string): Promise<Map<number, PublicMedia>> {
  const out = new Map<number, PublicMedia>();
  if (!ids.size || !ctx.media) return out;
  const langs = [...new Set([lang, ctx.site.default_language])];
  const db = ctx.db as Kysely<DatabaseSchema>;
  const [rows, texts] = await Promise.all([
    db
      .selectFrom('media')
      .select(['id', 'file_key', 'thumb_key', 'web_key', 'mime_type', 'width', 'height', 'focal_x', 'focal_y'])
      .where('tenant_id', '=', ctx.site.id)
      .where('id', 'in', [...ids])
      .execute(),
    db
      .selectFrom('media_translations')
      .select(['media_id', 'language', 'title', 'alt_text'])
      .where('media_id', 'in', [...ids])
      .where('language', 'in', langs)
      .execute(),
  ]);
  const text = (id: number, key: 'title' | 'alt_text') => {
    const of = (l: string) => texts.find((t) => Number(t.media_id) === id && t.language === l)?.[key];
    return of(lang) || of(ctx.site.default_language) || '';
  };
  for (const r of rows) {
    const id = Number(r.id);
    out.set(id, {
      id,
      url: mediaUrl(r.file_key),
      thumbnail_url: r.thumb_key ? mediaUrl(r.thumb_key) : null,
      web_url: r.web_key ? mediaUrl(r.web_key) : null,
      mime_type: r.mime_type,
      width: r.width === null ? null : Number(r.width),
      height: r.height === null ? null : Number(r.height),
      srcset:
        ctx.renditions && allowedType(r.mime_type)?.kind === 'raster'
          ? renditionSrcset({ ...r, width: r.width === null ? null : Number(r.width) }, ctx.renditions)
          : null,
      title: text(id, 'title'),
      alt: text(id, 'alt_text'),
    });
  }
  return out;
}

/** Public rows of a referenced entity, by id, as references in `lang`. */
async function loadRefs(ctx: EngineContext, target: EntityDef, ids: ReadonlySet<number>, lang: string, at: Moment): Promise<Map<number, PublicRef>> {
  const out = new Map<number, PublicRef>();
  if (!ids.size) return out;
  const def = target.public;
  const found = await loadRecords(ctx, target, [...ids], { joinFields: [] });
  const title = fieldOf(target, target.titleField);
  for (const [id, l] of found) {
    if (!def || !isVisible(target, def, l.record.values, at)) continue;
    const t = title.translated ? inLanguage(l.record, target.titleField, lang, ctx.site.default_language).value : l.record.values[target.titleField];
    out.set(id, {
      id,
      title: typeof t === 'string' ? t : String(t ?? ''),
      slug: slugOf(target, l.record, lang, ctx.site.default_language),
      path: pathOf(target, l.record, id, lang, ctx.site.default_language),
    });
  }
  return out;
}

/** A menu with each site-page link given its path in `lang`. */
function resolveMenu(nodes: unknown, lang: string): unknown {
  if (!Array.isArray(nodes)) return nodes;
  return (nodes as MenuNode[]).map((n) => {
    const page = n.page && (SITE_PAGE_KEYS as readonly string[]).includes(n.page) ? (n.page as SitePageKey) : undefined;
    return { ...n, ...(page ? { path: publicPath(sitePageInfo(page).url, lang) } : {}), children: resolveMenu(n.children ?? [], lang) };
  });
}

export interface Presenter {
  (l: Loaded): Record<string, unknown>;
}

/**
 * Prepares what the rows reference (media, public rows of other entities: one query per
 * kind for all rows) and returns the function that shows one row.
 */
export async function publicPresenter(
  ctx: EngineContext,
  entity: EntityDef,
  def: PublicDef,
  rows: readonly Loaded[],
  lang: string,
  at: Moment,
): Promise<Presenter> {
  const fallbackLang = ctx.site.default_language;
  const fields = def.fields.map((name) => [name, fieldOf(entity, name)] as const);
  const valueOf = (l: Loaded, name: string, field: Field) =>
    field.translated ? inLanguage(l.record, name, lang, fallbackLang) : { value: l.record.values[name], fell: false };

  const mediaIds = new Set<number>();
  const refIds = new Map<string, Set<number>>();
  for (const l of rows) {
    for (const [name, field] of fields) {
      const { value } = valueOf(l, name, field);
      mediaIdsIn(field, value, mediaIds);
      if (field.type === 'fk' || field.type === 'm2m') {
        const set = refIds.get(field.target) ?? new Set<number>();
        for (const id of [value].flat()) if (typeof id === 'number') set.add(id);
        refIds.set(field.target, set);
      }
    }
  }
  const [media, refs] = await Promise.all([
    loadMedia(ctx, mediaIds, lang),
    Promise.all([...refIds].map(async ([target, ids]) => [target, await loadRefs(ctx, ctx.registry.get(target), ids, lang, at)] as const)).then(
      (pairs) => new Map(pairs),
    ),
  ]);

  const show = (field: Field, value: unknown): unknown => {
    switch (field.type) {
      case 'media':
      case 'file':
        return typeof value === 'number' ? (media.get(value) ?? null) : null;
      case 'mediaMany':
        return (Array.isArray(value) ? value : []).map((id) => media.get(id as number)).filter(Boolean);
      case 'fk':
        return typeof value === 'number' ? (refs.get(field.target)?.get(value) ?? null) : null;
      case 'm2m':
        return (Array.isArray(value) ? value : []).map((id) => refs.get(field.target)?.get(id as number)).filter(Boolean);
      case 'repeater':
        return (Array.isArray(value) ? value : []).map((row: Record<string, unknown>) =>
          Object.fromEntries(Object.entries(field.fields).map(([n, f]) => [n, MEDIA_TYPES.has(f.type) ? show(f, row?.[n]) : (row?.[n] ?? null)])),
        );
      case 'menuTree':
        return resolveMenu(value, lang);
      default:
        return value ?? null;
    }
  };

  return (l) => {
    const out: Record<string, unknown> = { id: Number(l.row.id) };
    const fallback: string[] = [];
    for (const [name, field] of fields) {
      const { value, fell } = valueOf(l, name, field);
      if (fell) fallback.push(name);
      const flag = def.shownWhen?.[name];
      out[name] = flag === undefined || l.record.values[flag] === true ? show(field, value) : null;
    }
    out.fallback = fallback;
    if (def.urlPattern) out.path = pathOf(entity, l.record, out.id as number, lang, fallbackLang);
    return out;
  };
}
