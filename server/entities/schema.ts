/**
 * Tables from declarations. Every entity gets:
 *   <table>            id, tenant_id (dealer/both scope), one column per stored field,
 *                      `translations` JSON text (when it has translated fields) plus a
 *                      default-language copy of each translated `text` field (for sorting),
 *                      version, created_at, updated_at;
 *   <table>_<field>    a join table per m2m / mediaMany field (source_id, target_id, position);
 *   <table>_search     word-prefix search index (tenant_id, token, entity_id), when searchable.
 * Shared by all entities: entity_slugs (slug uniqueness per site and language, and the
 * slug → row lookup for the public site) and entity_counts (list totals without count(*)).
 *
 * Indexes follow the list declaration: (tenant_id, id), one (tenant_id, column, id) per
 * sortable or filterable column and per reference column, unique (tenant_id, column) per
 * unique field, and the filter × sort pairs of indexPlan.ts.
 */
import { type ColumnDefinitionBuilderCallback, type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { ENTITIES } from '../../entities/index.js';
import { type EntityDef, fieldOf } from '../../entities/define.js';
import type { ColumnKind } from '../../entities/fieldTypes/description.js';
import { FIELD_TYPES } from '../../entities/fieldTypes/index.js';
import type { Field } from '../../entities/fields.js';
import type { Dialect } from '../db/database.js';
import { withId } from '../db/columns.js';
import { listIndexes, withRangeColumns } from './indexPlan.js';

export const SLUGS_TABLE = 'entity_slugs';
export const COUNTS_TABLE = 'entity_counts';

export const isScoped = (entity: EntityDef) => entity.scope !== 'master';

/** Column of a non-translated field: `<name>_id` for references, else the field's name. */
export function columnOf(name: string, field: Field): string {
  return FIELD_TYPES[field.type].column === 'ref' ? `${name}_id` : name;
}

export const joinTableOf = (entity: EntityDef, name: string) => `${entity.table}_${name}`;
export const searchTableOf = (entity: EntityDef) => `${entity.table}_search`;

export const hasTranslations = (entity: EntityDef) => Object.values(entity.fields).some((f) => f.translated);

/** A translated field with a default-language copy on the row (sort key, title). */
export const isShadowed = (field: Field) => !!field.translated && field.type === 'text';

/** Fields kept in a column of the main table (translated ones live in `translations`). */
export function storesColumn(field: Field): boolean {
  if (field.translated) return isShadowed(field);
  return !FIELD_TYPES[field.type].join;
}

export const isJoinField = (field: Field) => !field.translated && !!FIELD_TYPES[field.type].join;

function entityOf(name: string, registry: readonly EntityDef[]): EntityDef {
  const e = registry.find((x) => x.name === name);
  if (!e) throw new Error(`Unknown entity ${name}`);
  return e;
}

/** A translated field keeps only a text shadow (its values are in `translations`). */
function kindOf(field: Field): ColumnKind {
  if (field.translated) return 'text0';
  const kind = FIELD_TYPES[field.type].column;
  if (kind === undefined) throw new Error(`${field.type} has no column`);
  return kind;
}

type DataTypeExpression = Parameters<CreateTableBuilder<string, never>['addColumn']>[1];

interface ColumnSpec {
  type: DataTypeExpression;
  build: ColumnDefinitionBuilderCallback;
}

/** Type and constraints of a field's column; the same for CREATE TABLE and ALTER TABLE … ADD COLUMN. */
function columnSpec(dialect: Dialect, field: Field, registry: readonly EntityDef[]): ColumnSpec {
  const kind = kindOf(field);
  const same: ColumnDefinitionBuilderCallback = (c) => c;
  switch (kind) {
    case 'text0':
      return { type: 'text', build: (c) => c.notNull().defaultTo('') };
    case 'text':
    case 'json':
      return { type: 'text', build: same };
    case 'jsonList':
      return { type: 'text', build: (c) => c.notNull().defaultTo('[]') };
    case 'jsonSeo':
      return { type: 'text', build: (c) => c.notNull().defaultTo('{"title":"","description":"","slug":""}') };
    case 'real':
      return { type: dialect === 'postgres' ? 'double precision' : 'real', build: same };
    case 'integer':
      return { type: 'integer', build: same };
    case 'boolean':
      return { type: 'integer', build: (c) => c.notNull().defaultTo(0) };
    case 'ref':
      if (field.type === 'fk') {
        const target = `${entityOf(field.target, registry).table}.id`;
        // protect and cascade are carried out by the engine; the database only refuses a dangling id.
        return {
          type: 'integer',
          build: (c) => (field.onDelete === 'setNull' ? c.references(target).onDelete('set null') : c.references(target)),
        };
      }
      return { type: 'integer', build: same };
  }
}

async function createFieldIndexes(db: Kysely<any>, entity: EntityDef, name: string, field: Field, registry: readonly EntityDef[]) {
  if (!storesColumn(field)) return;
  const col = columnOf(name, field);
  const scoped = isScoped(entity);
  const lead = scoped ? ['tenant_id'] : [];
  const listed =
    entity.list.sortable.includes(name) ||
    entity.list.filters.some((f) => f.field === name) ||
    field.type === 'fk' ||
    field.type === 'media' ||
    field.type === 'file';
  if (listed) {
    await db.schema
      .createIndex(`${entity.table}_by_${name}`)
      .on(entity.table)
      .columns(withRangeColumns(entity, [...lead, col, 'id']))
      .execute();
  }
  if (field.type === 'fk' && scoped && !isScoped(entityOf(field.target, registry))) {
    // A master row referenced from every site: its "used by" lookup spans tenants.
    await db.schema.createIndex(`${entity.table}_ref_${name}`).on(entity.table).column(col).execute();
  }
  if (field.type === 'text' && field.unique) {
    await db.schema
      .createIndex(`${entity.table}_unique_${name}`)
      .on(entity.table)
      .columns([...lead, col])
      .unique()
      // An empty value is "none", and many rows may have none.
      .where(sql.ref(col), '<>', '')
      .execute();
  }
}

async function createJoinTable(db: Kysely<any>, entity: EntityDef, name: string, field: Field, registry: readonly EntityDef[]) {
  const table = joinTableOf(entity, name);
  await db.schema
    .createTable(table)
    .addColumn('source_id', 'integer', (c) => c.notNull().references(`${entity.table}.id`).onDelete('cascade'))
    .addColumn('target_id', 'integer', (c) => (field.type === 'm2m' ? c.notNull().references(`${entityOf(field.target, registry).table}.id`) : c.notNull()))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint(`${table}_pk`, ['source_id', 'target_id'])
    .execute();
  await db.schema.createIndex(`${table}_target`).on(table).columns(['target_id', 'source_id']).execute();
}

async function createSearchTable(db: Kysely<any>, dialect: Dialect, entity: EntityDef) {
  const table = searchTableOf(entity);
  // Byte order ("C") on PostgreSQL, so a prefix is a plain index range on any server locale.
  const tokenType = dialect === 'postgres' ? sql`text collate "C"` : sql`text`;
  await db.schema
    .createTable(table)
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('token', tokenType, (c) => c.notNull())
    .addColumn('entity_id', 'integer', (c) => c.notNull().references(`${entity.table}.id`).onDelete('cascade'))
    .addPrimaryKeyConstraint(`${table}_pk`, ['tenant_id', 'token', 'entity_id'])
    .execute();
  // A probe of a row for a word is one range of this index (migration 0034).
  await db.schema.createIndex(`${table}_entity`).on(table).columns(['entity_id', 'token']).execute();
}

/**
 * Creates an entity's tables with the given fields of its declaration (all of them when
 * omitted; a migration should pin the list, see entities/define.ts).
 */
export async function createEntityTable(
  db: Kysely<any>,
  dialect: Dialect,
  name: string,
  fieldNames?: readonly string[],
  registry: readonly EntityDef[] = ENTITIES,
) {
  const entity = entityOf(name, registry);
  const fields = (fieldNames ?? Object.keys(entity.fields)).map((n) => [n, fieldOf(entity, n)] as const);
  let table = withId(db.schema.createTable(entity.table), dialect);
  if (isScoped(entity)) table = table.addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'));
  for (const [n, field] of fields) {
    if (storesColumn(field)) {
      const spec = columnSpec(dialect, field, registry);
      table = table.addColumn(columnOf(n, field), spec.type, spec.build);
    }
  }
  if (fields.some(([, f]) => f.translated)) table = table.addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}'));
  table = table
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull());
  await table.execute();

  if (isScoped(entity)) await db.schema.createIndex(`${entity.table}_tenant`).on(entity.table).columns(['tenant_id', 'id']).execute();
  // One row per site: two first reads at once cannot both make it.
  if (entity.singleton) await db.schema.createIndex(`${entity.table}_one_per_site`).on(entity.table).column('tenant_id').unique().execute();
  await createEntityExtras(db, dialect, entity, fields, registry);
}

