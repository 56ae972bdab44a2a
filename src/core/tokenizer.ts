/**
 * The JavaScript twin of the search index's tokenizer (FTS5 `unicode61 remove_diacritics 2`).
 * The search, the transcript highlighter and the snippet finder all split text with it, so
 * "found N utterances" agrees with the result list.
 *
 * unicode61 rules mirrored here: letters, numbers and private-use characters are token
 * characters; everything else separates tokens; tokens are case-folded and stripped of
 * diacritics. Combining marks stay inside a token and are then removed with the diacritics.
 */

/** FTS5 tokenizer of every search table; the functions below mirror its rules. */
export const FTS_TOKENIZER = 'unicode61 remove_diacritics 2';

const TOKEN_RUN = /[\p{L}\p{N}\p{Co}\p{M}]+/gu;
const DIACRITICS = /\p{M}/gu;

/** A token with its position in the source text, in UTF-16 code units. */
export interface TextToken {
  /** The folded token, as the index stores it. */
  token: string;
  start: number;
  end: number;
}

/** Folds one run of token characters the way unicode61 does: lower case, no diacritics. */
export function foldToken(raw: string): string {
  return raw.normalize('NFD').replace(DIACRITICS, '').toLowerCase().normalize('NFC');
}

/** Splits text into index tokens with their offsets. */
export function tokenizeWithOffsets(text: string): TextToken[] {
  const tokens: TextToken[] = [];
  for (const match of text.matchAll(TOKEN_RUN)) {
    const token = foldToken(match[0]);
    if (token === '') continue;
    tokens.push({ token, start: match.index, end: match.index + match[0].length });
  }
  return tokens;
}

/** Splits text into index tokens. */
export function tokenize(text: string): string[] {
  return tokenizeWithOffsets(text).map((entry) => entry.token);
}
