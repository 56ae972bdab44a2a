/**
 * The word being typed at the end of a search box's text, for suggestions: the last token of
 * the run of letters and digits after the last space, quote or other separator, folded as the
 * index folds it (in an unspaced script, the last word the segmenter finds in the run).
 */
import type { Tokenizer } from './tokenizer.ts';

/** The word at the end of `text` and where it starts, or null when the text ends elsewhere. */
export interface LastWord {
  /** The folded word (an index token). */
  token: string;
  /** Where the word starts in `text` (UTF-16 units). */
  start: number;
}

const TRAILING_WORD = /[\p{L}\p{N}\p{M}]+$/u;

/** The word the text ends in, or null when it ends in a space, a quote or punctuation. */
export function lastWord(text: string, tokenizer: Tokenizer): LastWord | null {
  const found = TRAILING_WORD.exec(text);
  if (!found) return null;
  const last = tokenizer.tokenizeWithOffsets(found[0]).at(-1);
  if (last === undefined || last.end !== found[0].length) return null;
  return { token: last.token, start: found.index + last.start };
}

/** The text with its last word replaced by `word` (a suggestion). */
export function replaceLastWord(text: string, at: LastWord, word: string): string {
  return `${text.slice(0, at.start)}${word}`;
}
