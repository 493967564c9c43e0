/**
 * The words of a searchable text and of a search, for every search index (an entity's
 * `<table>_search`, the media library's media_terms): folded (accents removed, lower
 * case), split on anything that is not a letter or a digit, cut to the index's length.
 * A search word matches a stored word it starts (prefixRange).
 */

/**
 * What differs between indexes, each part of what its index has always answered: its
 * stored words were cut at `maxWordLength` and folded without `marks` (a search word is
 * cut and folded alike to find them; changing either means re-indexing every row), and
 * `maxSearchWords` decides which rows a long search finds.
 */
export interface WordRules {
  /** Longest stored word, in code points. */
  maxWordLength: number;
  /** A search with more words than this keeps the longest ones (the most selective, as a rule). */
  maxSearchWords: number;
  /** The marks folding drops after NFKD decomposition. */
  marks: RegExp;
}

/** Lower case, marks removed (`Perché` → `perche`), so a search finds either spelling. */
export function fold(text: string, rules: Pick<WordRules, 'marks'>): string {
  return text.normalize('NFKD').replace(rules.marks, '').toLowerCase();
}

/** The words of a text: runs of letters and digits, folded, cut to maxWordLength (not deduplicated). */
export function words(text: string, rules: WordRules): string[] {
  return fold(text, rules)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .map((w) => Array.from(w).slice(0, rules.maxWordLength).join(''));
}

/** The words of a search, distinct, longest first: past maxSearchWords the shortest go. */
export function searchWords(search: string, rules: WordRules): string[] {
  return [...new Set(words(search, rules))].sort((a, b) => b.length - a.length).slice(0, rules.maxSearchWords);
}

/**
 * The half-open range `[word, upper)` holding exactly the strings that start with `word`,
 * in code-point order (SQLite's BINARY and PostgreSQL's "C" collation): the last code
 * point incremented.
 */
export function prefixRange(word: string): [string, string] {
  const cps = Array.from(word);
  const last = cps.pop()!.codePointAt(0)!;
  let next = last + 1;
  if (next >= 0xd800 && next <= 0xdfff) next = 0xe000; // no lone surrogates
  return [word, cps.join('') + String.fromCodePoint(next)];
}
