import type { Selectable } from 'kysely';
import type { PreviewError } from '../../../entities/problems.js';
import type { MediaFoldersTable, MediaTable, MediaTranslationsTable } from '../../db/tables/media.js';
import type { MediaUsage } from './usage.js';

export type MediaRow = Selectable<MediaTable>;
export type FolderRow = Selectable<MediaFoldersTable>;
export type TranslationRow = Selectable<MediaTranslationsTable>;

/** Where GET /media/<key> serves a stored file. */
export const MEDIA_URL_PREFIX = '/media/';
export const mediaUrl = (key: string) => `${MEDIA_URL_PREFIX}${key}`;

export interface FocalPoint {
  x: number;
  y: number;
}

export interface TranslationJson {
  title: string;
  alt_text: string;
  description: string;
}

/** A media item as lists answer it; title/alt_text/description are those of one language. */
export interface MediaJson extends TranslationJson {
  id: number;
  url: string;
  /**
   * The variants are still being made (docs/decisions.md §34): thumbnail_url, web_url, width
   * and height are null until then, never the URL of a file that does not exist yet.
   */
  processing: boolean;
  /** Why an image has no preview (docs/decisions.md §37): the problem code its variants job met; null otherwise. */
  preview_error: PreviewError | null;
  thumbnail_url: string | null;
  web_url: string | null;
  name: string;
  size: number;
  mime_type: string;
  width: number | null;
  height: number | null;
  /** Where `cover` renditions are centred, fractions 0..1 from the top left; null: the centre. */
  focal_point: FocalPoint | null;
  folder: number | null;
  created_at: string;
  updated_at: string;
  version: number;
}

/** GET /api/media/<id> adds every language and the records that use it: those the reader may see, and how many others. */
export interface MediaDetailJson extends MediaJson {
  translations: Record<string, TranslationJson>;
  used_by: MediaUsage[];
  used_by_hidden: number;
}

export interface FolderJson {
  id: number;
  title: string;
  slug: string;
  path: string;
  parent: number | null;
  created_at: string;
  updated_at: string;
  version: number;
}

const EMPTY: TranslationJson = { title: '', alt_text: '', description: '' };

/** The translation columns of one language. */
export type TranslationFields = Pick<TranslationRow, 'title' | 'alt_text' | 'description'>;

export const translationJson = (t: TranslationFields | undefined): TranslationJson =>
  t ? { title: t.title, alt_text: t.alt_text, description: t.description } : { ...EMPTY };

export function mediaJson(row: Omit<MediaRow, 'tenant_id' | 'mime_group'>, translation: TranslationFields | undefined): MediaJson {
  return {
    id: row.id,
    url: mediaUrl(row.file_key),
    processing: row.processing !== null,
    // Only the variants job writes it, and only a PreviewError.
    preview_error: row.preview_error as PreviewError | null,
    thumbnail_url: row.thumb_key ? mediaUrl(row.thumb_key) : null,
    web_url: row.web_key ? mediaUrl(row.web_key) : null,
    name: row.name,
    size: Number(row.size),
    mime_type: row.mime_type,
    width: row.width,
    height: row.height,
    focal_point: row.focal_x === null || row.focal_y === null ? null : { x: Number(row.focal_x), y: Number(row.focal_y) },
    folder: row.folder_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    version: row.version,
    ...translationJson(translation),
  };
}

export function mediaDetailJson(
  row: MediaRow,
  language: string,
  translations: TranslationRow[],
  usage: Pick<MediaDetailJson, 'used_by' | 'used_by_hidden'>,
): MediaDetailJson {
  const all: Record<string, TranslationJson> = {};
  for (const t of translations) all[t.language] = translationJson(t);
  return {
    ...mediaJson(
      row,
      translations.find((t) => t.language === language),
    ),
    translations: all,
    ...usage,
  };
}

export function folderJson(row: FolderRow): FolderJson {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    path: row.path,
    parent: row.parent_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    version: row.version,
  };
}
