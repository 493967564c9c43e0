import { errorStatus } from './session.helpers';
import type { DiffEntry, ErrorTarget, FieldErrors, Values, VersionedRow } from './entityForm.types';
import { fieldErrorsOf, isPlainObject, NON_FIELD } from './fieldErrors';
import type { RowId } from './entityList.types';

export const DRAFT_DEBOUNCE_MS = 800;

/** Structural equality of JSON-like values (dirty tracking, drafts, conflicts). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}

const splitPath = (path: string) => (path === '' ? [] : path.split('.'));

export function getIn(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const key of splitPath(path)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/**
 * Immutable set at a dotted path (`translations.it.title`, `specs.2.value`); numeric keys
 * index arrays; missing containers are created (an array when the next key is numeric).
 */
export function setIn<T>(obj: T, path: string, value: unknown): T {
  const [head, ...rest] = splitPath(path);
  if (head === undefined) return value as T;
  const restPath = rest.join('.');
  const emptyChild = () => (/^\d+$/.test(rest[0] ?? '') ? [] : {});
  const index = /^\d+$/.test(head) ? Number(head) : null;
  if (Array.isArray(obj) && index !== null) {
    const copy = [...obj];
    copy[index] = rest.length ? setIn(copy[index] ?? emptyChild(), restPath, value) : value;
    return copy as T;
  }
  const base = (obj !== null && typeof obj === 'object' ? obj : {}) as Record<string, unknown>;
  const child = base[head];
  return {
    ...base,
    [head]: rest.length ? setIn(child !== null && typeof child === 'object' ? child : emptyChild(), restPath, value) : value,
  } as T;
}

/** Leaves by dotted path; empty objects/arrays count as leaves so their presence is compared. */
export function flatten(value: unknown, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  const children = Array.isArray(value)
    ? value.map((v, i) => [String(i), v] as const)
    : isPlainObject(value)
      ? Object.entries(value).filter(([, v]) => v !== undefined)
      : null;
  if (children && children.length) for (const [k, v] of children) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  else if (prefix) out[prefix] = value;
  return out;
}

/** A row as form values: without id and version. */
export function rowValues(row: VersionedRow | Record<string, unknown>): Values {
  // Whether a pending draft exists, and which, says something about the row, not a value of it.
  const { id: _id, version: _version, has_draft: _hasDraft, draft: _draft, ...values } = row as Record<string, unknown>;
  return values;
}

/** The pending draft a row read or saved carries (its id), or null. */
export const pendingOf = (row: VersionedRow | Record<string, unknown>): number | null => {
  const draft = (row as { draft?: { id?: unknown } }).draft;
  return typeof draft?.id === 'number' ? draft.id : null;
};

/**
 * The fields where the form and the server's row differ, with who changed each since
 * the form was loaded (`base`): the conflict dialog shows these.
 */
export function diffValues(base: Values, mine: Values, theirs: Values): DiffEntry[] {
  const fb = flatten(base);
  const fm = flatten(mine);
  const ft = flatten(theirs);
  const paths = [...new Set([...Object.keys(fm), ...Object.keys(ft)])].sort();
  return paths
    .filter((p) => !deepEqual(fm[p], ft[p]))
    .map((path) => ({
      path,
      base: fb[path],
      mine: fm[path],
      theirs: ft[path],
      changedByMe: !deepEqual(fm[path], fb[path]),
      changedByThem: !deepEqual(ft[path], fb[path]),
    }));
}

/**
 * What "keep mine" saves after a conflict: their row, with every field I changed since
 * `base` taken from mine. Fields merge whole (a translated field per language), so a
 * repeater or a gallery is never spliced from two versions.
 */
export function mergeMine(base: Values, mine: Values, theirs: Values): Values {
  const out: Values = structuredClone(theirs);
  const take = (m: unknown, b: unknown) => !deepEqual(m, b);
  for (const [key, value] of Object.entries(mine)) {
    if (key !== 'translations') {
      if (take(value, base[key])) out[key] = structuredClone(value);
      continue;
    }
    const baseT = (base.translations ?? {}) as Record<string, Values>;
    const outT = (out.translations ??= {}) as Record<string, Values>;
    for (const [lang, fields] of Object.entries((value ?? {}) as Record<string, Values>)) {
      for (const [field, v] of Object.entries(fields)) {
        if (take(v, baseT[lang]?.[field])) (outT[lang] ??= {})[field] = structuredClone(v);
      }
    }
  }
  return out;
}

