/**
 * Field declarations: what an entity's `fields` may hold, one interface per field type.
 * What each type means (validation, storage, samples) is its description in
 * entities/fieldTypes/.
 */
import type { ProblemCode } from './problems.js';

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
  /** What a value against the pattern is told (entities/problems.ts); `pattern` when absent. */
  patternCode?: ProblemCode;
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
  /** What a value against the pattern is told (entities/problems.ts); `pattern` when absent. */
  patternCode?: ProblemCode;
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

/** The declaration interfaces of these field types (an interface may serve several). */
export type FieldOf<T extends FieldType> = T extends FieldType ? DeclarationOf<T> : never;
type DeclarationOf<T extends FieldType> = Field extends infer F ? (F extends { type: infer U } ? (T extends U ? F : never) : never) : never;
