/** Longest stored term; longer words are cut (a search word is cut the same way). */
export const MAX_TERM_LENGTH = 64;
/** A search with more words than this uses the first ones. */
const MAX_SEARCH_WORDS = 8;

/** Lower-case, accents removed (`Perché` → `perche`), so a search finds either spelling. */
export function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
}

/** The words of a text: runs of letters and digits, folded, cut to MAX_TERM_LENGTH. */
export function words(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .map((w) => Array.from(w).slice(0, MAX_TERM_LENGTH).join(''));
}

/** The distinct terms a media item is found by: the words of its file name and of its titles. */
export function termsOf(texts: Iterable<string>): string[] {
  const out = new Set<string>();
  for (const t of texts) for (const w of words(t)) out.add(w);
  return [...out];
}

/** The words of a search, longest first: past MAX_SEARCH_WORDS the shortest (the least selective, as a rule) go. */
export function searchWords(search: string): string[] {
  const unique = [...new Set(words(search))];
  return unique.sort((a, b) => b.length - a.length).slice(0, MAX_SEARCH_WORDS);
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
