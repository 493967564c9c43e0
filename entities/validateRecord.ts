/**
 * A create, full or partial update body against an entity's declaration, shared by server
 * and SPA: the same problems on both sides, keyed by field path (`name`,
 * `translations.it.title`, `specs.2.value`). Pure and synchronous; what needs the database
 * (references, uniqueness, slugs) and rich text sanitising is the server's second pass
 * (server/entities/write.ts).
 */
import type { CheckInput, EntityDef } from './define.js';
import { defaultValue, isEmptyValue, requiredCode, validateValue } from './fieldTypes/index.js';
import type { Field } from './fields.js';
import { isPlainObject } from './formats.js';
import { addError, type Errors, INVALID } from './problems.js';

const own = (o: Record<string, unknown>, k: string) => Object.hasOwn(o, k);

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

export const translatedFields = (entity: EntityDef) => Object.entries(entity.fields).filter(([, f]) => f.translated) as Array<[string, Field]>;

export const plainFields = (entity: EntityDef) => Object.entries(entity.fields).filter(([, f]) => !f.translated) as Array<[string, Field]>;

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
    addError(errors, 'non_field_errors', 'notObject');
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
    if (field.required && isEmptyValue(field, record.values[name])) addError(errors, name, requiredCode(field, given));
  }

  const tFields = translatedFields(entity);
  if (tFields.length) {
    const allowed = new Set([...opts.languages, ...Object.keys(existing?.translations ?? {})]);
    const merged: Record<string, Record<string, unknown>> = {};
    for (const [lang, vals] of Object.entries(existing?.translations ?? {})) merged[lang] = { ...vals };
    const tIn = own(input, 'translations') ? input.translations : undefined;
    if (tIn !== undefined && tIn !== null && !isPlainObject(tIn)) addError(errors, 'translations', 'object');
    const given = isPlainObject(tIn) ? tIn : {};
    for (const lang of Object.keys(given)) {
      const at = `translations.${lang.length > 20 ? `${lang.slice(0, 20)}…` : lang}`;
      if (!allowed.has(lang)) {
        addError(errors, at, 'language', { value: lang.slice(0, 20) });
        continue;
      }
      const vals = given[lang];
      if (vals === null) {
        delete merged[lang];
        for (const [name] of tFields) touched.add(name);
        continue;
      }
      if (!isPlainObject(vals)) {
        addError(errors, at, 'object');
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
    for (const [lang, vals] of Object.entries(merged)) {
      for (const [name, field] of tFields) if (!own(vals, name)) vals[name] = defaultValue(field);
      if (tFields.every(([name, field]) => isEmptyValue(field, vals[name]))) delete merged[lang];
    }
    for (const [name, field] of tFields) {
      if (!field.required) continue;
      const v = merged[opts.defaultLanguage]?.[name];
      if (v === undefined || isEmptyValue(field, v)) {
        const at = flat === opts.defaultLanguage && own(input, name) ? name : `translations.${opts.defaultLanguage}.${name}`;
        const wasGiven = own(input, name) || (isPlainObject(given[opts.defaultLanguage]) && own(given[opts.defaultLanguage] as Record<string, unknown>, name));
        if (!Object.hasOwn(errors, at)) addError(errors, at, requiredCode(field, wasGiven || opts.mode === 'patch'));
      }
    }
    record.translations = merged;
  }

  if (entity.checks && Object.keys(errors).length === 0) {
    const extra = entity.checks(record as CheckInput);
    for (const [path, problems] of Object.entries(extra ?? {})) for (const p of problems) addError(errors, path, p.code, p.params);
  }
  return { record, errors, touched };
}
