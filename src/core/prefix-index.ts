/**
 * The last word typed as a prefix (issue 27, docs/decisions/0034-last-word-as-prefix.md):
 * `search_prefixes` holds, for every prefix of the index's tokens that some longer token
 * starts with, the episodes of all those tokens per column with how often they occur there,
 * in `search_stems`' row format (`term-index.ts`), keyed by `termRowId` of the prefix. A
 * prefix is a run of a folded token's first characters (code points), so it is whatever the
 * show's tokenizer makes a word: a German compound's first part, a Japanese word's first kana
 * or ideograph. A prefix no longer token starts with has no row: the word itself is all it finds.
 */

/** Characters that can be a word alone (Han, kana, Hangul): one of them is already a prefix. */
const WORD_CHARACTER = /^[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}]/u;

/** Shortest prefix (in characters) with a row: 2, or 1 for a word starting with a `WORD_CHARACTER`. */
export function shortestPrefix(token: string): number {
  return WORD_CHARACTER.test(token) ? 1 : 2;
}

/** Whether a typed folded token is long enough to be searched as a prefix. */
export function isPrefixToken(token: string): boolean {
  return [...token].length >= shortestPrefix(token);
}

/** The prefixes of a token that may have rows, shortest first, the token itself last. */
export function prefixesOf(token: string): string[] {
  const chars = [...token];
  const found: string[] = [];
  for (let length = shortestPrefix(token); length <= chars.length; length += 1) {
    found.push(chars.slice(0, length).join(''));
  }
  return found;
}
