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
import { type Action, actionsOn, type Model, type PermissionHolder } from './permissions.js';

/** dealer: rows of the request's dealer site only; master: rows of the master back-office only; both: rows of the request's site, on either kind. */
export type Scope = 'dealer' | 'master' | 'both';

export type FieldType =
  | 'text'
  | 'textarea'
  | 'slug'
  | 'email'
  | 'url'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'select'
  | 'color'
  | 'date'
  | 'datetime'
  | 'time'
  | 'media'
  | 'mediaMany'
  | 'file'
  | 'fk'
  | 'm2m'
  | 'repeater'
  | 'seo'
  | 'map'
  | 'richtext'
  | 'menuTree'
  | 'list'
  | 'password'
  | 'permissions';

interface FieldBase {
  /** i18n key of the label, e.g. `fields.product.name`. */
  label: string;
  /** i18n key of a help text shown under the widget. */
  help?: string;
  /** Must not be empty. For a translated field: in the site's default language. */
  required?: boolean;
  /** Kept per language, read and written under `translations.<lang>.<field>`. */
  translated?: boolean;
  /** Shown, never written by clients. */
  readOnly?: boolean;
  /** Only on this kind of site: a field of a both-scope entity that one back-office does not have (entities/siteFields.ts). */
  site?: 'master' | 'dealer';
  /** Shown to superusers only (the server refuses anyone else's change to it anyway). */
  superuserOnly?: boolean;
}

export interface TextField extends FieldBase {
  type: 'text' | 'textarea' | 'email' | 'url';
  default?: string;
  minLength?: number;
  maxLength?: number;
  /** A JavaScript regular expression source, matched with the `u` flag against the whole value. */
  pattern?: string;
  patternMessage?: string;
  /** Unique among the rows of a site (not for translated fields). */
  unique?: boolean;
}

export interface SlugField extends FieldBase {
  type: 'slug';
  /**
   * Field the slug is made from when left empty: the same language for a translated slug,
   * the default language for a plain slug made from a translated field. Slugs are unique
   * per site (and language).
   */
  from?: string;
  maxLength?: number;
}

export interface NumberField extends FieldBase {
  type: 'number' | 'integer';
  default?: number;
  min?: number;
  max?: number;
  /** UI hint for the input's step. */
  step?: number;
}

export interface BooleanField extends FieldBase {
  type: 'boolean';
  default?: boolean;
}

export interface SelectOption {
  value: string;
  /** i18n key, e.g. `options.product.status.draft`. */
  label?: string;
  /** Instead of `label`: a proper name shown as is in every language (a brand, a language by its own name, a currency code). */
  name?: string;
  /** Colour of the value's badge in lists. */
  tone?: 'neutral' | 'success' | 'warning' | 'danger';
}

/** What an option shows: its proper name, else its label translated. */
export const optionText = (o: SelectOption, t: (key: string) => string) => o.name ?? t(o.label ?? o.value);

export interface SelectField extends FieldBase {
  type: 'select';
  options: readonly SelectOption[];
  default?: string;
}

export interface ColorField extends FieldBase {
  type: 'color';
  /** Allows `#rrggbbaa`. */
  alpha?: boolean;
  default?: string;
}

export interface TemporalField extends FieldBase {
  /** date `YYYY-MM-DD`; datetime ISO 8601 UTC `YYYY-MM-DDTHH:mm:ss.sssZ`; time `HH:MM:SS`. */
  type: 'date' | 'datetime' | 'time';
  min?: string;
  max?: string;
}

export interface MediaField extends FieldBase {
  /** The id of a media item of the same site. `file` is any document, `media` usually an image. */
  type: 'media' | 'file';
  /** Mime filter for the picker, e.g. `image/*`, `application/pdf` (a UI hint). */
  accept?: string;
}

export interface MediaManyField extends FieldBase {
  /** An ordered list of media ids of the same site. */
  type: 'mediaMany';
  accept?: string;
  max?: number;
}

export interface FkField extends FieldBase {
  type: 'fk';
  /** Entity name of the target. */
  target: string;
  /** When the target is deleted: refuse with 409 (default), clear this field, or delete this row too. */
  onDelete?: 'protect' | 'setNull' | 'cascade';
}

export interface M2mField extends FieldBase {
  type: 'm2m';
  target: string;
  max?: number;
  /** When a target is deleted: refuse with 409 (default) or just drop the link. */
  onDelete?: 'protect' | 'unlink';
}

export interface RepeaterField extends FieldBase {
  type: 'repeater';
  fields: Readonly<Record<string, Field>>;
  min?: number;
  max?: number;
  /** Nested field shown as the title of a collapsed row. */
  rowLabel?: string;
}

/** `{ title, description, slug }`; the widget previews it as a search result (60/155 characters). */
export interface SeoField extends FieldBase {
  type: 'seo';
}

