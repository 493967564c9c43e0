/**
 * `route?path=`: what a path of the public site shows, in the style of the original
 * backend's pages router. The first segment is a site language; the rest is matched
 * against the declared patterns in that language (entities/publicPaths.ts): a site page,
 * or a public row by its slug in that language.
 */
import { matchPublicPath } from '../../entities/publicPaths.js';
import { SITE_PAGES } from '../../entities/sitePages/keys.js';
import type { EngineContext } from '../entities/context.js';
import { type PublicEntity, publicRow, slugRow } from './collections.js';
import { loadOne } from '../entities/read.js';
import type { PreviewGrant } from '../services/previewTokens.js';
import { pathIn } from './present.js';
import { previewed } from './preview.js';
import { publicPage } from './site.js';
import type { Moment } from './visibility.js';

export interface Resolved {
  type: string;
  language: string;
  object: Record<string, unknown>;
  alternates: Record<string, string>;
  seo: unknown;
  until?: number;
}

/** Site pages in the order they are tried; `settings` shares the home page's path and is no page of its own. */
export const ROUTED_PAGES = SITE_PAGES.filter((p) => p.key !== 'settings');

/** What `path` shows; with a preview, its row as previewed where the path is the row's live or draft page. */
export async function resolvePath(
  ctx: EngineContext,
  entities: readonly PublicEntity[],
  path: string,
  at: Moment,
  grant?: PreviewGrant,
): Promise<Resolved | undefined> {
  const lang = /^\/([^/]+)/.exec(path)?.[1];
  if (!lang || !ctx.site.languages.includes(lang)) return undefined;
  for (const page of ROUTED_PAGES) {
    if (!matchPublicPath(page.url, lang, path)) continue;
    const found = await publicPage(ctx, page.key, lang, at, grant);
    if (!found) return undefined;
    const { alternates, ...object } = found;
    return { type: 'page', language: lang, object, alternates: alternates as Record<string, string>, seo: object.seo ?? null };
  }
  const shownEntity = grant && entities.find((e) => e.name === grant.model);
  const shown = shownEntity && grant && (await previewed(ctx, shownEntity, grant));
  if (shownEntity && shown && grant && pathIn(shownEntity, shown.record, grant.id, lang) === path) {
    const row = await publicRow(ctx, shownEntity, shown, lang, at, true);
    if (row) return { type: shownEntity.name, language: lang, object: row.item, alternates: row.alternates, seo: row.item.seo ?? null, until: row.until };
  }
  for (const entity of entities) {
    const pattern = entity.public.urlPattern;
    const match = pattern && matchPublicPath(pattern, lang, path);
    if (!match) continue;
    const named = match.id !== undefined ? [match.id] : match.slug !== undefined ? slugRow(ctx, entity, match.slug, lang, true) : undefined;
    const loaded = named && (await loadOne(ctx, entity, named));
    const asShown = shown !== undefined && shownEntity === entity && Number(loaded?.row.id) === grant?.id;
    const row = await publicRow(ctx, entity, asShown ? shown : loaded, lang, at, asShown);
    if (!row) continue;
    return { type: entity.name, language: lang, object: row.item, alternates: row.alternates, seo: row.item.seo ?? null, until: row.until };
  }
  return undefined;
}
