/**
 * Entity declarations: one file per entity in entities/, read by the server (tables,
 * validation, permissions, tenant scope, CRUD routes) and by the SPA (list screen, form).
 * Plain data and small pure functions only: no Node imports, no server code.
 *
 * Recipe — add a field to an entity:
 *   1. Declare it in `fields` of entities/<entity>.ts, place it in `form` (and in `list`
 *      if it is a column, sort key, search field or filter). Label key `fields.<entity>.<field>`.
 *   2. Add a migration with the next number, e.g. server/db/migrations/0012_product_warranty.ts,
 *      and list it in server/db/migrations/index.ts. A landed migration never changes, so it
 *      may not read these declarations: `npm run migration-sql -- product warranty` prints
 *      the statements addEntityColumn (server/entities/schema.ts) makes of the field — a
 *      column, its indexes (sort, filter, unique), a join table (m2m, mediaMany), or nothing
 *      for a translated field (kept in the row's `translations` JSON) other than the sort
 *      column a translated `text` gets — to paste into the migration:
 *        const STATEMENTS = [ ...printed... ];
 *        export const productWarranty = (dialect: Dialect) => ({
 *          up: (db: Kysely<any>) => runStatements(db, dialect, STATEMENTS),
 *        });
 *      A migration that makes a field searchable also asks for `hooks.reindex` (0004_sites).
 *   3. Add the label key to locales/*.json.
 * Add an entity: entities/<name>.ts, an entry in entities/index.ts, and a migration holding
 * what `npm run migration-sql -- --new <name>` prints (createEntityTable). An entity over a
 * table made before it (tenants, markets): the statements adoptEntityTable makes for the
 * fields whose columns exist and addEntityColumn for the others, then a reindex
 * (server/db/migrations/0004_sites.ts); `fixed` limits it to part of the table.
 */
import type { Field } from './fields.js';
import { type Action, actionsOn, type Model, type PermissionHolder } from './permissions.js';
import type { Errors } from './problems.js';

/** dealer: rows of the request's dealer site only; master: rows of the master back-office only; both: rows of the request's site, on either kind. */
export type Scope = 'dealer' | 'master' | 'both';

/** `exact`: rows whose text field equals the given value. */
export type FilterKind = 'select' | 'fk' | 'boolean' | 'dateRange' | 'exact';

export interface FilterDef {
  /** A field, or the built-in created_at / updated_at for a dateRange. */
  field: string;
  kind: FilterKind;
}

export interface ListDef {
  /** Columns of the list screen, in order: field names or the built-ins id, created_at, updated_at. */
  columns: readonly string[];
  /** Default `sort` parameter, e.g. `-id` or `order,id`. */
  sort: string;
  /** Fields the list may be sorted by (id always may; created_at and updated_at when listed). Each gets an index. */
  sortable: readonly string[];
  /** Fields whose words the `search` parameter matches by prefix. */
  search: readonly string[];
  filters: readonly FilterDef[];
}

export interface FormGroup {
  /** i18n key of the group's heading; none for an untitled group. */
  label?: string;
  fields: readonly string[];
  /** Grid columns on wide screens. */
  columns?: 1 | 2;
}

export interface FormTab {
  /** i18n key of the tab. A form with one tab shows no tab bar. */
  label: string;
  groups: readonly FormGroup[];
  /** A panel of the SPA (src/entity/panels.ts) shown under the groups once the row exists: rows of its own, saved apart from the form. */
  panel?: FormPanel;
}

/** The panels a form tab may name. */
export type FormPanel = 'siteKeys';

export interface FormDef {
  tabs: readonly FormTab[];
}

