import { type Kysely, sql } from 'kysely';
import { withId } from '../columns.js';
import type { Dialect } from '../database.js';

/**
 * Media library: folders, media, their translations, the search terms and the per-folder
 * counters (see server/db/tables/media.ts).
 *
 * Indexes serve the list of GET /api/media-folders (newest first: created_at, id descending):
 *   one folder            (tenant_id, folder_id, created_at, id)
 *   every folder (all)    (tenant_id, created_at, id)
 *   a type filter         (tenant_id, folder_id, mime_group, created_at, id) / (tenant_id, mime_group, created_at, id)
 *   a search              media_terms primary key (tenant_id, term, folder_id, mime_group, media_id),
 *                         a range scan that also counts, and (media_id, term) to check
 *                         further search words of a candidate
 * and the paginator's count comes from media_counts, so none of them reads all rows (a
 * search reads its matches). Ordering by created_at rather than id also keeps PostgreSQL
 * from walking the primary key backwards through other tenants' rows.
 */
export function mediaMigration(dialect: Dialect) {
  // Search terms are compared as byte ranges (`term >= 'trac' and term < 'trad'`); on
  // PostgreSQL that needs the C collation, or a linguistic collation reorders them.
  const termType = dialect === 'postgres' ? sql`varchar(64) collate "C"` : sql`varchar(64)`;
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('media_folders'), dialect)
        .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
        .addColumn('parent_id', 'integer', (c) => c.references('media_folders.id').onDelete('cascade'))
        .addColumn('title', 'varchar(255)', (c) => c.notNull())
        .addColumn('slug', 'varchar(100)', (c) => c.notNull())
        .addColumn('path', 'varchar(2000)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.createIndex('media_folders_tenant_path').on('media_folders').columns(['tenant_id', 'path']).unique().execute();
      await db.schema
        .createIndex('media_folders_tenant_parent')
        .on('media_folders')
        .columns(['tenant_id', 'parent_id', 'title'])
        .execute();
      await db.schema.createIndex('media_folders_parent').on('media_folders').column('parent_id').execute();

      await withId(db.schema.createTable('media'), dialect)
        .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
        .addColumn('folder_id', 'integer', (c) => c.references('media_folders.id'))
        .addColumn('file_key', 'varchar(200)', (c) => c.notNull())
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('mime_type', 'varchar(127)', (c) => c.notNull())
        .addColumn('mime_group', 'varchar(32)', (c) => c.notNull())
        .addColumn('width', 'integer')
        .addColumn('height', 'integer')
        .addColumn('thumb_key', 'varchar(200)')
        .addColumn('web_key', 'varchar(200)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.createIndex('media_file_key').on('media').column('file_key').unique().execute();
      await db.schema.createIndex('media_thumb_key').on('media').column('thumb_key').unique().execute();
      await db.schema.createIndex('media_web_key').on('media').column('web_key').unique().execute();
      await db.schema.createIndex('media_tenant_created').on('media').columns(['tenant_id', 'created_at', 'id']).execute();
      await db.schema
        .createIndex('media_tenant_folder_created')
        .on('media')
        .columns(['tenant_id', 'folder_id', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('media_tenant_group_created')
        .on('media')
        .columns(['tenant_id', 'mime_group', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('media_tenant_folder_group_created')
        .on('media')
        .columns(['tenant_id', 'folder_id', 'mime_group', 'created_at', 'id'])
        .execute();
      // For the foreign key check when folders are deleted.
      await db.schema.createIndex('media_folder').on('media').column('folder_id').execute();

      await db.schema
        .createTable('media_translations')
        .addColumn('media_id', 'integer', (c) => c.notNull().references('media.id').onDelete('cascade'))
        .addColumn('language', 'varchar(8)', (c) => c.notNull())
        .addColumn('title', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('alt_text', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addPrimaryKeyConstraint('media_translations_pk', ['media_id', 'language'])
        .execute();

      // folder_id (0 = root) and mime_group repeat the media row's, so a search in a
      // folder or of a type, and its count, stay within this one index range.
      await db.schema
        .createTable('media_terms')
        .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
        .addColumn('term', termType, (c) => c.notNull())
        .addColumn('folder_id', 'integer', (c) => c.notNull())
        .addColumn('mime_group', 'varchar(32)', (c) => c.notNull())
        .addColumn('media_id', 'integer', (c) => c.notNull().references('media.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('media_terms_pk', ['tenant_id', 'term', 'folder_id', 'mime_group', 'media_id'])
        .execute();
      await db.schema.createIndex('media_terms_media').on('media_terms').columns(['media_id', 'term']).execute();

      await db.schema
        .createTable('media_counts')
        .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
        .addColumn('folder_id', 'integer', (c) => c.notNull())
        .addColumn('mime_type', 'varchar(127)', (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('media_counts_pk', ['tenant_id', 'folder_id', 'mime_type'])
        .execute();
    },
  };
}
