import type { EntityDef } from '../../entities/define';
import { defaultValue } from '../../entities/fieldTypes/index';
import type { Field } from '../../entities/fields';
import { plainFields, translatedFields } from '../../entities/validateRecord';
import type { Values, VersionedRow } from '../../machines/entityForm.types';
import type { Row } from '../../machines/entityList.types';

/** `['it', 'en']`: the site's default language first, then the others of the site. */
export function siteLanguages(languages: readonly string[] | undefined, defaultLanguage: string | undefined): [string, ...string[]] {
  const all = [...(defaultLanguage ? [defaultLanguage] : []), ...(languages ?? [])];
  const [first = 'en', ...rest] = new Set(all);
  return [first, ...rest];
}

function translationsOf(entity: EntityDef, given: unknown, languages: readonly string[]): Record<string, Record<string, unknown>> {
  const src = (given && typeof given === 'object' ? given : {}) as Record<string, Record<string, unknown> | null>;
  const out: Record<string, Record<string, unknown>> = {};
  for (const lang of [...new Set([...languages, ...Object.keys(src)])]) {
    const vals = src[lang] ?? {};
    const own: Record<string, unknown> = {};
    for (const [name, field] of translatedFields(entity)) own[name] = vals[name] ?? defaultValue(field);
    out[lang] = own;
  }
  return out;
}

/** The values of a new row: declared defaults, every site language present. */
export function formDefaults(entity: EntityDef, languages: readonly string[]): Values {
  const values: Values = {};
  for (const [name, field] of plainFields(entity)) values[name] = defaultValue(field);
  if (translatedFields(entity).length) values.translations = translationsOf(entity, {}, languages);
  return values;
}

/**
 * A detail as the API answers it (docs/decisions.md §4: translated fields flat in one language
 * and all of them under `translations`, timestamps, `_refs`) → a row as the form machine
 * keeps it: id, version, the plain fields, and `translations` for every site language.
 * The flat copies, timestamps and `_refs` would only make dirty tracking and the conflict
 * diff noisy; the server ignores them on write anyway.
 */
export function toFormRow(entity: EntityDef, row: Record<string, unknown>, languages: readonly string[]): VersionedRow {
  const out: VersionedRow = { id: row.id as number, version: Number(row.version) };
  for (const [name, field] of plainFields(entity)) out[name] = row[name] ?? defaultValue(field);
  if (translatedFields(entity).length) out.translations = translationsOf(entity, row.translations, languages);
  return out;
}

export type Ref = { id: number; title: string };

/** `_refs` of a row: `{ brand: {id, title}, tags: [{id, title}] }`. */
export function refsOf(row: Row): Record<string, Ref | Ref[] | null> {
  const refs = row._refs;
  return refs && typeof refs === 'object' ? (refs as Record<string, Ref | Ref[] | null>) : {};
}

/** How a row names itself in an autocomplete or a heading: its title field, else its id. */
export function rowTitle(entity: EntityDef, row: Row): string {
  const v = row[entity.titleField];
  const field: Field | undefined = entity.fields[entity.titleField];
  if ((field?.type === 'fk' || field?.type === 'm2m') && row._refs) {
    const ref = refsOf(row)[entity.titleField];
    if (ref && !Array.isArray(ref)) return ref.title;
  }
  if (typeof v === 'string' && v.trim()) return v;
  if (typeof v === 'number') return String(v);
  return `#${row.id}`;
}
