/**
 * The media library's search words (server/list/words.ts): media_terms holds, per media
 * item, the words of its file name and of its titles, with its folder and type group.
 */
import { type WordRules, words } from '../../list/words.js';

/**
 * The words of media_terms, as its rows were written (server/list/words.ts says why each
 * index keeps its own): its `term` column is varchar(64) (migration 0002_media).
 */
export const MEDIA_WORDS: WordRules = { maxWordLength: 64, maxSearchWords: 8, marks: /\p{M}+/gu };

/** The distinct terms a media item is found by: the words of its file name and of its titles. */
export function termsOf(texts: Iterable<string>): string[] {
  const out = new Set<string>();
  for (const t of texts) for (const w of words(t, MEDIA_WORDS)) out.add(w);
  return [...out];
}
