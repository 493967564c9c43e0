import type { Kysely } from 'kysely';
import { withId } from '../columns.js';
import type { Dialect } from '../database.js';

export function coreMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('markets'), dialect)
        .addColumn('code', 'varchar(16)', (c) => c.notNull().unique())
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('languages', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('currency', 'varchar(3)', (c) => c.notNull().defaultTo('EUR'))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();

      await withId(db.schema.createTable('tenants'), dialect)
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo('dealer'))
        .addColumn('brand_list', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('market_id', 'integer', (c) => c.references('markets.id').onDelete('set null'))
        .addColumn('languages', 'text', (c) => c.notNull().defaultTo('["en"]'))
        .addColumn('default_language', 'varchar(8)', (c) => c.notNull().defaultTo('en'))
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();

      await db.schema
        .createTable('tenant_domains')
        .addColumn('domain', 'varchar(253)', (c) => c.primaryKey())
        .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
        .addColumn('is_primary', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('tenant_domains_tenant').on('tenant_domains').column('tenant_id').execute();

      await withId(db.schema.createTable('users'), dialect)
        .addColumn('username', 'varchar(150)', (c) => c.notNull().unique())
        .addColumn('email', 'varchar(254)', (c) => c.notNull().defaultTo(''))
        .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
        .addColumn('first_name', 'varchar(150)', (c) => c.notNull().defaultTo(''))
        .addColumn('last_name', 'varchar(150)', (c) => c.notNull().defaultTo(''))
        .addColumn('role', 'varchar(2)')
        .addColumn('is_superuser', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('tenant_id', 'integer', (c) => c.references('tenants.id').onDelete('cascade'))
        .addColumn('market_id', 'integer', (c) => c.references('markets.id').onDelete('set null'))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.createIndex('users_tenant').on('users').column('tenant_id').execute();

      await withId(db.schema.createTable('permissions'), dialect)
        .addColumn('codename', 'varchar(100)', (c) => c.notNull().unique())
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addColumn('model', 'varchar(64)', (c) => c.notNull())
        .addColumn('action', 'varchar(16)', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('user_permissions')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('permission_id', 'integer', (c) =>
          c.notNull().references('permissions.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('user_permissions_pk', ['user_id', 'permission_id'])
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('user_agent', 'varchar(512)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('reset_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    },
  };
}
