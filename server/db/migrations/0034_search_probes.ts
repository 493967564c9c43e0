import type { Kysely } from 'kysely';
import { runStatements } from '../columns.js';
import type { Dialect } from '../database.js';

/**
 * A search index's rows of one row are read by (row id, word) (docs/decisions.md §63): a
 * walking search probes each row it examines for each word (server/list/searchIndex.ts
 * `probe`), and with the row id alone indexed each probe read every word row of that row
 * from the table to compare its word. With the word in the index the probe is one range of
 * the index: on the scale fixture a search examining 1,000 products took 2.3–2.7 ms on
 * SQLite, and 1.0 ms with it. Deleting a row's words still finds them by the id.
 */
const STATEMENTS = [
  `drop index "brands_search_entity"`,
  'create index "brands_search_entity" on "brands_search" ("entity_id", "token")',
  `drop index "brand_services_search_entity"`,
  'create index "brand_services_search_entity" on "brand_services_search" ("entity_id", "token")',
  `drop index "categories_search_entity"`,
  'create index "categories_search_entity" on "categories_search" ("entity_id", "token")',
  `drop index "tags_search_entity"`,
  'create index "tags_search_entity" on "tags_search" ("entity_id", "token")',
  `drop index "products_search_entity"`,
  'create index "products_search_entity" on "products_search" ("entity_id", "token")',
  `drop index "featured_products_search_entity"`,
  'create index "featured_products_search_entity" on "featured_products_search" ("entity_id", "token")',
  `drop index "markets_search_entity"`,
  'create index "markets_search_entity" on "markets_search" ("entity_id", "token")',
  `drop index "tenants_search_entity"`,
  'create index "tenants_search_entity" on "tenants_search" ("entity_id", "token")',
  `drop index "used_categories_search_entity"`,
  'create index "used_categories_search_entity" on "used_categories_search" ("entity_id", "token")',
  `drop index "used_products_search_entity"`,
  'create index "used_products_search_entity" on "used_products_search" ("entity_id", "token")',
  `drop index "promotions_search_entity"`,
  'create index "promotions_search_entity" on "promotions_search" ("entity_id", "token")',
  `drop index "news_search_entity"`,
  'create index "news_search_entity" on "news_search" ("entity_id", "token")',
  `drop index "indexing_actions_search_entity"`,
  'create index "indexing_actions_search_entity" on "indexing_actions_search" ("entity_id", "token")',
  `drop index "redirects_search_entity"`,
  'create index "redirects_search_entity" on "redirects_search" ("entity_id", "token")',
  `drop index "users_search_user"`,
  'create index "users_search_user" on "users_search" ("user_id", "token")',
];

export function searchProbesMigration(dialect: Dialect) {
  return { up: (db: Kysely<any>) => runStatements(db, dialect, STATEMENTS) };
}