/** What an entity table has besides its columns: indexes, join tables, search table. */
async function createEntityExtras(
  db: Kysely<any>,
  dialect: Dialect,
  entity: EntityDef,
  fields: ReadonlyArray<readonly [string, Field]>,
  registry: readonly EntityDef[],
) {
  const lead = isScoped(entity) ? ['tenant_id'] : [];
  for (const builtin of ['created_at', 'updated_at'] as const) {
    if (entity.list.sortable.includes(builtin)) {
      await db.schema
        .createIndex(`${entity.table}_by_${builtin}`)
        .on(entity.table)
        .columns(withRangeColumns(entity, [...lead, builtin, 'id']))
        .execute();
    }
  }
  for (const [n, field] of fields) {
    await createFieldIndexes(db, entity, n, field, registry);
    if (isJoinField(field)) await createJoinTable(db, entity, n, field, registry);
  }
  if (entity.list.search.length) await createSearchTable(db, dialect, entity);
  const made = new Set(['tenant_id', 'id', 'created_at', 'updated_at']);
  for (const [n, field] of fields) if (storesColumn(field)) made.add(columnOf(n, field));
  await createListIndexes(db, entity, (index) => index.columns.every((c) => made.has(c)));
}

/** The filter × sort indexes (indexPlan.ts) the predicate picks. */
async function createListIndexes(db: Kysely<any>, entity: EntityDef, pick: (index: { columns: readonly string[] }) => boolean) {
  for (const index of listIndexes(entity).filter(pick)) {
    await db.schema
      .createIndex(index.name)
      .on(index.table)
      .columns([...index.columns])
      .execute();
  }
}

