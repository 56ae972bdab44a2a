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
      { kind: 'word', token: 'bananas', stem: 'banana', prefix: true },
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
    expect(queryKey(parseSearchQuery('cats cat', ENGLISH))).toBe('~cat*cat');
    expect(queryTokens(parseSearchQuery('cats "the sea"', ENGLISH))).toEqual([
      'cats',
      'the',
      'sea',
    ]);
  });
});

describe('the last word as a prefix (issue 27)', () => {
  it('makes the last unquoted word a prefix, and nothing else', () => {
    expect(parseSearchQuery('honey octo', ENGLISH).parts).toEqual([
      { kind: 'word', token: 'honey', stem: 'honey' },
      { kind: 'word', token: 'octo', stem: 'octo', prefix: true },
    ]);
    // After a phrase, inside an unclosed quote, as a word of several tokens: no prefix.
    expect(parseSearchQuery('octo "ice cream"', ENGLISH).parts).toEqual([
      { kind: 'word', token: 'octo', stem: 'octo' },
      { kind: 'phrase', tokens: ['ice', 'cream'] },
    ]);
    expect(parseSearchQuery('"octo', ENGLISH).parts).toEqual([
      { kind: 'phrase', tokens: ['octo'] },
    ]);
    expect(parseSearchQuery("rock'n", ENGLISH).parts).toEqual([
      { kind: 'phrase', tokens: ['rock', 'n'] },
    ]);
    // One letter is not a prefix; the same word earlier in the term folds into the prefix.
    expect(parseSearchQuery('honey a', ENGLISH).parts.at(-1)).toEqual({
      kind: 'word',
      token: 'a',
      stem: 'a',
    });
    expect(parseSearchQuery('cat honey cat', ENGLISH).parts).toEqual([
      { kind: 'word', token: 'honey', stem: 'honey' },
      { kind: 'word', token: 'cat', stem: 'cat', prefix: true },
    ]);
    expect(parseSearchQuery('octo', ENGLISH, { asTyped: true }).parts).toEqual([
      { kind: 'word', token: 'octo', stem: 'octo' },
    ]);
  });

  it('matches longer words by their start and highlights the part typed', () => {
    const query = parseSearchQuery('octo', ENGLISH);
    const tokens = ENGLISH.tokenize('Octo, octopus and an OCTOBER octagon');
    expect(matchTokens(tokens, query)).toEqual([
      { start: 0, end: 1, part: 0 },
      { start: 1, end: 2, part: 0, prefix: true },
      { start: 4, end: 5, part: 0, prefix: true },
    ]);
    const title = 'The Octopus’s Garden';
    const [range] = findQueryRanges(title, query);
    expect(range && title.slice(range.start, range.end)).toBe('Octo');
  });

  it('counts a word that two words of the query match once, whole where either is', () => {
    const tokens = ENGLISH.tokenize('An octopus, octopuses and an octothorpe');
    expect(matchTokens(tokens, parseSearchQuery('octopus octo', ENGLISH))).toEqual([
      { start: 1, end: 2, part: 0 },
      { start: 2, end: 3, part: 0 },
      { start: 5, end: 6, part: 1, prefix: true },
    ]);
    // The prefix first and the whole word after it: the whole match still wins.
    expect(matchTokens(tokens, parseSearchQuery('octopuses oct', ENGLISH))).toEqual([
      { start: 1, end: 2, part: 0 },
      { start: 2, end: 3, part: 0 },
      { start: 5, end: 6, part: 1, prefix: true },
    ]);
    const title = 'Octopus Octopuses';
    expect(findQueryRanges(title, parseSearchQuery('octopus octo', ENGLISH))).toEqual([
      { start: 0, end: 7 },
      { start: 8, end: 17 },
    ]);
  });

  it('maps the typed part back through folding: German ß, accents', async () => {
    const { loadAnalyzer } = await import('./analyzer.ts');
    const german = await loadAnalyzer({ version: 2, language: 'de' });
    const text = 'Die Straßenbahn und die Fußballweltmeisterschaft';
    const parts = (term: string): string[] =>
      findQueryRanges(text, parseSearchQuery(term, german)).map((range) =>
        text.slice(range.start, range.end),
      );
    expect(parts('strass')).toEqual(['Straß']);
    expect(parts('fussballwelt')).toEqual(['Fußballwelt']);
    const french = await loadAnalyzer({ version: 2, language: 'fr' });
    const cafe = 'Un café crème';
    const [range] = findQueryRanges(cafe, parseSearchQuery('cre', french));
    expect(range && cafe.slice(range.start, range.end)).toBe('crè');
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
