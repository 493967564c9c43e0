import type { Kysely } from 'kysely';
import { createEntityTable } from '../../entities/schema.js';
import type { Dialect } from '../database.js';

/**
 * The dealer's content (issue 6): used products and their dealer categories, promotions
 * and news. Each field list pins what this migration creates (entities/define.ts).
 */
export function contentMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await createEntityTable(db, dialect, 'usedCategory', ['title', 'slug', 'order']);
      await createEntityTable(db, dialect, 'usedProduct', [
        'title',
        'slug',
        'stock_number',
        'category',
        'brand',
        'model',
        'year',
        'hours',
        'power_hp',
        'condition',
        'status',
        'price',
        'show_price',
        'description',
        'gallery',
        'location_name',
        'location',
        'seo',
      ]);
      await createEntityTable(db, dialect, 'promotion', ['title', 'slug', 'summary', 'body', 'brand', 'valid_from', 'valid_to', 'image', 'status', 'order']);
      await createEntityTable(db, dialect, 'news', ['title', 'slug', 'summary', 'body', 'publish_at', 'image', 'status', 'seo']);
    },
  };
}
