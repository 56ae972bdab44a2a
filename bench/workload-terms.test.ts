import { describe, expect, it } from 'vitest';
import { OPERATIONS } from './operations.ts';
import type { Workload } from './prepare.ts';
import { chooseRareWord, formsByStem, stemHitsMatch } from './workload-terms.ts';
import { parseSearchQuery } from '../src/core/search-query.ts';
import { ENGLISH } from '../src/core/test-support/analyzers.ts';

describe('chooseRareWord', () => {
  it('skips a word in few episodes whose other forms are in many: the search finds them all', () => {
    // On the scale corpus 'kimonos' is in 3 episodes and 'kimono' in 8: an unquoted search of
    // 'kimonos' finds 11, a full page of scattered snippets, not a rare word's.
    // By exact forms alone, 'kimonos' is the middle of the three rare words.
    const vocab = [
      { term: 'apricots', doc: 3 },
      { term: 'kimono', doc: 8 },
      { term: 'kimonos', doc: 3 },
      { term: 'longshanks', doc: 3 },
    ];
    expect(chooseRareWord(vocab, ENGLISH.stem)).toBe('longshanks');
  });

  it('counts every form of the stem, and keeps words of at least 7 letters a–z', () => {
    const vocab = [
      { term: 'lanterns', doc: 2 },
      { term: 'lantern', doc: 2 },
      { term: 'abc', doc: 3 },
      { term: 'café123', doc: 3 },
      { term: 'rarely', doc: 1 },
    ];
    // 'lanterns' and 'lantern' are in at most 4 episodes in all: both are rare.
    expect(chooseRareWord(vocab, ENGLISH.stem)).toBe('lanterns');
    expect(chooseRareWord([{ term: 'zeppelin', doc: 1 }], ENGLISH.stem)).toBeNull();
  });
});

describe('stemHitsMatch', () => {
  it('asks for every indexed form of the stem in every column', () => {
    const forms = formsByStem(
      [
        { term: 'kimono', doc: 8 },
        { term: 'kimonos', doc: 3 },
      ],
      ENGLISH.stem,
    );
    expect(stemHitsMatch('kimonos', forms, ['title', 'words'], ENGLISH.stem)).toBe(
      'title:"kimono" OR title:"kimonos" OR words:"kimono" OR words:"kimonos"',
    );
    expect(stemHitsMatch('zebra', forms, ['words'], ENGLISH.stem)).toBe('words:"zebra"');
  });
});

describe('the snippet operations', () => {
  const workload: Workload = {
    rare: 'longshanks',
    common: 'the',
    phrase: 'ice cream',
    stemmed: 'lieutenants',
    typo: 'lonsghanks',
    allFields: 'uglier',
    transcript: { id: 1, episode: '1', title: 'One', words: 9000 },
    hits: {},
  };
  const termOf = (id: string): string => {
    const operation = OPERATIONS.find((candidate) => candidate.id === id);
    const query = operation?.query(workload, 'trawl');
    if (!query || query.kind !== 'snippets') throw new Error(`${id} has no snippet query`);
    return query.term;
  };

  it('searches the phrase as a phrase, as search-phrase does', () => {
    expect(parseSearchQuery(termOf('snippets-phrase'), ENGLISH).parts).toEqual([
      { kind: 'phrase', tokens: ['ice', 'cream'] },
    ]);
    const search = OPERATIONS.find((candidate) => candidate.id === 'search-phrase');
    expect(search?.query(workload, 'trawl')).toEqual({ kind: 'search', term: '"ice cream"' });
  });

  it('searches the rare and the common word unquoted', () => {
    expect(termOf('snippets-rare')).toBe('longshanks');
    expect(termOf('snippets-common')).toBe('the');
  });
});
