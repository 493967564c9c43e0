import type { Kysely } from 'kysely';
import { runStatements } from '../columns.js';
import type { Dialect } from '../database.js';

/**
 * The entity engine's shared tables (entity_slugs, entity_counts) and the dealer catalog
 * (issue 5): brands, brand services, categories, tags, products, featured products, with
 * their indexes, join tables and search tables.
 * The statements are written out (frozen): what the entity declarations made of this
 * field list on the day it landed; a later change to a declaration comes with a migration of its own.
 */
const STATEMENTS = [
  `create table "entity_slugs" (
    "entity" varchar(64) not null,
    "tenant_id" integer not null,
    "language" varchar(8) not null,
    "slug" varchar(255) not null,
    "entity_id" integer not null,
    constraint "entity_slugs_pk" primary key ("entity", "tenant_id", "language", "slug")
  )`,
  `create index "entity_slugs_row" on "entity_slugs" ("entity", "entity_id")`,
  `create table "entity_counts" (
    "entity" varchar(64) not null,
    "tenant_id" integer not null,
    "field" varchar(64) not null,
    "value" varchar(255) not null,
    "n" integer not null,
    constraint "entity_counts_pk" primary key ("entity", "tenant_id", "field", "value")
  )`,
  `create table "brands" (
    "id" %id%,
    "tenant_id" integer not null references "tenants" ("id") on delete cascade,
    "code" text default '' not null,
    "name" text default '' not null,
    "logo_id" integer,
    "color" text,
    "website" text default '' not null,
    "order" integer,
    "is_active" integer default 0 not null,
    "translations" text default '{}' not null,
    "version" integer default 1 not null,
    "created_at" varchar(32) not null,
    "updated_at" varchar(32) not null
  )`,
  `create index "brands_tenant" on "brands" ("tenant_id", "id")`,
  `create index "brands_by_code" on "brands" ("tenant_id", "code", "id")`,
  `create unique index "brands_unique_code" on "brands" ("tenant_id", "code") where "code" <> ''`,
  `create index "brands_by_name" on "brands" ("tenant_id", "name", "id")`,
  `create index "brands_by_logo" on "brands" ("tenant_id", "logo_id", "id")`,
  `create index "brands_by_order" on "brands" ("tenant_id", "order", "id")`,
  `create index "brands_by_is_active" on "brands" ("tenant_id", "is_active", "id")`,
  `create table "brands_search" (
    "tenant_id" integer not null,
    "token" %token% not null,
    "entity_id" integer not null references "brands" ("id") on delete cascade,
    constraint "brands_search_pk" primary key ("tenant_id", "token", "entity_id")
  )`,
  `create index "brands_search_entity" on "brands_search" ("entity_id")`,
  `create table "brand_services" (
    "id" %id%,
    "tenant_id" integer not null references "tenants" ("id") on delete cascade,
    "brand_id" integer references "brands" ("id"),
    "title" text default '' not null,
    "icon_id" integer,
    "contact_email" text default '' not null,
    "order" integer,
    "is_active" integer default 0 not null,
    "translations" text default '{}' not null,
    "version" integer default 1 not null,
    "created_at" varchar(32) not null,
    "updated_at" varchar(32) not null
  )`,
  `create index "brand_services_tenant" on "brand_services" ("tenant_id", "id")`,
  `create index "brand_services_by_brand" on "brand_services" ("tenant_id", "brand_id", "id")`,
  `create index "brand_services_by_title" on "brand_services" ("tenant_id", "title", "id")`,
  `create index "brand_services_by_icon" on "brand_services" ("tenant_id", "icon_id", "id")`,
  `create index "brand_services_by_order" on "brand_services" ("tenant_id", "order", "id")`,
  `create index "brand_services_by_is_active" on "brand_services" ("tenant_id", "is_active", "id")`,
  `create table "brand_services_search" (
    "tenant_id" integer not null,
    "token" %token% not null,
    "entity_id" integer not null references "brand_services" ("id") on delete cascade,
    constraint "brand_services_search_pk" primary key ("tenant_id", "token", "entity_id")
  )`,
  `create index "brand_services_search_entity" on "brand_services_search" ("entity_id")`,
  `create table "categories" (
    "id" %id%,
    "tenant_id" integer not null references "tenants" ("id") on delete cascade,
    "title" text default '' not null,
    "slug" text default '' not null,
    "image_id" integer,
    "order" integer,
    "translations" text default '{}' not null,
    "version" integer default 1 not null,
    "created_at" varchar(32) not null,
    "updated_at" varchar(32) not null
  )`,
  `create index "categories_tenant" on "categories" ("tenant_id", "id")`,
  `create index "categories_by_title" on "categories" ("tenant_id", "title", "id")`,
  `create index "categories_by_slug" on "categories" ("tenant_id", "slug", "id")`,
  `create index "categories_by_image" on "categories" ("tenant_id", "image_id", "id")`,
  `create index "categories_by_order" on "categories" ("tenant_id", "order", "id")`,
  `create table "categories_search" (
    "tenant_id" integer not null,
    "token" %token% not null,
    "entity_id" integer not null references "categories" ("id") on delete cascade,
    constraint "categories_search_pk" primary key ("tenant_id", "token", "entity_id")
  )`,
  `create index "categories_search_entity" on "categories_search" ("entity_id")`,
  `create table "tags" (
    "id" %id%,
    "tenant_id" integer not null references "tenants" ("id") on delete cascade,
    "title" text default '' not null,
    "slug" text default '' not null,
    "order" integer,
    "translations" text default '{}' not null,
    "version" integer default 1 not null,
    "created_at" varchar(32) not null,
    "updated_at" varchar(32) not null
  )`,
  `create index "tags_tenant" on "tags" ("tenant_id", "id")`,
  `create index "tags_by_title" on "tags" ("tenant_id", "title", "id")`,
  `create index "tags_by_slug" on "tags" ("tenant_id", "slug", "id")`,
  `create index "tags_by_order" on "tags" ("tenant_id", "order", "id")`,
  `create table "tags_search" (
    "tenant_id" integer not null,
    "token" %token% not null,
    "entity_id" integer not null references "tags" ("id") on delete cascade,
    constraint "tags_search_pk" primary key ("tenant_id", "token", "entity_id")
  )`,
  `create index "tags_search_entity" on "tags_search" ("entity_id")`,
  `create table "products" (
    "id" %id%,
    "tenant_id" integer not null references "tenants" ("id") on delete cascade,
    "name" text default '' not null,
    "sku" text default '' not null,
    "brand_id" integer references "brands" ("id"),
    "category_id" integer references "categories" ("id"),
    "status" text,
    "price" %real%,
    "show_price" integer default 0 not null,
    "model_year" integer,
    "power_hp" integer,
    "specs" text default '[]' not null,
    "brochure_id" integer,
    "video_url" text default '' not null,
    "translations" text default '{}' not null,
    "version" integer default 1 not null,
    "created_at" varchar(32) not null,
    "updated_at" varchar(32) not null
  )`,
  `create index "products_tenant" on "products" ("tenant_id", "id")`,
  `create index "products_by_updated_at" on "products" ("tenant_id", "updated_at", "id")`,
  `create index "products_by_name" on "products" ("tenant_id", "name", "id")`,
  `create index "products_by_sku" on "products" ("tenant_id", "sku", "id")`,
  `create index "products_by_brand" on "products" ("tenant_id", "brand_id", "id")`,
  `create index "products_by_category" on "products" ("tenant_id", "category_id", "id")`,
  `create table "products_tags" (
    "source_id" integer not null references "products" ("id") on delete cascade,
    "target_id" integer not null references "tags" ("id"),
    "position" integer default 0 not null,
    constraint "products_tags_pk" primary key ("source_id", "target_id")
  )`,
  `create index "products_tags_target" on "products_tags" ("target_id", "source_id")`,
  `create index "products_by_status" on "products" ("tenant_id", "status", "id")`,
  `create index "products_by_price" on "products" ("tenant_id", "price", "id")`,
  `create index "products_by_model_year" on "products" ("tenant_id", "model_year", "id")`,
  `create table "products_gallery" (
    "source_id" integer not null references "products" ("id") on delete cascade,
    "target_id" integer not null,
    "position" integer default 0 not null,
    constraint "products_gallery_pk" primary key ("source_id", "target_id")
  )`,
  `create index "products_gallery_target" on "products_gallery" ("target_id", "source_id")`,
  `create index "products_by_brochure" on "products" ("tenant_id", "brochure_id", "id")`,
  `create table "products_search" (
    "tenant_id" integer not null,
    "token" %token% not null,
    "entity_id" integer not null references "products" ("id") on delete cascade,
    constraint "products_search_pk" primary key ("tenant_id", "token", "entity_id")
  )`,
  `create index "products_search_entity" on "products_search" ("entity_id")`,
  `create table "featured_products" (
    "id" %id%,
    "tenant_id" integer not null references "tenants" ("id") on delete cascade,
    "product_id" integer references "products" ("id"),
    "badge" text default '' not null,
    "order" integer,
    "valid_from" text,
    "valid_to" text,
    "translations" text default '{}' not null,
    "version" integer default 1 not null,
    "created_at" varchar(32) not null,
    "updated_at" varchar(32) not null
  )`,
  `create index "featured_products_tenant" on "featured_products" ("tenant_id", "id")`,
  `create index "featured_products_by_product" on "featured_products" ("tenant_id", "product_id", "id")`,
  `create index "featured_products_by_order" on "featured_products" ("tenant_id", "order", "id")`,
  `create index "featured_products_by_valid_from" on "featured_products" ("tenant_id", "valid_from", "id")`,
  `create index "featured_products_by_valid_to" on "featured_products" ("tenant_id", "valid_to", "id")`,
  `create table "featured_products_search" (
    "tenant_id" integer not null,
    "token" %token% not null,
    "entity_id" integer not null references "featured_products" ("id") on delete cascade,
    constraint "featured_products_search_pk" primary key ("tenant_id", "token", "entity_id")
  )`,
  `create index "featured_products_search_entity" on "featured_products_search" ("entity_id")`,
];

export function catalogMigration(dialect: Dialect) {
  return {
    up: (db: Kysely<any>) => runStatements(db, dialect, STATEMENTS),
  };
}
