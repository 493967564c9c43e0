/**
 * Validation built from the declarations, shared by server and SPA: the same messages on
 * both sides, keyed by field path (`name`, `translations.it.title`, `specs.2.value`).
 * Pure and synchronous; what needs the database (references, uniqueness, slugs) and rich
 * text sanitising is the server's second pass (server/entities/write.ts).
 */
import {
  type CheckInput,
  defaultValue,
  emptyValue,
  type EntityDef,
  type Field,
  isEmpty,
  type ListField,
  type MenuTreeField,
  type RepeaterField,
  SLUG_PATTERN,
} from './define.js';
import { EMAIL_ADDRESS } from './patterns.js';
import { isCodename } from './permissions.js';

export type Errors = Record<string, string[]>;

/** Ids are PostgreSQL `integer`s. */
export const MAX_ID = 2_147_483_647;
const MAX_LIST = 1000;
const MAX_ROWS = 500;

const DEFAULT_MAX_LENGTH = {
  text: 255,
  textarea: 5000,
  email: 254,
  url: 2000,
  slug: 200,
  richtext: 100_000,
} as const;

export const SEO_LIMITS = { title: 200, description: 500, slug: 200 } as const;

export const MESSAGES = {
  required: 'This field is required.',
  blank: 'This field may not be blank.',
  null: 'This field may not be null.',
  emptyList: 'This list may not be empty.',
  string: 'Not a valid string.',
  number: 'A valid number is required.',
  integer: 'A valid integer is required.',
  boolean: 'Must be a valid boolean.',
  email: 'Enter a valid email address.',
  url: 'Enter a valid URL.',
  slug: 'Enter a valid "slug" consisting of lowercase letters, numbers or hyphens.',
  pattern: 'Enter a valid value.',
  color: 'Enter a colour as #rrggbb.',
  colorAlpha: 'Enter a colour as #rrggbb or #rrggbbaa.',
  date: 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
  datetime: 'Datetime has wrong format. Use ISO 8601 with a time zone, e.g. 2026-05-01T09:30:00Z.',
  time: 'Time has wrong format. Use one of these formats instead: hh:mm[:ss].',
  id: 'Expected an id (a positive integer).',
  ids: 'Expected a list of ids.',
  object: 'Expected an object.',
  list: 'Expected a list.',
  seo: 'Expected an object with title, description and slug.',
  map: 'Expected a point { lat, lng } or null.',
  linkBoth: 'Link to a page or to a URL, not both.',
  duplicate: 'This value is already in the list.',
  unstorable: 'This text holds a character that cannot be stored (NUL or a lone UTF-16 surrogate).',
} as const;

export const maxLengthMsg = (n: number) => `Ensure this field has no more than ${n} characters.`;
export const minLengthMsg = (n: number) => `Ensure this field has at least ${n} characters.`;
export const maxValueMsg = (n: number | string) => `Ensure this value is less than or equal to ${n}.`;
export const minValueMsg = (n: number | string) => `Ensure this value is greater than or equal to ${n}.`;
export const maxItemsMsg = (n: number) => `Ensure this field has no more than ${n} elements.`;
export const minItemsMsg = (n: number) => `Ensure this field has at least ${n} elements.`;
export const choiceMsg = (v: string) => `"${v.length > 40 ? `${v.slice(0, 40)}…` : v}" is not a valid choice.`;

export function addError(errors: Errors, path: string, message: string) {
  const list = Object.hasOwn(errors, path) ? errors[path] : undefined;
  if (list) list.push(message);
  else errors[path] = [message];
}

export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

const own = (o: Record<string, unknown>, k: string) => Object.hasOwn(o, k);

