/**
 * Finds a search phrase in a transcript the way the search index does, so the transcript's
 * 'found N utterances' agrees with the result list: both sides are split with the FTS
 * tokenizer's rules (`tokenizer.ts`), and a match is a run of consecutive transcript tokens
 * equal to all the phrase's tokens. A word such as "don't" holds two tokens; a word made of
 * punctuation holds none and is skipped over, as the index skips it.
 */
import { tokenize } from './tokenizer.ts';

/** A transcript flattened into index tokens, each remembering the word it came from. */
export interface TokenStream {
  tokens: string[];
  /** The word index of each token. */
  wordOfToken: Int32Array;
}

/** One occurrence of the phrase, as a half-open range of word indexes. */
export interface PhraseMatch {
  startWord: number;
  endWord: number;
}

/** What the transcript view needs: every occurrence and every word to highlight. */
export interface PhraseMatches {
  /** The phrase's tokens; empty when the phrase has nothing searchable. */
  phraseTokens: string[];
  matches: PhraseMatch[];
  /** Indexes of every word that is part of some match, ascending. */
  matchedWords: number[];
  count: number;
}

/** Tokenises every transcript word once, so repeated searches only compare strings. */
export function buildTokenStream(words: readonly string[]): TokenStream {
  const tokens: string[] = [];
  const owners: number[] = [];
  words.forEach((word, index) => {
    for (const token of tokenize(word)) {
      tokens.push(token);
      owners.push(index);
    }
  });
  return { tokens, wordOfToken: Int32Array.from(owners) };
}

/**
 * Every occurrence of a phrase's tokens (the search's own, from `checkSearchTerm`) in the
 * token stream. Overlapping occurrences each count ('ha ha' is found twice in 'ha ha ha'), as
 * FTS5 counts phrase instances.
 */
export function findPhraseMatches(
  stream: TokenStream,
  phraseTokens: readonly string[],
): PhraseMatches {
  const { tokens, wordOfToken } = stream;
  const matches: PhraseMatch[] = [];
  const matched = new Set<number>();
  const size = phraseTokens.length;
  if (size > 0) {
    // The last start that still leaves room for the whole phrase: never read past the end.
    const lastStart = tokens.length - size;
    for (let start = 0; start <= lastStart; start += 1) {
      let offset = 0;
      while (offset < size && tokens[start + offset] === phraseTokens[offset]) offset += 1;
      if (offset < size) continue;
      const startWord = wordOfToken[start] ?? 0;
      const endWord = (wordOfToken[start + size - 1] ?? startWord) + 1;
      matches.push({ startWord, endWord });
      for (let word = startWord; word < endWord; word += 1) matched.add(word);
    }
  }
  const matchedWords = [...matched].sort((a, b) => a - b);
  return { phraseTokens: [...phraseTokens], matches, matchedWords, count: matches.length };
}

/** Convenience for one-off searches of a typed phrase over plain words. */
export function findPhraseInWords(words: readonly string[], phrase: string): PhraseMatches {
  return findPhraseMatches(buildTokenStream(words), tokenize(phrase));
}