/** `{ lat, lng }` or null. */
export interface MapField extends FieldBase {
  type: 'map';
}

/** HTML, sanitised by the server against an allow-list (images only from /media/). */
export interface RichTextField extends FieldBase {
  type: 'richtext';
  maxLength?: number;
}

/** Nested menu: `[{ id?, label, page? | url?, new_tab?, children: [...] }]`. */
export interface MenuTreeField extends FieldBase {
  type: 'menuTree';
  maxDepth: number;
  maxItems?: number;
  /** Page keys a node may link to; any `[a-z0-9_]+` key when absent. */
  pages?: readonly string[];
}

/** A new secret: write-only, never in an answer; empty means "leave as it is". */
export interface PasswordField extends FieldBase {
  type: 'password';
  maxLength?: number;
}

/**
 * Permission codenames (`<action>_<model>`, entities/permissions.ts) of the models of one
 * back-office: `dealer`, `master`, or `site` for the kind of site the form is on.
 */
export interface PermissionsField extends FieldBase {
  type: 'permissions';
  backoffice: 'dealer' | 'master' | 'site';
  /** A new row starts with every permission of that back-office the editor may grant (a site's first account). */
  grantAllOnCreate?: boolean;
}

/**
 * An ordered list of distinct strings, stored as a JSON list: either chosen from `options`
 * (brand codes, languages: a checkbox group) or typed in, each matching `pattern` (host
 * names, e-mail addresses: chips).
 */
export interface ListField extends FieldBase {
  type: 'list';
  options?: readonly SelectOption[];
  /** For typed entries: a JavaScript regular expression source, matched with the `u` flag against each whole entry. */
  pattern?: string;
  patternMessage?: string;
  /** Longest entry (default 255). */
  maxLength?: number;
  /** Most entries (default 100). */
  max?: number;
  default?: readonly string[];
}

export type Field =
  | ListField
  | TextField
  | SlugField
  | NumberField
  | BooleanField
  | SelectField
  | ColorField
  | TemporalField
  | MediaField
  | MediaManyField
  | FkField
  | M2mField
  | RepeaterField
  | SeoField
  | MapField
  | RichTextField
  | MenuTreeField
  | PasswordField
  | PermissionsField;

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
}

export interface FormDef {
  tabs: readonly FormTab[];
}

