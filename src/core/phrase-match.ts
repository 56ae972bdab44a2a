/**
 * Finds a search phrase in a transcript the way the search index does, so the transcript's
 * 'found N utterances' agrees with the result list: both sides are split with the FTS
 * tokenizer's rules (`tokenizer.ts`), and a match is a run of consecutive transcript tokens
 * equal to all the phrase's tokens. A word such as "don't" holds two tokens; a word made of
 * punctuation holds none and is skipped over, as the index skips it.
 */
import { matchTokens } from './query-match.ts';
import { phraseQuery, queryTokens, type ParsedQuery } from './search-query.ts';
import type { Analyzer } from './analyzer.ts';
import type { Tokenizer } from './tokenizer.ts';

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
  /** The query's tokens (a word as typed); empty when it has nothing searchable. */
  phraseTokens: string[];
  matches: PhraseMatch[];
  /** Indexes of every word that is part of some match, ascending. */
  matchedWords: number[];
  count: number;
}

/**
 * Tokenises every transcript word once, so repeated searches only compare strings. Words are
 * tokenized one by one: no token spans two words, as none spans the space between them in the
 * index.
 */
export function buildTokenStream(words: readonly string[], tokenizer: Tokenizer): TokenStream {
  const tokens: string[] = [];
  const owners: number[] = [];
  words.forEach((word, index) => {
    for (const token of tokenizer.tokenize(word)) {
      tokens.push(token);
      owners.push(index);
    }
  });
  return { tokens, wordOfToken: Int32Array.from(owners) };
}

/**
 * Every occurrence of the query's parts in the token stream (`query-match.ts`): an unquoted
 * word by its stem, a phrase by its exact tokens. Overlapping occurrences each count ('ha ha'
 * is found twice in 'ha ha ha'), as FTS5 counts phrase instances.
 */
export function findQueryMatches(stream: TokenStream, query: ParsedQuery): PhraseMatches {
  const { wordOfToken } = stream;
  const matches: PhraseMatch[] = [];
  const matched = new Set<number>();
  for (const match of matchTokens(stream.tokens, query)) {
    const startWord = wordOfToken[match.start] ?? 0;
    const endWord = (wordOfToken[match.end - 1] ?? startWord) + 1;
    matches.push({ startWord, endWord });
    for (let word = startWord; word < endWord; word += 1) matched.add(word);
  }
  const matchedWords = [...matched].sort((a, b) => a - b);
  return { phraseTokens: queryTokens(query), matches, matchedWords, count: matches.length };
}

/**
 * Every occurrence of a phrase's tokens (from `checkSearchTerm`) as one exact phrase (the
 * spec's phrase rules).
 */
export function findPhraseMatches(
  stream: TokenStream,
  phraseTokens: readonly string[],
  analyzer: Analyzer,
): PhraseMatches {
  return findQueryMatches(stream, phraseQuery(phraseTokens, analyzer));
}

/** Convenience for one-off searches of a typed phrase over plain words (the spec's phrase rules). */
export function findPhraseInWords(
  words: readonly string[],
  phrase: string,
  analyzer: Analyzer,
): PhraseMatches {
  return findPhraseMatches(buildTokenStream(words, analyzer), analyzer.tokenize(phrase), analyzer);
}
