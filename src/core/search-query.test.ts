import { describe, expect, it } from 'vitest';
import { findQueryRanges, matchTokens } from './query-match.ts';
import { parseSearchQuery, phraseQuery, queryKey, queryTokens } from './search-query.ts';
import { ENGLISH } from './test-support/analyzers.ts';

describe('stemToken', () => {
  it('brings English word forms together', () => {
    expect(ENGLISH.stem('submarines')).toBe(ENGLISH.stem('submarine'));
    expect(ENGLISH.stem('running')).toBe(ENGLISH.stem('runs'));
    expect(ENGLISH.stem('bananas')).toBe(ENGLISH.stem('banana'));
    expect(ENGLISH.stem('skies')).toBe(ENGLISH.stem('sky'));
    expect(ENGLISH.stem('honey')).not.toBe(ENGLISH.stem('hone'));
  });

  it('leaves tokens that are not plain ASCII as they are', () => {
    expect(ENGLISH.stem('søren')).toBe('søren');
    expect(ENGLISH.stem('東京')).toBe('東京');
    expect(['ice', 'creams', 'cafés'].map(ENGLISH.stem).join(' ')).toBe('ice cream cafés');
  });
});

describe('parseSearchQuery', () => {
  it('reads unquoted words as stems and quoted text as exact phrases', () => {
    expect(parseSearchQuery('honey "ice cream" bananas', ENGLISH).parts).toEqual([
      { kind: 'word', token: 'honey', stem: 'honey' },
      { kind: 'phrase', tokens: ['ice', 'cream'] },
      { kind: 'word', token: 'bananas', stem: 'banana' },
    ]);
    expect(parseSearchQuery('"Submarines"', ENGLISH).parts).toEqual([
      { kind: 'phrase', tokens: ['submarines'] },
    ]);
  });

  it('keeps a word of several tokens together, runs an unclosed quote to the end, drops repeats', () => {
    expect(parseSearchQuery("don't ice-cream", ENGLISH).parts).toEqual([
      { kind: 'phrase', tokens: ['don', 't'] },
      { kind: 'phrase', tokens: ['ice', 'cream'] },
    ]);
    expect(parseSearchQuery('fish "chips and', ENGLISH).parts).toEqual([
      { kind: 'word', token: 'fish', stem: 'fish' },
      { kind: 'phrase', tokens: ['chips', 'and'] },
    ]);
    expect(queryKey(parseSearchQuery('cats cat "" ?', ENGLISH))).toBe('~cat');
    expect(queryTokens(parseSearchQuery('cats "the sea"', ENGLISH))).toEqual([
      'cats',
      'the',
      'sea',
    ]);
  });
});

describe('matchTokens and findQueryRanges', () => {
  it('finds every word by its stem and a phrase by its exact forms', () => {
    const tokens = ENGLISH.tokenize('The submarine ran; submarines run. Ice creams, ice cream');
    const found = matchTokens(tokens, parseSearchQuery('submarines "ice cream"', ENGLISH));
    expect(found.map((match) => tokens.slice(match.start, match.end).join(' '))).toEqual([
      'submarine',
      'submarines',
      'ice cream',
    ]);
  });

  it('highlights each word on its own and a phrase as one run', () => {
    const title = 'Clouds, Honey and Bananas';
    const ranges = findQueryRanges(title, parseSearchQuery('banana honey', ENGLISH));
    expect(ranges.map((range) => title.slice(range.start, range.end))).toEqual([
      'Honey',
      'Bananas',
    ]);
    const text = 'I like ice cream. Ice  Cream!';
    const phrase = findQueryRanges(text, phraseQuery(['ice', 'cream'], ENGLISH));
    expect(phrase.map((range) => text.slice(range.start, range.end))).toEqual([
      'ice cream',
      'Ice  Cream',
    ]);
    expect(findQueryRanges('ha ha ha. Ho ha', phraseQuery(['ha', 'ha'], ENGLISH))).toEqual([
      { start: 0, end: 8 },
    ]);
    expect(findQueryRanges('Octopus', phraseQuery([], ENGLISH))).toEqual([]);
  });
});
