/**
 * An entity's rows as spreadsheet rows, both ways (export and import, docs/decisions.md §21):
 * the id, then every field that has a cell in declaration order — a translated one once per
 * language of the site, `name.it`, `name.en` — each cell made by its field type
 * (entities/fieldTypes/, `cell`).
 */
import type { EntityDef } from './define.js';
import type { CellInput, CellKeys, CellValue } from './fieldTypes/description.js';
import { fromCell, hasCell, toCell } from './fieldTypes/index.js';
import type { Field } from './fields.js';
import { type Errors, INVALID } from './problems.js';
import type { RecordValues } from './validateRecord.js';

export interface CellColumn {
  /** The column's heading: the field name, `<field>.<language>` for a translated one, or `id`. */
  header: string;
  /** Undefined for the id column. */
  field?: { name: string; def: Field; language?: string };
}

/** The columns of an entity's file on a site with these languages. */
export function cellColumns(entity: Pick<EntityDef, 'fields'>, languages: readonly string[]): CellColumn[] {
  const out: CellColumn[] = [{ header: 'id' }];
  for (const [name, def] of Object.entries(entity.fields)) {
    if (!hasCell(def)) continue;
    if (def.translated) for (const language of languages) out.push({ header: `${name}.${language}`, field: { name, def, language } });
    else out.push({ header: name, field: { name, def } });
  }
  return out;
}

/** One row's cells, in the columns' order. */
export function recordCells(columns: readonly CellColumn[], id: number, record: RecordValues, keys: CellKeys): CellValue[] {
  return columns.map(({ field }) => {
    if (!field) return id;
    const value = field.language === undefined ? record.values[field.name] : record.translations[field.language]?.[field.name];
    return value === undefined ? null : toCell(field.def, value, keys);
  });
}

/**
 * A spreadsheet row as a write's body (plain values, translations per language), each cell as
 * its field type reads it; problems under the field's path (`translations.it.name`, `tags.1`).
 * Columns the row does not have are left out of the body.
 */
export function cellsRecord(columns: readonly CellColumn[], cells: readonly CellInput[], keys: CellKeys): { body: Record<string, unknown>; errors: Errors } {
  const errors: Errors = {};
  const body: Record<string, unknown> = {};
  const translations: Record<string, Record<string, unknown>> = {};
  columns.forEach(({ field }, i) => {
    const cell = cells[i];
    if (!field || cell === undefined) return;
    const path = field.language === undefined ? field.name : `translations.${field.language}.${field.name}`;
    const value = fromCell(field.def, cell, keys, path, errors);
    if (value === INVALID) return;
    if (field.language === undefined) body[field.name] = value;
    else (translations[field.language] ??= {})[field.name] = value;
  });
  if (Object.keys(translations).length) body.translations = translations;
  return { body, errors };
}
