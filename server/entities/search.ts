/**
 * Word-prefix search of entity lists. Each searchable row keeps its words
 * (server/list/words.ts) in `<table>_search (tenant_id, token, entity_id)`; a search word
 * is a range scan of that primary key (server/list/searchIndex.ts), so a search costs the
 * same on 1,000 rows and on 1,000,000.
 */
import { type EntityDef, fieldOf } from '../../entities/define.js';
import type { RecordValues } from '../../entities/validateRecord.js';
import type { SearchIndex } from '../list/searchIndex.js';
import { joinText, raw, sqlText } from '../list/sqlText.js';
import { searchWords, type WordRules, words } from '../list/words.js';
import { type EngineContext, tenantKey } from './context.js';
import { isScoped, searchTableOf } from './schema.js';

/** The words of `<table>_search`, as its rows were written (server/list/words.ts says why each index keeps its own). */
export const ENTITY_WORDS: WordRules = { maxWordLength: 40, maxSearchWords: 5, marks: /[\u0300-\u036f]/g };

const MAX_TOKENS_PER_ROW = 256;

// A stored word is letters and digits (server/list/words.ts): no search word starts with this.
const PUBLIC_MARK = '!';

/**
 * Whether a website's search needs words of its own: some field the back-office searches is
 * not public (a used product's stock number), and a public search may match public words only.
 */
function hasPublicWords(entity: EntityDef): boolean {
  const pub = entity.public;
  return pub?.search === true && entity.list.search.some((name) => !pub.fields.includes(name));
}

/** A search word as a website's search looks it up (the same word when every searched field is public). */
export const publicWord = (entity: EntityDef, word: string) => (hasPublicWords(entity) ? `${PUBLIC_MARK}${word}` : word);

function wordsOf(entity: EntityDef, record: RecordValues, names: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const name of names) {
    const field = fieldOf(entity, name);
    const values = field.translated ? Object.values(record.translations).map((t) => t[name]) : [record.values[name]];
    for (const v of values) if (typeof v === 'string') for (const t of words(v, ENTITY_WORDS)) out.add(t);
  }
  return out;
}

/** The words a row is found by: every search field, in every language; and its public words, marked, when it has some of its own. */
export function rowTokens(entity: EntityDef, record: RecordValues): string[] {
  const tokens = [...wordsOf(entity, record, entity.list.search)].slice(0, MAX_TOKENS_PER_ROW);
  if (!hasPublicWords(entity)) return tokens;
  const shown = entity.list.search.filter((name) => entity.public!.fields.includes(name));
  return [...tokens, ...[...wordsOf(entity, record, shown)].slice(0, MAX_TOKENS_PER_ROW).map((w) => publicWord(entity, w))];
}

/** Search words of a query, longest first (the most selective). */
export function queryTokens(search: string): string[] {
  return searchWords(search, ENTITY_WORDS);
}

/** The entity's search index within the request's site, or the sites a master list spans (`span`). */
export function searchIndexOf(ctx: EngineContext, entity: EntityDef): SearchIndex {
  const index = { table: searchTableOf(entity), word: 'token', row: 'entity_id' };
  const { span } = ctx;
  if (span === undefined || !isScoped(entity)) {
    const tenant = tenantKey(ctx, entity);
    return { ...index, scope: (alias) => sqlText`${raw(alias)}.tenant_id = ${tenant}` };
  }
  if (span === null) return { ...index, scope: (alias) => sqlText`${raw(alias)}.tenant_id > ${0}` };
  const ids = span.length ? span : [-1];
  return {
    ...index,
    scope: (alias) =>
      sqlText`${raw(alias)}.tenant_id in (${joinText(
        ids.map((id) => sqlText`${id}`),
        ', ',
      )})`,
  };
}
