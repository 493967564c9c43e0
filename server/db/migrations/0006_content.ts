import type { Kysely } from 'kysely';
import { runStatements } from '../columns.js';
import type { Dialect } from '../database.js';

/**
 * The dealer's content (issue 6): used products and their dealer categories, promotions
 * and news.
 * The statements are written out (frozen): what the entity declarations made of this
 * field list on the day it landed; a later change to a declaration comes with a migration of its own.
 */
const STATEMENTS = [
  `create table "used_categories" (
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
  `create index "used_categories_tenant" on "used_categories" ("tenant_id", "id")`,
  `create index "used_categories_by_title" on "used_categories" ("tenant_id", "title", "id")`,
  `create index "used_categories_by_slug" on "used_categories" ("tenant_id", "slug", "id")`,
  `create index "used_categories_by_order" on "used_categories" ("tenant_id", "order", "id")`,
  `create table "used_categories_search" (
    "tenant_id" integer not null,
    "token" %token% not null,
    "entity_id" integer not null references "used_categories" ("id") on delete cascade,
    constraint "used_categories_search_pk" primary key ("tenant_id", "token", "entity_id")
  )`,
  `create index "used_categories_search_entity" on "used_categories_search" ("entity_id")`,
  `create table "used_products" (
    "id" %id%,
    "tenant_id" integer not null references "tenants" ("id") on delete cascade,
    "title" text default '' not null,
    "stock_number" text default '' not null,
    "category_id" integer references "used_categories" ("id"),
    "brand_id" integer references "brands" ("id"),
    "model" text default '' not null,
    "year" integer,
    "hours" integer,
    "power_hp" integer,
    "condition" text,
    "status" text,
    "price" %real%,
    "show_price" integer default 0 not null,
    "location_name" text default '' not null,
    "location" text,
    "translations" text default '{}' not null,
    "version" integer default 1 not null,
    "created_at" varchar(32) not null,
    "updated_at" varchar(32) not null
  )`,
  `create index "used_products_tenant" on "used_products" ("tenant_id", "id")`,
  `create index "used_products_by_updated_at" on "used_products" ("tenant_id", "updated_at", "id")`,
  `create index "used_products_by_title" on "used_products" ("tenant_id", "title", "id")`,
  `create index "used_products_by_stock_number" on "used_products" ("tenant_id", "stock_number", "id")`,
  `create unique index "used_products_unique_stock_number" on "used_products" ("tenant_id", "stock_number") where "stock_number" <> ''`,
  `create index "used_products_by_category" on "used_products" ("tenant_id", "category_id", "id")`,
  `create index "used_products_by_brand" on "used_products" ("tenant_id", "brand_id", "id")`,
  `create index "used_products_by_year" on "used_products" ("tenant_id", "year", "id")`,
  `create index "used_products_by_hours" on "used_products" ("tenant_id", "hours", "id")`,
  `create index "used_products_by_condition" on "used_products" ("tenant_id", "condition", "id")`,
  `create index "used_products_by_status" on "used_products" ("tenant_id", "status", "id")`,
  `create index "used_products_by_price" on "used_products" ("tenant_id", "price", "id")`,
  `create table "used_products_gallery" (
    "source_id" integer not null references "used_products" ("id") on delete cascade,
    "target_id" integer not null,
    "position" integer default 0 not null,
    constraint "used_products_gallery_pk" primary key ("source_id", "target_id")
  )`,
  `create index "used_products_gallery_target" on "used_products_gallery" ("target_id", "source_id")`,
  `create table "used_products_search" (
    "tenant_id" integer not null,
    "token" %token% not null,
    "entity_id" integer not null references "used_products" ("id") on delete cascade,
    constraint "used_products_search_pk" primary key ("tenant_id", "token", "entity_id")
  )`,
  `create index "used_products_search_entity" on "used_products_search" ("entity_id")`,
  `create table "promotions" (
    "id" %id%,
    "tenant_id" integer not null references "tenants" ("id") on delete cascade,
    "title" text default '' not null,
    "brand_id" integer references "brands" ("id") on delete set null,
    "valid_from" text,
    "valid_to" text,
    "image_id" integer,
    "status" text,
    "order" integer,
    "translations" text default '{}' not null,
    "version" integer default 1 not null,
    "created_at" varchar(32) not null,
    "updated_at" varchar(32) not null
  )`,
  `create index "promotions_tenant" on "promotions" ("tenant_id", "id")`,
  `create index "promotions_by_updated_at" on "promotions" ("tenant_id", "updated_at", "id")`,
  `create index "promotions_by_title" on "promotions" ("tenant_id", "title", "id")`,
  `create index "promotions_by_brand" on "promotions" ("tenant_id", "brand_id", "id")`,
  `create index "promotions_by_valid_from" on "promotions" ("tenant_id", "valid_from", "id")`,
  `create index "promotions_by_valid_to" on "promotions" ("tenant_id", "valid_to", "id")`,
  `create index "promotions_by_image" on "promotions" ("tenant_id", "image_id", "id")`,
  `create index "promotions_by_status" on "promotions" ("tenant_id", "status", "id")`,
  `create index "promotions_by_order" on "promotions" ("tenant_id", "order", "id")`,
  `create table "promotions_search" (
    "tenant_id" integer not null,
    "token" %token% not null,
    "entity_id" integer not null references "promotions" ("id") on delete cascade,
    constraint "promotions_search_pk" primary key ("tenant_id", "token", "entity_id")
  )`,
  `create index "promotions_search_entity" on "promotions_search" ("entity_id")`,
  `create table "news" (
    "id" %id%,
    "tenant_id" integer not null references "tenants" ("id") on delete cascade,
    "title" text default '' not null,
    "publish_at" text,
    "image_id" integer,
    "status" text,
    "translations" text default '{}' not null,
    "version" integer default 1 not null,
    "created_at" varchar(32) not null,
    "updated_at" varchar(32) not null
  )`,
  `create index "news_tenant" on "news" ("tenant_id", "id")`,
  `create index "news_by_updated_at" on "news" ("tenant_id", "updated_at", "id")`,
  `create index "news_by_title" on "news" ("tenant_id", "title", "id")`,
  `create index "news_by_publish_at" on "news" ("tenant_id", "publish_at", "id")`,
  `create index "news_by_image" on "news" ("tenant_id", "image_id", "id")`,
  `create index "news_by_status" on "news" ("tenant_id", "status", "id")`,
  `create table "news_search" (
    "tenant_id" integer not null,
    "token" %token% not null,
    "entity_id" integer not null references "news" ("id") on delete cascade,
    constraint "news_search_pk" primary key ("tenant_id", "token", "entity_id")
  )`,
  `create index "news_search_entity" on "news_search" ("entity_id")`,
];

export function contentMigration(dialect: Dialect) {
  return {
    up: (db: Kysely<any>) => runStatements(db, dialect, STATEMENTS),
  };
}
