/**
 * Word-prefix search. Each searchable row keeps its words, normalised (accents folded,
 * lower case), in `<table>_search (tenant_id, token, entity_id)`; a search word is a range
 * scan of that primary key, so a search costs the same on 1,000 rows and on 1,000,000.
 */
import { type EntityDef, fieldOf } from '../../entities/define.js';
import type { RecordValues } from '../../entities/validateRecord.js';

const MAX_TOKEN = 40;
const MAX_TOKENS_PER_ROW = 256;
export const MAX_SEARCH_WORDS = 5;

export function searchTokens(text: string): string[] {
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .map((w) => w.slice(0, MAX_TOKEN));
  return [...new Set(words)];
}

/** The words a row is found by: every search field, in every language. */
export function rowTokens(entity: EntityDef, record: RecordValues): string[] {
  const out = new Set<string>();
  for (const name of entity.list.search) {
    const field = fieldOf(entity, name);
    const values = field.translated ? Object.values(record.translations).map((t) => t[name]) : [record.values[name]];
    for (const v of values) if (typeof v === 'string') for (const t of searchTokens(v)) out.add(t);
  }
  return [...out].slice(0, MAX_TOKENS_PER_ROW);
}

/** [lo, hi) holding every token that starts with `prefix`, in byte order. */
export function prefixRange(prefix: string): [string, string] {
  const last = prefix.charCodeAt(prefix.length - 1);
  return [prefix, prefix.slice(0, -1) + String.fromCharCode(last + 1)];
}

/** Search words of a query: at most MAX_SEARCH_WORDS, longest first (the most selective). */
export function queryTokens(search: string): string[] {
  return searchTokens(search)
    .sort((a, b) => b.length - a.length)
    .slice(0, MAX_SEARCH_WORDS);
}
