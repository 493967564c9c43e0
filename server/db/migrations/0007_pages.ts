import type { Kysely } from 'kysely';
import { runStatements } from '../columns.js';
import type { Dialect } from '../database.js';

/**
 * Site pages (issue 6): a table per page kind, one row per site (unique tenant_id). No rows
 * here: a site's pages are made with the site, by the demo seed, or on first read
 * (server/entities/singleton.ts), all through the engine, so a replay never writes fields a
 * later migration adds.
 * The statements are written out (frozen): what the entity declarations made of this
 * field list on the day it landed; a later change to a declaration comes with a migration of its own.
 */
const STATEMENTS = [
  `create table "site_page_home" (
    "id" %id%,
    "tenant_id" integer not null references "tenants" ("id") on delete cascade,
    "title" text default '' not null,
    "hero_title" text default '' not null,
    "hero_image_id" integer,
    "hero_link_label" text default '' not null,
    "hero_link_url" text default '' not null,
    "featured_title" text default '' not null,
    "featured_limit" integer,
    "translations" text default '{}' not null,
    "version" integer default 1 not null,
    "created_at" varchar(32) not null,
    "updated_at" varchar(32) not null
  )`,
  `create index "site_page_home_tenant" on "site_page_home" ("tenant_id", "id")`,
  `create unique index "site_page_home_one_per_site" on "site_page_home" ("tenant_id")`,
  `create index "site_page_home_by_hero_image" on "site_page_home" ("tenant_id", "hero_image_id", "id")`,
  `create table "site_page_about_us" (
    "id" %id%,
    "tenant_id" integer not null references "tenants" ("id") on delete cascade,
    "title" text default '' not null,
    "image_id" integer,
    "translations" text default '{}' not null,
    "version" integer default 1 not null,
    "created_at" varchar(32) not null,
    "updated_at" varchar(32) not null
  )`,
  `create index "site_page_about_us_tenant" on "site_page_about_us" ("tenant_id", "id")`,
  `create unique index "site_page_about_us_one_per_site" on "site_page_about_us" ("tenant_id")`,
  `create index "site_page_about_us_by_image" on "site_page_about_us" ("tenant_id", "image_id", "id")`,
  `create table "site_page_spare_parts" (
    "id" %id%,
    "tenant_id" integer not null references "tenants" ("id") on delete cascade,
    "title" text default '' not null,
    "image_id" integer,
    "request_email" text default '' not null,
    "translations" text default '{}' not null,
    "version" integer default 1 not null,
    "created_at" varchar(32) not null,
    "updated_at" varchar(32) not null
  )`,
  `create index "site_page_spare_parts_tenant" on "site_page_spare_parts" ("tenant_id", "id")`,
  `create unique index "site_page_spare_parts_one_per_site" on "site_page_spare_parts" ("tenant_id")`,
  `create index "site_page_spare_parts_by_image" on "site_page_spare_parts" ("tenant_id", "image_id", "id")`,
  `create table "site_page_contacts" (
    "id" %id%,
    "tenant_id" integer not null references "tenants" ("id") on delete cascade,
    "title" text default '' not null,
    "address" text default '' not null,
    "location" text,
    "phone" text default '' not null,
    "email" text default '' not null,
    "opening_hours" text default '[]' not null,
    "translations" text default '{}' not null,
    "version" integer default 1 not null,
    "created_at" varchar(32) not null,
    "updated_at" varchar(32) not null
  )`,
  `create index "site_page_contacts_tenant" on "site_page_contacts" ("tenant_id", "id")`,
  `create unique index "site_page_contacts_one_per_site" on "site_page_contacts" ("tenant_id")`,
  `create table "site_page_settings" (
    "id" %id%,
    "tenant_id" integer not null references "tenants" ("id") on delete cascade,
    "title" text default '' not null,
    "logo_id" integer,
    "primary_color" text,
    "secondary_color" text,
    "social_links" text default '[]' not null,
    "translations" text default '{}' not null,
    "version" integer default 1 not null,
    "created_at" varchar(32) not null,
    "updated_at" varchar(32) not null
  )`,
  `create index "site_page_settings_tenant" on "site_page_settings" ("tenant_id", "id")`,
  `create unique index "site_page_settings_one_per_site" on "site_page_settings" ("tenant_id")`,
  `create index "site_page_settings_by_logo" on "site_page_settings" ("tenant_id", "logo_id", "id")`,
  `create table "site_page_cookie_policy" (
    "id" %id%,
    "tenant_id" integer not null references "tenants" ("id") on delete cascade,
    "title" text default '' not null,
    "last_updated" text,
    "translations" text default '{}' not null,
    "version" integer default 1 not null,
    "created_at" varchar(32) not null,
    "updated_at" varchar(32) not null
  )`,
  `create index "site_page_cookie_policy_tenant" on "site_page_cookie_policy" ("tenant_id", "id")`,
  `create unique index "site_page_cookie_policy_one_per_site" on "site_page_cookie_policy" ("tenant_id")`,
  `create table "site_page_privacy_policy" (
    "id" %id%,
    "tenant_id" integer not null references "tenants" ("id") on delete cascade,
    "title" text default '' not null,
    "last_updated" text,
    "translations" text default '{}' not null,
    "version" integer default 1 not null,
    "created_at" varchar(32) not null,
    "updated_at" varchar(32) not null
  )`,
  `create index "site_page_privacy_policy_tenant" on "site_page_privacy_policy" ("tenant_id", "id")`,
  `create unique index "site_page_privacy_policy_one_per_site" on "site_page_privacy_policy" ("tenant_id")`,
  `create table "site_page_dealer_brand" (
    "id" %id%,
    "tenant_id" integer not null references "tenants" ("id") on delete cascade,
    "title" text default '' not null,
    "items_per_page" integer,
    "translations" text default '{}' not null,
    "version" integer default 1 not null,
    "created_at" varchar(32) not null,
    "updated_at" varchar(32) not null
  )`,
  `create index "site_page_dealer_brand_tenant" on "site_page_dealer_brand" ("tenant_id", "id")`,
  `create unique index "site_page_dealer_brand_one_per_site" on "site_page_dealer_brand" ("tenant_id")`,
  `create table "site_page_news_list" (
    "id" %id%,
    "tenant_id" integer not null references "tenants" ("id") on delete cascade,
    "title" text default '' not null,
    "items_per_page" integer,
    "translations" text default '{}' not null,
    "version" integer default 1 not null,
    "created_at" varchar(32) not null,
    "updated_at" varchar(32) not null
  )`,
  `create index "site_page_news_list_tenant" on "site_page_news_list" ("tenant_id", "id")`,
  `create unique index "site_page_news_list_one_per_site" on "site_page_news_list" ("tenant_id")`,
  `create table "site_page_product_list" (
    "id" %id%,
    "tenant_id" integer not null references "tenants" ("id") on delete cascade,
    "title" text default '' not null,
    "items_per_page" integer,
    "translations" text default '{}' not null,
    "version" integer default 1 not null,
    "created_at" varchar(32) not null,
    "updated_at" varchar(32) not null
  )`,
  `create index "site_page_product_list_tenant" on "site_page_product_list" ("tenant_id", "id")`,
  `create unique index "site_page_product_list_one_per_site" on "site_page_product_list" ("tenant_id")`,
  `create table "site_page_used_product_list" (
    "id" %id%,
    "tenant_id" integer not null references "tenants" ("id") on delete cascade,
    "title" text default '' not null,
    "items_per_page" integer,
    "translations" text default '{}' not null,
    "version" integer default 1 not null,
    "created_at" varchar(32) not null,
    "updated_at" varchar(32) not null
  )`,
  `create index "site_page_used_product_list_tenant" on "site_page_used_product_list" ("tenant_id", "id")`,
  `create unique index "site_page_used_product_list_one_per_site" on "site_page_used_product_list" ("tenant_id")`,
  `create table "site_page_promotion_list" (
    "id" %id%,
    "tenant_id" integer not null references "tenants" ("id") on delete cascade,
    "title" text default '' not null,
    "items_per_page" integer,
    "translations" text default '{}' not null,
    "version" integer default 1 not null,
    "created_at" varchar(32) not null,
    "updated_at" varchar(32) not null
  )`,
  `create index "site_page_promotion_list_tenant" on "site_page_promotion_list" ("tenant_id", "id")`,
  `create unique index "site_page_promotion_list_one_per_site" on "site_page_promotion_list" ("tenant_id")`,
];

export function pagesMigration(dialect: Dialect) {
  return {
    up: (db: Kysely<any>) => runStatements(db, dialect, STATEMENTS),
  };
}
