import { describe, expect, it } from 'vitest';
import { buildTokenStream, findQueryMatches } from './phrase-match.ts';
import { prefixLength } from './prefix-mark.ts';
import { findQueryRanges } from './query-match.ts';
import { parseSearchQuery } from './search-query.ts';
import { analyzerFor, ENGLISH } from './test-support/analyzers.ts';
import type { Analyzer } from './analyzer.ts';
import { markedRuns, wordMarksOf, type MarkedText } from './word-marks.ts';

/** The words as a snippet or the transcript shows them, marked parts in [brackets]. */
function shown(words: readonly string[], term: string, analyzer: Analyzer = ENGLISH): string {
  const query = parseSearchQuery(term, analyzer);
  const { matches } = findQueryMatches(buildTokenStream(words, analyzer), query);
  return markedRuns(words, 0, words.length, wordMarksOf(matches))
    .map((run: MarkedText) => (run.mark ? `[${run.text}]` : run.text))
    .join('');
}

describe('what a search marks in transcript words (decision 0072)', () => {
  it('marks the typed part of a longer word, past quotes and punctuation', () => {
    expect(shown(['He', 'said', '"Octopus,', 'not', 'octopi.'], 'octo')).toBe(
      'He said "[Octo]pus, not [octo]pi.',
    );
    expect(shown(['(OCTOBER)'], 'octo')).toBe('([OCTO]BER)');
  });

  it('marks a whole word whole, with its punctuation, and a phrase as one run', () => {
    expect(shown(['"Octo,', 'octopus'], 'octo')).toBe('["Octo,] [octo]pus');
    expect(shown(['the', 'ice', 'cream,', 'cold'], '"ice cream"')).toBe('the [ice cream,] cold');
    expect(shown(['octopus', 'octopuses'], 'octopus')).toBe('[octopus octopuses]');
  });

  it('marks whole a word matched both whole and as the prefix', () => {
    expect(shown(['octopus', 'octopi'], 'octopus octo')).toBe('[octopus] [octo]pi');
    // A word matched in part next to a word matched whole: two highlights, the space between unmarked.
    expect(shown(['narwhal', 'tusks'], 'narwhal tu')).toBe('[narwhal] [tu]sks');
  });

  it('measures the part through folds that change length, never inside a grapheme', async () => {
    const german = await analyzerFor('de');
    expect(shown(['Straßenbahn'], 'strass', german)).toBe('[Straß]enbahn');
    expect(shown(['„Fußballweltmeisterschaft“'], 'fussballwelt', german)).toBe(
      '„[Fußballwelt]meisterschaft“',
    );
    const french = await analyzerFor('fr');
    expect(shown(['Cafétéria'], 'cafét', french)).toBe('[Cafét]éria');
    // 'e' and a combining acute are one letter: the mark takes both.
    expect(shown(['Cafe\u0301teria'], 'cafe')).toBe('[Cafe\u0301]teria');
    // The ligature 'ﬁ' folds to 'fi': it is marked whole or not at all.
    expect(shown(['ﬁnance'], 'fin')).toBe('[ﬁn]ance');
    expect(shown(['oﬃce'], 'of')).toBe('[oﬃ]ce');
    // Full-width letters fold to ASCII; a zero-width joiner stays with its letter.
    expect(shown(['Ｏｃｔｏｐｕｓ'], 'octo')).toBe('[Ｏｃｔｏ]ｐｕｓ');
    expect(shown(['octo\u200dpus'], 'octop')).toBe('[octo\u200dp]us');
    const turkish = await analyzerFor('tr');
    expect(shown(['İstanbul’da'], 'ist', turkish)).toBe('[İst]anbul’da');
  });

  it('marks right-to-left words by their letters, vowel points included', async () => {
    const arabic = await analyzerFor('ar');
    // Harakat are optional in writing: 'الك' finds 'الْكِتَابُ', and the kasra goes with its kaf.
    expect(shown(['الْكِتَابُ'], 'الك', arabic)).toBe('[الْكِ]تَابُ');
    const hebrew = await analyzerFor('he');
    expect(shown(['שָׁלוֹם,'], 'של', hebrew)).toBe('[שָׁל]וֹם,');
  });

  it('marks the prefix of a segmented word in scripts written without spaces', async () => {
    const japanese = await analyzerFor('ja');
    // One transcript word may hold several index words ('東京', 'の', '空'); any of them may
    // start with the prefix, and only its typed part is marked. A word matched whole marks the
    // transcript word whole, as before.
    expect(japanese.tokenize('東京の空')).toEqual(['東京', 'の', '空']);
    expect(shown(['東京の空'], '東', japanese)).toBe('[東]京の空');
    expect(shown(['東京の空'], '東京', japanese)).toBe('[東京の空]');
    const chinese = await analyzerFor('zh');
    expect(chinese.tokenize('北京大学')).toEqual(['北京', '大学']);
    expect(shown(['北京大学'], '大', chinese)).toBe('北京[大]学');
  });

  it('agrees with the highlights of titles', async () => {
    const title = 'The cafe\u0301terias of Paris';
    const ranges = findQueryRanges(title, parseSearchQuery('cafe', ENGLISH));
    expect(ranges.map((range) => title.slice(range.start, range.end))).toEqual(['cafe\u0301']);
  });
});

describe('prefixLength', () => {
  it('is the whole text when the prefix covers it or the text is not one such token', async () => {
    const german = await analyzerFor('de');
    expect(prefixLength('Straße', 'strass', german)).toBe(5);
    expect(prefixLength('Straße', 'strasse', german)).toBe(6);
    expect(prefixLength('Straße', 'bahn', german)).toBe(6);
    expect(prefixLength('octopus', 'octo', ENGLISH)).toBe(4);
    expect(prefixLength('octopus', '', ENGLISH)).toBe(7);
    expect(prefixLength('ice-cream', 'ic', ENGLISH)).toBe(9);
  });
});
