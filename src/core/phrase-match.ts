/**
 * Finds a search phrase in a transcript the way the search index does, so the transcript's
 * 'found N utterances' agrees with the result list: both sides are split with the FTS
 * tokenizer's rules (`tokenizer.ts`), and a match is a run of consecutive transcript tokens
 * equal to all the phrase's tokens. A word such as "don't" holds two tokens; a word made of
 * punctuation holds none and is skipped over, as the index skips it.
 */
import { prefixLength } from './prefix-mark.ts';
import { matchTokens, type TextRange } from './query-match.ts';
import { phraseQuery, queryTokens, type ParsedQuery } from './search-query.ts';
import type { Analyzer } from './analyzer.ts';
import type { Tokenizer } from './tokenizer.ts';

/** A transcript flattened into index tokens, each remembering the word it came from. */
export interface TokenStream {
  words: readonly string[];
  tokens: string[];
  /** The word index of each token. */
  wordOfToken: Int32Array;
  /** Where each token starts and ends in its word, in UTF-16 units. */
  tokenStart: Int32Array;
  tokenEnd: Int32Array;
}

/** One occurrence of the phrase, as a half-open range of word indexes. */
export interface PhraseMatch {
  startWord: number;
  endWord: number;
  /**
   * For a word that only begins with the typed last word (a prefix match), the part of the
   * word `startWord` it matched; absent when the match covers its words whole.
   */
  part?: TextRange;
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
  const starts: number[] = [];
  const ends: number[] = [];
  words.forEach((word, index) => {
    for (const { token, start, end } of tokenizer.tokenizeWithOffsets(word)) {
      tokens.push(token);
      owners.push(index);
      starts.push(start);
      ends.push(end);
    }
  });
  return {
    words,
    tokens,
    wordOfToken: Int32Array.from(owners),
    tokenStart: Int32Array.from(starts),
    tokenEnd: Int32Array.from(ends),
  };
}

/**
 * The part of a token's word that a prefix match marks: from the token's start, as far as the
 * typed prefix reaches (`prefixLength`). Null when that is the whole word, punctuation aside:
 * the word is marked whole, as for a whole-word match.
 */
function prefixPart(
  stream: TokenStream,
  token: number,
  part: ParsedQuery['parts'][number] | undefined,
  query: ParsedQuery,
): TextRange | null {
  if (part?.kind !== 'word') return null;
  const word = stream.words[stream.wordOfToken[token] ?? -1] ?? '';
  const start = stream.tokenStart[token] ?? 0;
  const end = stream.tokenEnd[token] ?? word.length;
  const length = prefixLength(word.slice(start, end), part.token, query.analyzer);
  return start + length >= end ? null : { start, end: start + length };
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
    const part = prefixPart(
      stream,
      match.start,
      match.prefix === true ? query.parts[match.part] : undefined,
      query,
    );
    matches.push(part ? { startWord, endWord, part } : { startWord, endWord });
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