const EMAIL = new RegExp(`^(?:${EMAIL_ADDRESS})$`, 'u');
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(\.\d{1,6})?)?(Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;
const MENU_ID = /^[A-Za-z0-9_-]{1,64}$/;
const PAGE_KEY = /^[a-z0-9_]{1,64}$/;

export function isHttpUrl(v: string): boolean {
  if (/\s/.test(v)) return false;
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Links a menu may hold: http(s) URLs, site paths, anchors, mailto: and tel:. */
export function isMenuUrl(v: string): boolean {
  if (/\s/.test(v) || v.length > 2000) return false;
  if (v.startsWith('/')) return !v.startsWith('//') && !v.includes('\\');
  if (v.startsWith('#')) return true;
  if (/^mailto:[^\s@]+@[^\s@]+$/.test(v) || /^tel:\+?[0-9 ()-]{3,}$/.test(v)) return true;
  return isHttpUrl(v);
}

export function isValidDate(v: string): boolean {
  const m = DATE.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1 && t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/** ISO 8601 with a zone → `YYYY-MM-DDTHH:mm:ss.sssZ`, or undefined. */
export function normalizeDatetime(v: string): string | undefined {
  const m = DATETIME.exec(v);
  if (!m?.[1] || !isValidDate(m[1])) return undefined;
  const t = Date.parse(v);
  return Number.isFinite(t) ? new Date(t).toISOString() : undefined;
}

/** Text of an HTML fragment, for "is this rich text empty?". */
export function richTextIsEmpty(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|&#160;/g, ' ').trim() === '';
}

export function isEmptyValue(field: Field, value: unknown): boolean {
  if (field.type === 'richtext' && typeof value === 'string') return richTextIsEmpty(value);
  return isEmpty(field, value);
}

const patterns = new WeakMap<Field, RegExp>();
function patternOf(field: Field & { pattern?: string }): RegExp | undefined {
  if (field.pattern === undefined) return undefined;
  let re = patterns.get(field);
  if (!re) {
    re = new RegExp(`^(?:${field.pattern})$`, 'u');
    patterns.set(field, re);
  }
  return re;
}

function parseId(raw: unknown): number | undefined {
  if (typeof raw === 'number' && Number.isInteger(raw) && raw >= 1 && raw <= MAX_ID) return raw;
  if (typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= MAX_ID) return Number(raw);
  return undefined;
}

/** Marks a value that failed validation (its errors are in the errors object). */
export const INVALID: unique symbol = Symbol('invalid');

/**
 * One value of one field: its normalized form, or INVALID with messages added under
 * `path`. `null` means "empty" for every type; whether empty is allowed is the caller's
 * business (see `requiredError`).
 */
export function validateValue(field: Field, raw: unknown, path: string, errors: Errors): unknown {
  const fail = (message: string, at = path) => {
    addError(errors, at, message);
    return INVALID;
  };
  // The empty value, not the declared default: null clears a field.
  if (raw === null || raw === undefined) return emptyValue(field);

  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'email':
    case 'url':
    case 'slug':
    case 'richtext': {
      if (typeof raw !== 'string') return fail(MESSAGES.string);
      const v = field.type === 'richtext' ? raw : raw.trim();
      const max = field.maxLength ?? DEFAULT_MAX_LENGTH[field.type];
      if (v.length > max) return fail(maxLengthMsg(max));
      if (v === '') return v;
      if (field.type === 'slug' && !SLUG_PATTERN.test(v)) return fail(MESSAGES.slug);
      if (field.type === 'email' && !EMAIL.test(v)) return fail(MESSAGES.email);
      if (field.type === 'url' && !isHttpUrl(v)) return fail(MESSAGES.url);
      if (field.type === 'text' || field.type === 'textarea' || field.type === 'email' || field.type === 'url') {
        if (field.minLength !== undefined && v.length < field.minLength) return fail(minLengthMsg(field.minLength));
        const re = patternOf(field);
        if (re && !re.test(v)) return fail(field.patternMessage ?? MESSAGES.pattern);
      }
      return v;
    }
    case 'number':
    case 'integer': {
      let n: unknown = raw;
      if (typeof raw === 'string' && /^\s*-?\d{1,16}(\.\d{1,16})?\s*$/.test(raw)) n = Number(raw);
      if (typeof raw === 'string' && raw.trim() === '') return null;
      if (typeof n !== 'number' || !Number.isFinite(n)) return fail(field.type === 'integer' ? MESSAGES.integer : MESSAGES.number);
      if (field.type === 'integer' && !Number.isInteger(n)) return fail(MESSAGES.integer);
      const limit = field.type === 'integer' ? MAX_ID : 1e15;
      const max = Math.min(field.max ?? limit, limit);
      const min = Math.max(field.min ?? -limit, -limit);
      if (n > max) return fail(maxValueMsg(max));
      if (n < min) return fail(minValueMsg(min));
      return n;
    }
    case 'boolean':
      if (typeof raw !== 'boolean') return fail(MESSAGES.boolean);
      return raw;
    case 'select': {
      if (typeof raw !== 'string') return fail(MESSAGES.string);
      if (raw === '') return null;
      if (!field.options.some((o) => o.value === raw)) return fail(choiceMsg(raw));
      return raw;
    }
    case 'color': {
      if (typeof raw !== 'string') return fail(MESSAGES.string);
      const v = raw.trim().toLowerCase();
      if (v === '') return null;
      const ok = field.alpha ? /^#([0-9a-f]{6}|[0-9a-f]{8})$/.test(v) : /^#[0-9a-f]{6}$/.test(v);
      return ok ? v : fail(field.alpha ? MESSAGES.colorAlpha : MESSAGES.color);
    }
    case 'date':
    case 'datetime':
    case 'time': {
      if (typeof raw !== 'string') return fail(MESSAGES.string);
      const s = raw.trim();
      if (s === '') return null;
      let v: string | undefined;
      if (field.type === 'date') v = isValidDate(s) ? s : undefined;
      else if (field.type === 'datetime') v = normalizeDatetime(s);
      else {
        const m = TIME.exec(s);
        v = m ? `${m[1]}:${m[2]}:${m[3] ?? '00'}` : undefined;
      }
      if (v === undefined) return fail(MESSAGES[field.type]);
      if (field.min !== undefined && v < field.min) return fail(minValueMsg(field.min));
      if (field.max !== undefined && v > field.max) return fail(maxValueMsg(field.max));
      return v;
    }
    case 'media':
    case 'file':
    case 'fk': {
      if (raw === '') return null;
      const id = parseId(raw);
      return id === undefined ? fail(MESSAGES.id) : id;
    }
    case 'mediaMany':
    case 'm2m': {
      if (!Array.isArray(raw)) return fail(MESSAGES.ids);
      const cap = Math.min(field.max ?? MAX_LIST, MAX_LIST);
      if (raw.length > cap) return fail(maxItemsMsg(cap));
      const out: number[] = [];
      let bad = false;
      raw.forEach((item, i) => {
        const id = parseId(item);
        if (id === undefined) {
          addError(errors, `${path}.${i}`, MESSAGES.id);
          bad = true;
        } else if (!out.includes(id)) out.push(id);
      });
      return bad ? INVALID : out;
    }
    case 'repeater':
      return validateRows(field, raw, path, errors);
    case 'seo': {
      if (!isPlainObject(raw)) return fail(MESSAGES.seo);
      const out = { title: '', description: '', slug: '' };
      let bad = false;
      for (const key of ['title', 'description', 'slug'] as const) {
        const v = raw[key];
        if (v === undefined || v === null) continue;
        if (typeof v !== 'string') {
          addError(errors, `${path}.${key}`, MESSAGES.string);
          bad = true;
          continue;
        }
        const t = v.trim();
        if (t.length > SEO_LIMITS[key]) {
          addError(errors, `${path}.${key}`, maxLengthMsg(SEO_LIMITS[key]));
          bad = true;
        } else if (key === 'slug' && t !== '' && !SLUG_PATTERN.test(t)) {
          addError(errors, `${path}.${key}`, MESSAGES.slug);
          bad = true;
        } else out[key] = t;
      }
      return bad ? INVALID : out;
    }
    case 'map': {
      if (!isPlainObject(raw)) return fail(MESSAGES.map);
      const out: { lat: number; lng: number } = { lat: 0, lng: 0 };
      let bad = false;
      for (const [key, limit] of [
        ['lat', 90],
        ['lng', 180],
      ] as const) {
        const v = raw[key];
        if (v === undefined || v === null) {
          addError(errors, `${path}.${key}`, MESSAGES.required);
          bad = true;
        } else if (typeof v !== 'number' || !Number.isFinite(v)) {
          addError(errors, `${path}.${key}`, MESSAGES.number);
          bad = true;
        } else if (v > limit || v < -limit) {
          addError(errors, `${path}.${key}`, v > limit ? maxValueMsg(limit) : minValueMsg(-limit));
          bad = true;
        } else out[key] = v;
      }
      return bad ? INVALID : out;
    }
    case 'menuTree':
      return validateMenu(field, raw, path, errors);
    case 'list':
      return validateList(field, raw, path, errors);
    case 'password': {
      // Never trimmed: every character of a secret counts.
      if (typeof raw !== 'string') return fail(MESSAGES.string);
      const max = field.maxLength ?? 1024;
      return raw.length > max ? fail(maxLengthMsg(max)) : raw;
    }
    case 'permissions':
      return validateCodenames(raw, path, errors);
  }
}

function validateList(field: ListField, raw: unknown, path: string, errors: Errors): unknown {
  if (!Array.isArray(raw)) {
    addError(errors, path, MESSAGES.list);
    return INVALID;
  }
  const cap = Math.min(field.max ?? 100, MAX_LIST);
  if (raw.length > cap) {
    addError(errors, path, maxItemsMsg(cap));
    return INVALID;
  }
  const max = field.maxLength ?? 255;
  const re = patternOf(field);
  const out: string[] = [];
  let bad = false;
  raw.forEach((item, i) => {
    const at = `${path}.${i}`;
    const fail = (message: string) => {
      addError(errors, at, message);
      bad = true;
    };
    if (typeof item !== 'string') return fail(MESSAGES.string);
    const v = item.trim();
    if (v === '') return fail(MESSAGES.blank);
    if (v.length > max) return fail(maxLengthMsg(max));
    if (field.options && !field.options.some((o) => o.value === v)) return fail(choiceMsg(v));
    if (re && !re.test(v)) return fail(field.patternMessage ?? MESSAGES.pattern);
    if (out.includes(v)) return fail(MESSAGES.duplicate);
    out.push(v);
  });
  return bad ? INVALID : out;
}

/** The message for an empty value of a required field. */
export function requiredMessage(field: Field, given: boolean): string {
  if (!given) return MESSAGES.required;
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'email':
    case 'url':
    case 'slug':
    case 'richtext':
      return MESSAGES.blank;
    case 'm2m':
    case 'mediaMany':
    case 'repeater':
    case 'menuTree':
    case 'list':
    case 'permissions':
      return MESSAGES.emptyList;
    default:
      return MESSAGES.null;
  }
}

/** A list of known permission codenames, each once. */
function validateCodenames(raw: unknown, path: string, errors: Errors): unknown {
  if (!Array.isArray(raw)) {
    addError(errors, path, MESSAGES.list);
    return INVALID;
  }
  if (raw.length > MAX_LIST) {
    addError(errors, path, maxItemsMsg(MAX_LIST));
    return INVALID;
  }
  const out: string[] = [];
  let bad = false;
  raw.forEach((item, i) => {
    if (typeof item !== 'string' || !isCodename(item)) {
      addError(errors, `${path}.${i}`, typeof item === 'string' ? choiceMsg(item) : MESSAGES.string);
      bad = true;
    } else if (!out.includes(item)) out.push(item);
  });
  return bad ? INVALID : out.sort();
}

function validateRows(field: RepeaterField, raw: unknown, path: string, errors: Errors): unknown {
  if (!Array.isArray(raw)) {
    addError(errors, path, MESSAGES.list);
    return INVALID;
  }
  const cap = Math.min(field.max ?? MAX_ROWS, MAX_ROWS);
  if (raw.length > cap) {
    addError(errors, path, maxItemsMsg(cap));
    return INVALID;
  }
  if (field.min !== undefined && raw.length > 0 && raw.length < field.min) {
    addError(errors, path, minItemsMsg(field.min));
    return INVALID;
  }
  let bad = false;
  const rows = raw.map((row, i) => {
    const at = `${path}.${i}`;
    if (!isPlainObject(row)) {
      addError(errors, at, MESSAGES.object);
      bad = true;
      return null;
    }
    const out: Record<string, unknown> = {};
    for (const [name, sub] of Object.entries(field.fields)) {
      const given = own(row, name) && row[name] !== undefined;
      const v = given ? validateValue(sub, row[name], `${at}.${name}`, errors) : defaultValue(sub);
      if (v === INVALID) {
        bad = true;
        continue;
      }
      if (sub.required && isEmptyValue(sub, v)) {
        addError(errors, `${at}.${name}`, requiredMessage(sub, given));
        bad = true;
      }
      out[name] = v;
    }
    return out;
  });
  return bad ? INVALID : rows;
}

export interface MenuNode {
  id?: string;
  label: string;
  page?: string;
  url?: string;
  new_tab?: boolean;
  children: MenuNode[];
}

function validateMenu(field: MenuTreeField, raw: unknown, path: string, errors: Errors): unknown {
  const maxItems = Math.min(field.maxItems ?? 200, 1000);
  let count = 0;
  let bad = false;
  const err = (at: string, msg: string) => {
    addError(errors, at, msg);
    bad = true;
  };
  const level = (list: unknown, at: string, depth: number): MenuNode[] => {
    if (!Array.isArray(list)) {
      err(at, MESSAGES.list);
      return [];
    }
    if (list.length === 0) return [];
    if (depth > field.maxDepth) {
      err(at, `Ensure the menu is no more than ${field.maxDepth} levels deep.`);
      return [];
    }
    const out: MenuNode[] = [];
    for (let i = 0; i < list.length; i++) {
      const node = list[i];
      const here = `${at}.${i}`;
      if (++count > maxItems) {
        err(path, `Ensure the menu has no more than ${maxItems} items.`);
        return out;
      }
      if (!isPlainObject(node)) {
        err(here, MESSAGES.object);
        continue;
      }
      const n: MenuNode = { label: '', children: [] };
      if (node.id !== undefined && node.id !== null) {
        if (typeof node.id !== 'string' || !MENU_ID.test(node.id)) err(`${here}.id`, MESSAGES.pattern);
        else n.id = node.id;
      }
      if (typeof node.label !== 'string') err(`${here}.label`, node.label === undefined ? MESSAGES.required : MESSAGES.string);
      else if (node.label.trim() === '') err(`${here}.label`, MESSAGES.blank);
      else if (node.label.trim().length > 100) err(`${here}.label`, maxLengthMsg(100));
      else n.label = node.label.trim();
      const page = node.page === null || node.page === '' ? undefined : node.page;
      const url = node.url === null || node.url === '' ? undefined : node.url;
      if (page !== undefined && url !== undefined) err(`${here}.url`, MESSAGES.linkBoth);
      if (page !== undefined) {
        if (typeof page !== 'string' || !PAGE_KEY.test(page)) err(`${here}.page`, MESSAGES.pattern);
        else if (field.pages && !field.pages.includes(page)) err(`${here}.page`, choiceMsg(page));
        else n.page = page;
      }
      if (url !== undefined) {
        if (typeof url !== 'string' || !isMenuUrl(url.trim())) err(`${here}.url`, MESSAGES.url);
        else n.url = url.trim();
      }
      if (node.new_tab !== undefined && node.new_tab !== null) {
        if (typeof node.new_tab !== 'boolean') err(`${here}.new_tab`, MESSAGES.boolean);
        else n.new_tab = node.new_tab;
      }
      if (node.children !== undefined && node.children !== null) n.children = level(node.children, `${here}.children`, depth + 1);
      out.push(n);
    }
    return out;
  };
  const tree = level(raw, path, 1);
  return bad ? INVALID : tree;
}

/** A row as the engine keeps it: non-translated values, and translated ones per language. */
export interface RecordValues {
  values: Record<string, unknown>;
  translations: Record<string, Record<string, unknown>>;
}

export interface ValidateOptions {
  mode: 'create' | 'replace' | 'patch';
  /** Languages a translation may be written in. */
  languages: readonly string[];
  /** Required translated fields must be filled in this language. */
  defaultLanguage: string;
  /** With `?language_code=`, flat values of translated fields are written in this language. */
  languageCode?: string;
  /** The stored row, for replace and patch. */
  existing?: RecordValues;
}

export interface ValidateResult {
  record: RecordValues;
  errors: Errors;
  /** Fields the input named (for patch: the only ones that change). */
  touched: Set<string>;
}

export const translatedFields = (entity: EntityDef) =>
  Object.entries(entity.fields).filter(([, f]) => f.translated) as Array<[string, Field]>;

export const plainFields = (entity: EntityDef) =>
  Object.entries(entity.fields).filter(([, f]) => !f.translated) as Array<[string, Field]>;

/**
 * A create (`POST`), full update (`PUT`) or partial update (`PATCH`) body against the
 * declaration. Translations merge per language: a language named in the body replaces
 * (PUT) or patches (PATCH) that language, `null` removes it, languages not named stay.
 * Unknown keys are ignored, like DRF.
 */
export function validateRecord(entity: EntityDef, input: unknown, opts: ValidateOptions): ValidateResult {
  const errors: Errors = {};
  const touched = new Set<string>();
  const existing = opts.existing;
  const record: RecordValues = { values: {}, translations: {} };
  if (!isPlainObject(input)) {
    addError(errors, 'non_field_errors', 'Invalid data. Expected an object.');
    return { record, errors, touched };
  }

  for (const [name, field] of plainFields(entity)) {
    const given = own(input, name) && input[name] !== undefined && !field.readOnly;
    if (given) {
      touched.add(name);
      const v = validateValue(field, input[name], name, errors);
      if (v === INVALID) continue;
      record.values[name] = v;
    } else if (opts.mode === 'patch' || field.readOnly) {
      record.values[name] = existing && own(existing.values, name) ? existing.values[name] : defaultValue(field);
      continue;
    } else {
      record.values[name] = defaultValue(field);
    }
    if (field.required && isEmptyValue(field, record.values[name])) addError(errors, name, requiredMessage(field, given));
  }

  const tFields = translatedFields(entity);
  if (tFields.length) {
    const allowed = new Set([...opts.languages, ...Object.keys(existing?.translations ?? {})]);
    const merged: Record<string, Record<string, unknown>> = {};
    for (const [lang, vals] of Object.entries(existing?.translations ?? {})) merged[lang] = { ...vals };
    const tIn = own(input, 'translations') ? input.translations : undefined;
    if (tIn !== undefined && tIn !== null && !isPlainObject(tIn)) addError(errors, 'translations', MESSAGES.object);
    const given = isPlainObject(tIn) ? tIn : {};
    for (const lang of Object.keys(given)) {
      const at = `translations.${lang.length > 20 ? `${lang.slice(0, 20)}…` : lang}`;
      if (!allowed.has(lang)) {
        addError(errors, at, `"${lang.slice(0, 20)}" is not a language of this site.`);
        continue;
      }
      const vals = given[lang];
      if (vals === null) {
        delete merged[lang];
        for (const [name] of tFields) touched.add(name);
        continue;
      }
      if (!isPlainObject(vals)) {
        addError(errors, at, MESSAGES.object);
        continue;
      }
      const base = opts.mode === 'patch' ? { ...(merged[lang] ?? {}) } : {};
      for (const [name, field] of tFields) {
        if (field.readOnly) {
          if (merged[lang] && own(merged[lang], name)) base[name] = merged[lang][name];
          continue;
        }
        if (own(vals, name) && vals[name] !== undefined) {
          touched.add(name);
          const v = validateValue(field, vals[name], `${at}.${name}`, errors);
          if (v !== INVALID) base[name] = v;
        } else if (!own(base, name)) base[name] = defaultValue(field);
      }
      merged[lang] = base;
    }
    const flat = opts.languageCode;
    if (flat !== undefined && allowed.has(flat)) {
      const explicit = isPlainObject(given[flat]) ? (given[flat] as Record<string, unknown>) : {};
      for (const [name, field] of tFields) {
        if (field.readOnly || !own(input, name) || input[name] === undefined || own(explicit, name)) continue;
        touched.add(name);
        const v = validateValue(field, input[name], name, errors);
        if (v === INVALID) continue;
        merged[flat] ??= {};
        merged[flat][name] = v;
      }
    }
    // Fill every translated field in every language kept, and drop languages left empty.
    for (const lang of Object.keys(merged)) {
      const vals = (merged[lang] ??= {});
      for (const [name, field] of tFields) if (!own(vals, name)) vals[name] = defaultValue(field);
      if (tFields.every(([name, field]) => isEmptyValue(field, vals[name]))) delete merged[lang];
    }
    for (const [name, field] of tFields) {
      if (!field.required) continue;
      const v = merged[opts.defaultLanguage]?.[name];
      if (v === undefined || isEmptyValue(field, v)) {
        const at = flat === opts.defaultLanguage && own(input, name) ? name : `translations.${opts.defaultLanguage}.${name}`;
        const wasGiven = own(input, name) || (isPlainObject(given[opts.defaultLanguage]) && own(given[opts.defaultLanguage] as Record<string, unknown>, name));
        if (!Object.hasOwn(errors, at)) addError(errors, at, requiredMessage(field, wasGiven || opts.mode === 'patch'));
      }
    }
    record.translations = merged;
  }

  if (entity.checks && Object.keys(errors).length === 0) {
    const extra = entity.checks(record as CheckInput);
    for (const [path, msgs] of Object.entries(extra ?? {})) for (const m of msgs) addError(errors, path, m);
  }
  return { record, errors, touched };
}