/** Drops the errors of a path and of everything under it (the user changed it). */
export function clearFieldError(errors: FieldErrors, path: string): FieldErrors {
  const out: FieldErrors = {};
  for (const [k, v] of Object.entries(errors)) if (k !== path && !k.startsWith(`${path}.`)) out[k] = v;
  return out;
}

export const hasErrors = (errors: FieldErrors) => Object.values(errors).some((m) => m.length > 0);

/** Language tabs that hold an error: `translations.it.title` → `it` (its tab gets a red dot). */
export function errorTabs(errors: FieldErrors): string[] {
  const tabs = new Set<string>();
  for (const [path, messages] of Object.entries(errors)) {
    const m = /^translations\.([^.]+)\./.exec(path);
    if (m?.[1] && messages.length) tabs.add(m[1]);
  }
  return [...tabs].sort();
}

/**
 * The error a failed save shows first: in the form's order of fields, then the site's
 * order of languages, then by path (row 2 before row 10). A message about a whole field
 * (`specs.non_field_errors`) points at that field; with form-wide messages only, the
 * form's message is the target.
 */
export function firstError(errors: FieldErrors, fieldOrder: readonly string[] = [], languages: readonly string[] = []): ErrorTarget {
  const rank = (list: readonly string[], value: string | null) => {
    const i = value === null ? -1 : list.indexOf(value);
    return i === -1 ? list.length : i;
  };
  const suffix = `.${NON_FIELD}`;
  const targets = Object.entries(errors)
    .filter(([path, messages]) => messages.length > 0 && path !== NON_FIELD)
    .map(([raw]) => {
      const path = raw.endsWith(suffix) ? raw.slice(0, -suffix.length) : raw;
      const parts = path.split('.');
      const translated = parts[0] === 'translations' && parts.length > 2;
      return { path, language: (translated ? parts[1] : null) ?? null, field: (translated ? parts[2] : parts[0]) ?? null };
    })
    .sort(
      (a, b) =>
        rank(fieldOrder, a.field) - rank(fieldOrder, b.field) ||
        rank(languages, a.language) - rank(languages, b.language) ||
        a.path.localeCompare(b.path, 'en', { numeric: true }),
    );
  const [first] = targets;
  return first ? { path: first.path, language: first.language } : { path: NON_FIELD, language: null };
}

/** The errors of a field, and whether something under it (a repeater row) has errors. */
export function errorsAt(errors: FieldErrors, path: string) {
  return {
    messages: errors[path] ?? [],
    nested: Object.entries(errors).some(([k, messages]) => k.startsWith(`${path}.`) && messages.length > 0),
  };
}

type ErrorLike = { data?: unknown };

/** A refused save as field errors (fieldErrorsOf); a body that names nothing says what failed. */
export function toServerErrors(error: unknown): FieldErrors {
  const out = fieldErrorsOf((error as ErrorLike | undefined)?.data);
  if (!hasErrors(out)) out[NON_FIELD] = [errorStatus(error) === 400 ? 'form.invalid' : 'errors.network'];
  return out;
}

/** The 409 answer `{ detail, current }`, or null when the body is not one. */
export function toConflict(error: unknown): { detail: string; current: VersionedRow } | null {
  const data = (error as ErrorLike | undefined)?.data as { detail?: unknown; current?: unknown } | undefined;
  if (!data || !isPlainObject(data.current)) return null;
  return { detail: typeof data.detail === 'string' ? data.detail : 'Conflict', current: data.current as VersionedRow };
}

/** A route's `{detail}` parameter: a positive integer id or `new` (anything else answers 404). */
export const isDetailParam = (param: string) => param === 'new' || /^[1-9]\d*$/.test(param);

export const toRowId = (param: RowId | 'new'): RowId | null =>
  param === 'new' ? null : typeof param === 'string' && /^\d+$/.test(param) ? Number(param) : param;