/** What the cross-field check sees: every non-translated value, and the translations. */
export interface CheckInput {
  values: Readonly<Record<string, unknown>>;
  translations: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/**
 * Content the dealer's public website shows. Publishing, unpublishing or deleting a row
 * records an indexing action with its public URL (indexing logs, docs/decisions.md §3).
 */
export interface PublicDef {
  /** Field that says whether a row is public (a select or a boolean); absent: every row is public (site pages). */
  statusField?: string;
  /** Values of that field that make the row public (with statusField). */
  publicValues?: readonly (string | boolean)[];
  /** Path of the row on the public site, per language: `{lang}`, `{slug}` and `{id}` are filled in. */
  urlPattern: string;
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
  /** Cross-field rules; return errors by field path (e.g. `{ valid_to: ['…'] }`). */
  checks?: (input: CheckInput) => Record<string, string[]> | undefined;
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

/** Keeps the literal types of a declaration (field names, options) for whoever imports it. */
export function defineEntity<const T extends EntityDef>(def: T): T {
  return def;
}

export const BUILTIN_FIELDS = ['id', 'version', 'created_at', 'updated_at'] as const;

/** Types whose value lives in a join table or a reference column, so never per language. */
export const RELATIONAL_TYPES: ReadonlySet<FieldType> = new Set(['fk', 'm2m', 'media', 'mediaMany', 'file']);

/** Types whose values are lists of ids. */
export const MANY_TYPES: ReadonlySet<FieldType> = new Set(['m2m', 'mediaMany']);

/** The value a field takes when nothing was given. */
export function emptyValue(field: Field): unknown {
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'email':
    case 'url':
    case 'slug':
    case 'richtext':
    case 'password':
      return '';
    case 'boolean':
      return false;
    case 'm2m':
    case 'mediaMany':
    case 'repeater':
    case 'menuTree':
    case 'list':
    case 'permissions':
      return [];
    case 'seo':
      return { title: '', description: '', slug: '' };
    default:
      return null;
  }
}

export function defaultValue(field: Field): unknown {
  const d = (field as { default?: unknown }).default;
  return d === undefined ? emptyValue(field) : structuredCloneSafe(d);
}

function structuredCloneSafe<T>(v: T): T {
  return v !== null && typeof v === 'object' ? (JSON.parse(JSON.stringify(v)) as T) : v;
}

export function isEmpty(field: Field, value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (field.type === 'seo') {
    const s = value as { title?: string; description?: string; slug?: string };
    return !s.title && !s.description && !s.slug;
  }
  return false;
}

/** `Trattore DF 5080 Ultra!` → `trattore-df-5080-ultra`; accents folded, other scripts kept. */
export function slugify(text: string, maxLength = 200): string {
  const s = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  // Keep only what a slug may hold (a-z, 0-9): other scripts become nothing here.
  const ascii = s.replace(/[^a-z0-9-]+/g, '').replace(/-{2,}/g, '-').replace(/^-+|-+$/g, '');
  return ascii.slice(0, maxLength).replace(/-+$/, '');
}

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** i18n keys a declaration refers to, for checking the locale files. */
export function i18nKeys(entity: EntityDef): string[] {
  const keys = new Set<string>([entity.label.one, entity.label.many]);
  const walk = (fields: Readonly<Record<string, Field>>) => {
    for (const f of Object.values(fields)) {
      keys.add(f.label);
      if (f.help) keys.add(f.help);
      if (f.type === 'select' || f.type === 'list') for (const o of f.options ?? []) if (o.label) keys.add(o.label);
      if (f.type === 'repeater') walk(f.fields);
    }
  };
  walk(entity.fields);
  if (entity.addFrom) keys.add(entity.addFrom.label);
  for (const tab of entity.form.tabs) {
    keys.add(tab.label);
    for (const g of tab.groups) if (g.label) keys.add(g.label);
  }
  return [...keys];
}

const FILTER_TYPES: Record<FilterKind, readonly FieldType[]> = {
  select: ['select'],
  fk: ['fk', 'm2m'],
  boolean: ['boolean'],
  dateRange: ['date', 'datetime'],
  exact: ['text', 'email', 'url', 'slug'],
};

/** Built-in timestamps a dateRange filter may name. */
export const BUILTIN_DATES: readonly string[] = ['created_at', 'updated_at'];

const SORTABLE_TYPES: readonly FieldType[] = [
  'text',
  'email',
  'url',
  'slug',
  'number',
  'integer',
  'boolean',
  'select',
  'date',
  'datetime',
  'time',
  'color',
];

/**
 * Mistakes a declaration can make, as sentences (empty when sound). Run by the tests over
 * every registered entity, and by the server at start-up.
 */
export function declarationProblems(entity: EntityDef, all: readonly EntityDef[]): string[] {
  const p: string[] = [];
  const names = Object.keys(entity.fields);
  const builtin = new Set<string>(BUILTIN_FIELDS);
  const has = (n: string) => names.includes(n) || builtin.has(n);
  const at = (what: string) => `${entity.name}: ${what}`;
  if (!/^[a-z][a-zA-Z0-9]*$/.test(entity.name)) p.push(at('name must be camelCase letters and digits'));
  if (!/^[a-z][a-z0-9_]*$/.test(entity.table)) p.push(at('table must be snake_case'));
  if (!/^(\/[A-Za-z0-9_]+)+$/.test(entity.path)) p.push(at(`bad path ${entity.path}`));
  if (!names.includes(entity.titleField)) p.push(at(`titleField ${entity.titleField} is not a field`));
  for (const n of names) {
    if (!/^[a-z][a-z0-9_]*$/.test(n)) p.push(at(`field name ${n} must be snake_case`));
    if (builtin.has(n) || n === 'translations' || n === 'tenant_id' || n.startsWith('_')) p.push(at(`field name ${n} is reserved`));
  }
  if (entity.singleton && entity.scope === 'master') p.push(at('a singleton belongs to a site: scope dealer or both'));
  if (entity.public?.statusField !== undefined && !names.includes(entity.public.statusField)) p.push(at(`public statusField ${entity.public.statusField} is not a field`));
  const slugs = Object.values(entity.fields).filter((f) => f.type === 'slug');
  if (slugs.length > 1) p.push(at('at most one slug field'));
  const checkField = (path: string, f: Field, nested: boolean) => {
    if (f.translated && RELATIONAL_TYPES.has(f.type) && !nested) p.push(at(`${path}: a ${f.type} field cannot be translated`));
    if (nested && f.translated) p.push(at(`${path}: fields inside a repeater follow the repeater's language`));
    if ((f.type === 'fk' || f.type === 'm2m') && !all.some((e) => e.name === f.target)) p.push(at(`${path}: unknown target ${f.target}`));
    if (f.type === 'text' && f.unique && f.translated) p.push(at(`${path}: a translated field cannot be unique`));
    if (f.type === 'text' && f.pattern !== undefined) {
      try {
        new RegExp(f.pattern, 'u');
      } catch {
        p.push(at(`${path}: pattern does not compile`));
      }
    }
    if (f.type === 'slug' && f.from !== undefined) {
      const src = entity.fields[f.from];
      if (nested || !src) p.push(at(`${path}: from ${f.from} is not a field`));
      else if (f.translated && !src.translated) p.push(at(`${path}: a translated slug needs a translated source`));
    }
    if ((f.type === 'select' || f.type === 'list') && f.options?.some((o) => (o.label === undefined) === (o.name === undefined))) {
      p.push(at(`${path}: every option needs a label or a name, not both`));
    }
    if (f.type === 'select' && f.default !== undefined && !f.options.some((o) => o.value === f.default)) {
      p.push(at(`${path}: default is not an option`));
    }
    if (f.type === 'repeater') {
      if (nested) p.push(at(`${path}: repeaters do not nest`));
      for (const [k, sub] of Object.entries(f.fields)) {
        if (sub.type === 'm2m' || sub.type === 'slug') p.push(at(`${path}.${k}: ${sub.type} cannot sit in a repeater`));
        checkField(`${path}.${k}`, sub, true);
      }
      if (f.rowLabel && !f.fields[f.rowLabel]) p.push(at(`${path}: rowLabel is not a nested field`));
    }
    if (f.type === 'menuTree' && !(f.maxDepth >= 1)) p.push(at(`${path}: maxDepth must be at least 1`));
    if (f.type === 'list') {
      if (f.translated) p.push(at(`${path}: a list cannot be translated`));
      if ((f.options === undefined) === (f.pattern === undefined)) p.push(at(`${path}: a list needs options or a pattern, not both`));
      if (f.pattern !== undefined) {
        try {
          new RegExp(f.pattern, 'u');
        } catch {
          p.push(at(`${path}: pattern does not compile`));
        }
      }
      if (f.options && f.default?.some((v) => !f.options!.some((o) => o.value === v))) p.push(at(`${path}: default is not an option`));
    }
  };
  for (const [n, f] of Object.entries(entity.fields)) checkField(n, f, false);

  for (const c of entity.list.columns) if (!has(c)) p.push(at(`list column ${c} is not a field`));
  const sortable = new Set<string>(entity.list.sortable);
  for (const s of entity.list.sortable) {
    const f = entity.fields[s];
    if (!f && s !== 'created_at' && s !== 'updated_at' && s !== 'id') p.push(at(`sortable ${s} is not a field`));
    else if (f && !SORTABLE_TYPES.includes(f.type)) p.push(at(`sortable ${s}: cannot sort by a ${f.type}`));
    else if (f && f.translated && f.type !== 'text') p.push(at(`sortable ${s}: of translated fields only text sorts`));
  }
  for (const part of entity.list.sort.split(',')) {
    const key = part.replace(/^-/, '');
    if (!sortable.has(key) && key !== 'id') p.push(at(`default sort ${key} is not sortable`));
  }
  for (const s of entity.list.search) {
    const f = entity.fields[s];
    if (!f || !['text', 'textarea', 'email', 'url', 'slug'].includes(f.type)) p.push(at(`search ${s} must be a text field`));
  }
  for (const fl of entity.list.filters) {
    const f = entity.fields[fl.field];
    if (!f && fl.kind === 'dateRange' && BUILTIN_DATES.includes(fl.field)) {
      if (!sortable.has(fl.field)) p.push(at(`filter ${fl.field}: a built-in date filters only when sortable (it needs the index)`));
    } else if (!f) p.push(at(`filter ${fl.field} is not a field`));
    else if (!FILTER_TYPES[fl.kind].includes(f.type)) p.push(at(`filter ${fl.field}: kind ${fl.kind} does not fit a ${f.type}`));
    else if (f.translated) p.push(at(`filter ${fl.field}: translated fields do not filter`));
  }
  for (const col of Object.keys(entity.fixed ?? {})) {
    if (!/^[a-z][a-z0-9_]*$/.test(col) || names.includes(col) || builtin.has(col)) p.push(at(`fixed column ${col} must be a snake_case column outside the fields`));
  }
  if (entity.marketField !== undefined) {
    const f = entity.fields[entity.marketField];
    if (f?.type !== 'fk' || f.target !== 'market') p.push(at(`marketField ${entity.marketField} must be an fk to market`));
  }
  if (entity.addFrom) {
    const f = entity.fields[entity.addFrom.field];
    if (f?.type !== 'fk' || f.target !== entity.addFrom.entity) p.push(at(`addFrom: ${entity.addFrom.field} is not an fk to ${entity.addFrom.entity}`));
  }
  const placed = entity.form.tabs.flatMap((t) => t.groups.flatMap((g) => g.fields));
  for (const n of placed) if (!names.includes(n)) p.push(at(`form field ${n} is not a field`));
  for (const n of names) {
    const count = placed.filter((x) => x === n).length;
    if (count !== 1) p.push(at(`form places ${n} ${count} times`));
  }
  return p;
}
