/**
 * Which column of a file feeds which column of the entity (entities/cells.ts `cellColumns`:
 * `id`, `sku`, `name.it` …), guessed from the file's headers when the import names none: the
 * export's own headers, the field names, and the field labels in every UI language (locales/),
 * a translated one followed by its language (`Nome (it)`, `Name en`) or alone for the site's
 * default language. Headers are compared without case, accents or punctuation.
 */
import { fields as al } from '../../../locales/al.json';
import { fields as bg } from '../../../locales/bg.json';
import { fields as bs } from '../../../locales/bs.json';
import { fields as de } from '../../../locales/de.json';
import { fields as en } from '../../../locales/en.json';
import { fields as es } from '../../../locales/es.json';
import { fields as fr } from '../../../locales/fr.json';
import { fields as hu } from '../../../locales/hu.json';
import { fields as it } from '../../../locales/it.json';
import { fields as mk } from '../../../locales/mk.json';
import { fields as nl } from '../../../locales/nl.json';
import { fields as pl } from '../../../locales/pl.json';
import { fields as pt } from '../../../locales/pt.json';
import { fields as rs } from '../../../locales/rs.json';
import { fields as ru } from '../../../locales/ru.json';
import type { CellColumn } from '../../../entities/cells.js';

const LABELS: readonly unknown[] = [en, it, es, bs, mk, rs, bg, al, hu, nl, fr, de, ru, pt, pl];

/** A header as compared: lower case, no accents, words of letters and digits. */
export const normalHeader = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** A label key (`fields.product.name`) in one locale's `fields` section; a nested field's own label is under `_`. */
function labelIn(section: unknown, key: string): string | undefined {
  let node: unknown = { fields: section };
  for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  if (node && typeof node === 'object') node = (node as Record<string, unknown>)._;
  return typeof node === 'string' ? node : undefined;
}

/** Every way a header may name each column, normalised: header → the column's own header. */
function namesOf(columns: readonly CellColumn[], defaultLanguage: string): Map<string, string> {
  const out = new Map<string, string>();
  const add = (name: string, header: string) => {
    const key = normalHeader(name);
    if (key && !out.has(key)) out.set(key, header);
  };
  // Exact forms first: a label never takes a name another column has as its own.
  for (const c of columns) add(c.header, c.header);
  for (const c of columns) {
    if (!c.field) continue;
    const { name, def, language } = c.field;
    const labels = [name, ...LABELS.map((section) => labelIn(section, def.label)).filter((l): l is string => l !== undefined)];
    for (const label of labels) {
      if (language === undefined) add(label, c.header);
      else {
        add(`${label} ${language}`, c.header);
        if (language === defaultLanguage) add(label, c.header);
      }
    }
  }
  return out;
}

/** header → column header for the headers a column answers to; others are left out. */
export function guessMapping(columns: readonly CellColumn[], defaultLanguage: string, headers: readonly string[]): Record<string, string> {
  const names = namesOf(columns, defaultLanguage);
  const taken = new Set<string>();
  const out: Record<string, string> = {};
  for (const header of headers) {
    const target = names.get(normalHeader(header));
    if (target === undefined || taken.has(target)) continue;
    taken.add(target);
    out[header] = target;
  }
  return out;
}

/**
 * What the import wizard offers for a file's headers: the user's saved choice for each header
 * it names (a column still offered, or left out), the guess for the others, no column twice.
 * Every header is answered; '' leaves it out.
 */
export function suggestedMapping(
  columns: readonly CellColumn[],
  defaultLanguage: string,
  headers: readonly string[],
  saved: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const known = new Set(columns.map((c) => c.header));
  const out = new Map<string, string>();
  const taken = new Set<string>();
  const choose = (header: string, column: string) => {
    out.set(header, column);
    if (column !== '') taken.add(column);
  };
  for (const header of headers) {
    const column = Object.hasOwn(saved, header) ? saved[header]! : undefined;
    if (column !== undefined && (column === '' || (known.has(column) && !taken.has(column)))) choose(header, column);
  }
  const guessed = new Map(
    Object.entries(
      guessMapping(
        columns,
        defaultLanguage,
        headers.filter((h) => !out.has(h)),
      ),
    ),
  );
  for (const header of headers) {
    if (out.has(header)) continue;
    const column = guessed.get(header);
    choose(header, column !== undefined && !taken.has(column) ? column : '');
  }
  return Object.fromEntries(out);
}
