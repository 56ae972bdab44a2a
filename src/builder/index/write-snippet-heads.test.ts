import { describe, expect, it } from 'vitest';
import { buildPassages } from '../../core/passages.ts';
import { phraseQuery, type ParsedQuery } from '../../core/search-query.ts';
import { buildEpisodeSnippets, type PassageText } from '../../core/snippets.ts';
import { ENGLISH } from '../../core/test-support/analyzers.ts';
import { cutEpisode } from './snippet-cut.ts';

/** A transcript's passages as the blocks hold them. */
function passagesOf(words: string[]): PassageText[] {
  const times = words.map((_, index) => index * 50);
  return buildPassages(words, times, ENGLISH).map(({ span, data }, index) => ({
    id: -1000 + index,
    episodeId: 7,
    firstWord: span.firstWord,
    data,
  }));
}

const word = (key: string): ParsedQuery => ({
  parts: [{ kind: 'word', token: key, stem: key }],
  analyzer: ENGLISH,
});

/** The ready-made entry of `key` against the site's cutter over every passage. */
function expectAsTheSite(words: string[], key: string, query: ParsedQuery): void {
  const passages = passagesOf(words);
  const ready = cutEpisode(7, passages, new Map([[key, { query }]]), ENGLISH).get(key);
  const site = buildEpisodeSnippets(7, passages, query, 0);
  expect(ready?.windows.map((window) => [window.fromWord, window.words.join(' ')])).toEqual(
    site.snippets.map((snippet) => [
      snippet.fromWord,
      words.slice(snippet.fromWord, snippet.toWord).join(' '),
    ]),
  );
  expect(ready?.more).toBe(site.more?.count ?? 0);
}

const filler = (count: number, from = 0): string[] =>
  Array.from({ length: count }, (_, index) => `w${from + index}`);

describe('cutEpisode', () => {
  it('counts matches after a many-token word on a passage boundary once', () => {
    // 'state-of-the-art' is four tokens across the boundary at token 96; two cats follow it
    // within the tokens the next passage shares with this one.
    const words = [
      ...filler(3),
      'cat.',
      ...filler(26, 3),
      'cat.',
      ...filler(29, 29),
      'cat.',
      ...filler(32, 58),
      'state-of-the-art',
      ...filler(12, 90),
      'cat',
      'y',
      'cat',
      ...filler(120, 102),
    ];
    expectAsTheSite(words, 'cat', word('cat'));
  });

  it('shows three windows when the first matches crowd into one', () => {
    const words = [
      ...filler(5),
      ...Array.from({ length: 12 }, () => 'no'),
      ...filler(80, 5),
      'no',
      ...filler(80, 85),
      'no',
      ...filler(40, 165),
    ];
    expectAsTheSite(words, 'no', word('no'));
  });

  it('counts a pair inside a word and one across words as two', () => {
    // Three windows first, so the last two matches are counted, not shown.
    const words = [
      ...filler(10),
      'ha',
      'ha',
      ...filler(100, 10),
      'ha',
      'ha',
      ...filler(100, 110),
      'ha',
      'ha',
      ...filler(100, 210),
      'ha-ha',
      'ha',
      ...filler(20, 310),
    ];
    expectAsTheSite(words, 'ha ha', phraseQuery(['ha', 'ha'], ENGLISH));
  });
});