/**
 * Makes a table created before its declaration (tenants, markets) an entity's: the
 * indexes, join tables and search table createEntityTable would have made for the given
 * fields, whose columns exist already. Rows that exist then need `reindexEntity`.
 * Kept for the next table adopted this way (entities/define.ts), though no landed code calls it now.
 * @public
 */
export async function adoptEntityTable(
  db: Kysely<any>,
  dialect: Dialect,
  name: string,
  fieldNames: readonly string[],
  registry: readonly EntityDef[] = ENTITIES,
) {
  const entity = entityOf(name, registry);
  await createEntityExtras(
    db,
    dialect,
    entity,
    fieldNames.map((n) => [n, fieldOf(entity, n)] as const),
    registry,
  );
}

/**
 * Adds one declared field to an existing entity table: its column and indexes, its join
 * table, or (translated) the `translations` column if the entity had none. Rows that exist
 * take the field's declared default. Search tokens are not rebuilt here: a migration that
 * makes a new field searchable also calls `reindexEntity` (server/entities/maintenance.ts).
 */
export async function addEntityColumn(db: Kysely<any>, dialect: Dialect, entityName: string, fieldName: string, registry: readonly EntityDef[] = ENTITIES) {
  const entity = entityOf(entityName, registry);
  const field = fieldOf(entity, fieldName);
  const tables = await db.introspection.getTables();
  const existing = tables.find((t) => t.name === entity.table);
  if (!existing) throw new Error(`table ${entity.table} does not exist`);
  const has = (c: string) => existing.columns.some((x) => x.name === c);
  if (field.translated && !has('translations')) {
    await db.schema
      .alterTable(entity.table)
      .addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
  }
  if (storesColumn(field)) {
    const col = columnOf(fieldName, field);
    const spec = columnSpec(dialect, field, registry);
    await db.schema.alterTable(entity.table).addColumn(col, spec.type, spec.build).execute();
    const declared = (field as { default?: unknown }).default;
    if (declared !== undefined && !field.translated) {
      const value = typeof declared === 'boolean' ? (declared ? 1 : 0) : typeof declared === 'object' ? JSON.stringify(declared) : declared;
      await db
        .updateTable(entity.table)
        .set({ [col]: value })
        .execute();
    }
    await createFieldIndexes(db, entity, fieldName, field, registry);
    await createListIndexes(db, entity, (index) => index.columns.includes(col));
  } else if (isJoinField(field)) {
    await createJoinTable(db, entity, fieldName, field, registry);
  }
}

/**
 * Every table of the declared entities, in an order that empties them without breaking a
 * reference: rows that point at others first. For the demo reset.
 */
export function entityTablesInDeleteOrder(registry: readonly EntityDef[] = ENTITIES): string[] {
  const order: EntityDef[] = [];
  const visiting = new Set<string>();
  const visit = (e: EntityDef) => {
    if (order.includes(e) || visiting.has(e.name)) return;
    visiting.add(e.name);
    // Whoever references e goes first.
    for (const other of registry) {
      if (other === e) continue;
      const refs = Object.values(other.fields).some((f) => (f.type === 'fk' || f.type === 'm2m') && f.target === e.name);
      if (refs) visit(other);
    }
    order.push(e);
  };
  for (const e of registry) visit(e);
  const tables: string[] = [SLUGS_TABLE, COUNTS_TABLE];
  for (const e of order) {
    for (const [n, f] of Object.entries(e.fields)) if (isJoinField(f)) tables.push(joinTableOf(e, n));
    if (e.list.search.length) tables.push(searchTableOf(e));
    tables.push(e.table);
  }
  return tables;
}
