import type { Kysely } from 'kysely';
import { createEngineTables, createEntityTable } from '../../entities/schema.js';
import type { Dialect } from '../database.js';

/**
 * The entity engine's shared tables and the dealer catalog (issue 5), built from the
 * declarations in entities/. Each field list pins what this migration creates; fields
 * declared later arrive through their own addEntityColumn migrations.
 */
export function catalogMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await createEngineTables(db);
      await createEntityTable(db, dialect, 'brand', ['code', 'name', 'logo', 'color', 'website', 'description', 'order', 'is_active']);
      await createEntityTable(db, dialect, 'brandService', ['brand', 'title', 'description', 'icon', 'contact_email', 'order', 'is_active']);
      await createEntityTable(db, dialect, 'category', ['title', 'slug', 'description', 'image', 'order']);
      await createEntityTable(db, dialect, 'tag', ['title', 'slug', 'order']);
      await createEntityTable(db, dialect, 'product', [
        'name',
        'slug',
        'sku',
        'brand',
        'category',
        'tags',
        'status',
        'price',
        'show_price',
        'model_year',
        'power_hp',
        'summary',
        'description',
        'specs',
        'gallery',
        'brochure',
        'video_url',
        'seo',
      ]);
      await createEntityTable(db, dialect, 'featuredProduct', ['product', 'badge', 'order', 'valid_from', 'valid_to']);
    },
  };
}
