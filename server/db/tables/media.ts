import type { Generated } from 'kysely';

/**
 * A folder of a tenant's media library. `path` is the chain of slugs from the root,
 * `/parent/child`, unique per tenant; a slug holds only lower-case letters, digits and '-'.
 */
export interface MediaFoldersTable {
  id: Generated<number>;
  tenant_id: number;
  parent_id: number | null;
  title: string;
  slug: string;
  path: string;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

/**
 * An uploaded file. Keys name objects in the media storage (`server/storage`); they are
 * generated, never taken from the client. `mime_type` is sniffed from the bytes;
 * `mime_group` is its top-level type (`image`, `video`, …) so a `image/*` filter is an
 * indexed equality that keeps the newest-first order.
 */
export interface MediaTable {
  id: Generated<number>;
  tenant_id: number;
  folder_id: number | null;
  file_key: string;
  name: string;
  size: number;
  mime_type: string;
  mime_group: string;
  width: number | null;
  height: number | null;
  thumb_key: string | null;
  web_key: string | null;
  /** Where `cover` renditions are centred, as fractions 0..1 of width and height; null: the centre. */
  focal_x: number | null;
  focal_y: number | null;
  /** The ticket of the `media_variants` job still making its variants; null: ready (migration 0029). */
  processing: string | null;
  /** Why an image has no preview: the problem code its variants job met, `imageInvalid` or `imageSlow` (migration 0030); null otherwise. */
  preview_error: string | null;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

/** Per-language title, alt text and description of a media item. */
export interface MediaTranslationsTable {
  media_id: number;
  language: string;
  title: string;
  alt_text: string;
  description: string;
}

/**
 * Search index: the lower-cased, accent-free words of a media item's name and titles.
 * A search word matches a media item when it is the prefix of one of its terms, so a
 * search is an index range scan whatever the size of the library. `folder_id` (0 = the
 * root) and `mime_group` copy the media row's, so the scan also applies a folder and a
 * type filter.
 */
export interface MediaTermsTable {
  tenant_id: number;
  term: string;
  folder_id: number;
  mime_group: string;
  media_id: number;
}

/**
 * How many media a folder holds per MIME type (folder_id 0 = the root), kept in step
 * with `media` in the same transactions, so the paginator's count costs the same with
 * 1,000 or 100,000 files.
 */
export interface MediaCountsTable {
  tenant_id: number;
  folder_id: number;
  mime_type: string;
  n: number;
}