/** What the cross-field check sees: every non-translated value, and the translations. */
export interface CheckInput {
  values: Readonly<Record<string, unknown>>;
  translations: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/**
 * Content the dealer's public website shows, as the delivery API (server/public/) serves it.
 * Publishing, unpublishing or deleting a row records an indexing action with its public URL
 * (indexing logs, docs/decisions.md §3). A row is public while its status is one of
 * `publicValues` and the request's moment lies inside its `from`/`to` window; that is
 * computed at request time, so no job has to run for a date to take effect.
 */
export interface PublicDef {
  /** Field that says whether a row is public (a select or a boolean); absent: every row is public (site pages). */
  statusField?: string;
  /** Values of that field that make the row public (with statusField). */
  publicValues?: readonly (string | boolean)[];
  /** A date or datetime field from which on the row is public (news' publish_at); empty on a row: from always. */
  from?: string;
  /** A date field up to which, that day included, the row is public; empty on a row: for good. */
  to?: string;
  /** Fields a website may read; none unless listed (internal fields never leave). `id` always does. */
  fields: readonly string[];
  /**
   * Public fields a row shows only while one of its boolean fields is true, else `null`: a
   * price "on request" (`{ price: 'show_price' }`) is the dealer's to keep. Such a field is
   * never a public sort or filter: the order or the pick would tell what it hides.
   */
  shownWhen?: Readonly<Record<string, string>>;
  /** The delivery API's collection, `/api/public/v1/<collection>/`; none for a site page (served at `pages/<key>`). */
  collection?: string;
  /** Sort keys of `list.sortable` a website may use. */
  sortable?: readonly string[];
  /** Filters of `list.filters` (by field) a website may use. */
  filters?: readonly string[];
  /** Whether a website may search the list (`list.search`). */
  search?: boolean;
  /**
   * Path of the row on the public site: `{lang}`, `{slug}` and `{id}` are filled in, any
   * other `{name}` is a translated segment (entities/publicPaths.ts). None: no page of its own.
   */
  urlPattern?: string;
}

/**
 * One row per site instead of a collection (site pages): served at `/api<path>/` with
 * read (view) and update (change) only; the row is made with the site, or on first read.
 */
export interface SingletonDef {
  /** Create body of a site's row; translated values flat, written in the site's default language. */
  initial: Readonly<Record<string, unknown>>;
}

/**
 * "New <this entity>" on each row of another entity's list, with a reference to that row
 * filled in (`/<path>/new?<field>=<id>`): e.g. a dealer user from its dealer site's row.
 */
export interface AddFromDef {
  entity: string;
  /** An fk field of this entity whose target is `entity`. */
  field: string;
  /** i18n key of the link. */
  label: string;
}

/**
 * A dealer entity the master back-office also serves over every dealer site it reaches, at
 * the same path: a superuser and master staff holding the entity's permission reach every
 * site, a market administrator the sites of its market (enforced by the server). There the
 * declaration gains a `tenant` field — the row's dealer site (entities/acrossSites.ts) —
 * as its first list column, a filter and the first field of its form; a row is written in
 * its own site exactly as that site's back-office writes it.
 */
export interface AcrossSitesDef {
  /** i18n key of the site field's label. */
  label: string;
  /** i18n key of its help text. */
  help?: string;
}

export interface EntityDef {
  /** Registry key and fk target name, e.g. `product`. */
  name: string;
  /** Permission model (docs/spec.md §3): the `<model>` of `view_<model>` etc. */
  model: Model;
  scope: Scope;
  /** Route of the SPA list screen and, under /api, of the resource: `/products` → `/api/products/`. */
  path: string;
  table: string;
  /** i18n keys for the entity's name. */
  label: { one: string; many: string };
  /** Field that names a row in lists, autocompletes and "used by" messages. */
  titleField: string;
  /**
   * Field that names a row in a spreadsheet: a reference to it in an exported or imported
   * file is this value (a brand's code, a category's slug). A plain, stored text field; an
   * entity that a file may reference declares one (entities/declarationProblems.ts).
   */
  naturalKey?: string;
  /** Its list exports what it shows as CSV or XLSX (docs/decisions.md §21). */
  exportable?: true;
  /**
   * Its list imports rows from CSV or XLSX (`POST /api<path>/import/`, a job): the fields a file
   * may name existing rows by besides `id` — a slug, or a plain text field such as a SKU or a
   * code — the first the default. An importable entity is exportable (the same columns).
   */
  importKeys?: readonly string[];
  /**
   * The one back-office whose list imports, when the entity is listed on both (the accounts:
   * a dealer site's users import, the master's staff and market administrators never do).
   */
  importOn?: 'dealer';
  fields: Readonly<Record<string, Field>>;
  list: ListDef;
  form: FormDef;
  /** Set when the public website shows this entity's rows (indexing logs). */
  public?: PublicDef;
  /** One row per site (see SingletonDef). */
  singleton?: SingletonDef;
  /** Only superusers may reach it; anyone else gets 404, as from the SPA's route guard (docs/spec.md §6). */
  superuserOnly?: boolean;
  /** Rows are written by the server only: the API serves list and read, the screens only show them. */
  readOnly?: boolean;
  /** Roles that never see this entity, whatever their permissions (answers 404, as the SPA route). */
  notForRoles?: readonly ('MA' | 'DE')[];
  /**
   * Column values every row of this entity has, for an entity over part of a table: reads
   * and writes only see rows with these values, and creates write them (tenant: the dealer
   * sites of `tenants`, never the master row of kind `default`). Columns outside `fields`.
   */
  fixed?: Readonly<Record<string, string | number>>;
  /**
   * An fk field to `market`: a market administrator (role MA) then sees and writes only rows
   * whose market is its own (enforced by the server; a create without one takes it).
   */
  marketField?: string;
  addFrom?: AddFromDef;
  /** Also on the master back-office, over every site it reaches (see AcrossSitesDef); a dealer entity only. */
  acrossSites?: AcrossSitesDef;
  /**
   * Fields a bulk edit may set on many rows at once (`POST /api<path>/bulk_update/`, a job):
   * a select, boolean or fk field is set to a value, a number field set or changed by an
   * amount or a percent, an m2m field gets ids added and removed.
   */
  bulkEdit?: readonly string[];
  /** Cross-field rules; return problems by field path (e.g. `{ valid_to: [{ code: 'endBeforeStart' }] }`). */
  checks?: (input: CheckInput) => Errors | undefined;
}

/** The field `name` of a declaration, for a name the declaration itself holds (its title, market or a listed field). */
export function fieldOf(entity: Pick<EntityDef, 'name' | 'fields'>, name: string): Field {
  const field = entity.fields[name];
  if (!field) throw new Error(`${entity.name} has no field ${name}`);
  return field;
}

/** What a user may do on an entity's rows: a read-only entity is only ever viewed. */
export function entityActions(user: PermissionHolder | null | undefined, entity: Pick<EntityDef, 'model' | 'readOnly'>): Set<Action> {
  const held = actionsOn(user, entity.model);
  return entity.readOnly ? new Set([...held].filter((a) => a === 'view')) : held;
}

/**
 * Whether a user holding `actions` on the entity may import into its list in this back-office
 * (`tenant.kind` of the session: 'dealer' on a dealer site): creating or updating rows needs
 * add or change, as the server's import routes do.
 */
export const mayImport = (entity: Pick<EntityDef, 'importKeys' | 'importOn'>, siteKind: string | undefined, actions: ReadonlySet<Action>) =>
  entity.importKeys !== undefined && (entity.importOn === undefined || entity.importOn === siteKind) && (actions.has('add') || actions.has('change'));

/** Keeps the literal types of a declaration (field names, options) for whoever imports it. */
export function defineEntity<const T extends EntityDef>(def: T): T {
  return def;
}

export const BUILTIN_FIELDS = ['id', 'version', 'created_at', 'updated_at'] as const;

/** Built-in timestamps a dateRange filter may name. */
export const BUILTIN_DATES: readonly string[] = ['created_at', 'updated_at'];
