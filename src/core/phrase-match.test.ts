import { describe, expect, it } from 'vitest';
import { buildTokenStream, findPhraseInWords, findPhraseMatches } from './phrase-match.ts';
import { ENGLISH } from './test-support/analyzers.ts';

const words = (text: string): string[] => text.split(' ');

describe('findPhraseMatches', () => {
  it('finds a phrase of consecutive words, ignoring case and punctuation', () => {
    const transcript = words('I like Ice cream. Ice, cream! ice-cream is "ICE CREAM"');
    const result = findPhraseInWords(transcript, 'ice cream', ENGLISH);
    expect(result.count).toBe(4);
    expect(result.matches).toEqual([
      { startWord: 2, endWord: 4 },
      { startWord: 4, endWord: 6 },
      { startWord: 6, endWord: 7 },
      { startWord: 8, endWord: 10 },
    ]);
    expect(result.matchedWords).toEqual([2, 3, 4, 5, 6, 8, 9]);
  });

  it('splits the phrase on the spec characters and on anything the index splits on', () => {
    const transcript = words('the ice cream van');
    for (const phrase of ['ice cream', 'ice-cream', '"ice, cream"', 'ICE. CREAM!', 'ice?cream']) {
      expect(findPhraseInWords(transcript, phrase, ENGLISH).count, phrase).toBe(1);
    }
  });

  it('finds a match that ends on the very last word, and never reads past the end', () => {
    const transcript = words('we went to the sea');
    expect(findPhraseInWords(transcript, 'the sea', ENGLISH).matches).toEqual([
      { startWord: 3, endWord: 5 },
    ]);
    expect(findPhraseInWords(transcript, 'sea', ENGLISH).matchedWords).toEqual([4]);
    expect(findPhraseInWords(transcript, 'sea and', ENGLISH).count).toBe(0);
    expect(findPhraseInWords(transcript, 'we went to the sea and sky', ENGLISH).count).toBe(0);
  });

  it('skips punctuation-only words, as the index does', () => {
    const transcript = ['fish', '-', 'and', '...', 'chips', '—', '?'];
    const result = findPhraseInWords(transcript, 'fish and chips', ENGLISH);
    expect(result.count).toBe(1);
    expect(result.matches).toEqual([{ startWord: 0, endWord: 5 }]);
    expect(findPhraseInWords(transcript, '...', ENGLISH).count).toBe(0);
    expect(findPhraseInWords(transcript, '?', ENGLISH).phraseTokens).toEqual([]);
  });

  it('treats an apostrophe as a separator, so "don\'t" is two tokens', () => {
    const transcript = words("I don't know, don t ask");
    expect(findPhraseInWords(transcript, "don't", ENGLISH).count).toBe(2);
    expect(findPhraseInWords(transcript, 'don’t know', ENGLISH).count).toBe(1);
    expect(findPhraseInWords(transcript, 't know', ENGLISH).matchedWords).toEqual([1, 2]);
    expect(findPhraseInWords(transcript, 'dont', ENGLISH).count).toBe(0);
  });

  it('counts overlapping occurrences', () => {
    const result = findPhraseInWords(words('ha ha ha'), 'ha ha', ENGLISH);
    expect(result.count).toBe(2);
    expect(result.matchedWords).toEqual([0, 1, 2]);
  });

  it('folds case and diacritics like unicode61 remove_diacritics 2', () => {
    const transcript = words('Un Café à Zürich, São Paulo');
    expect(findPhraseInWords(transcript, 'cafe a zurich', ENGLISH).count).toBe(1);
    expect(findPhraseInWords(transcript, 'SAO PAULO', ENGLISH).matchedWords).toEqual([4, 5]);
  });

  it('finds nothing for an empty phrase or an empty transcript', () => {
    expect(findPhraseInWords(words('a b c'), '   ', ENGLISH).count).toBe(0);
    expect(findPhraseInWords([], 'fish', ENGLISH).count).toBe(0);
  });

  it('reuses one token stream for many searches', () => {
    const stream = buildTokenStream(words("It's the cat's hat"), ENGLISH);
    expect(stream.tokens).toEqual(['it', 's', 'the', 'cat', 's', 'hat']);
    expect([...stream.wordOfToken]).toEqual([0, 0, 1, 2, 2, 3]);
    expect(findPhraseMatches(stream, ['s', 'hat'], ENGLISH).matches).toEqual([
      { startWord: 2, endWord: 4 },
    ]);
  });
});
