import { describe, expect, it } from 'vitest';
import {
  closestTerm,
  completionsOf,
  editDistance,
  groupTermLists,
  nearestTerms,
  neighbourListId,
  parseTermList,
  prefixListId,
  SHORT_PREFIXES_ID,
} from './term-lists.ts';

const frequencies = new Map([
  ['submarine', 40],
  ['submarines', 12],
  ['subway', 30],
  ['sugar', 50],
  ['such', 90],
  ['summer', 20],
  ['summit', 1],
  ['sunday', 18],
  ['narwhal', 5],
  ['14', 99],
  ['søren', 9],
]);

describe('prefixListId and neighbourListId', () => {
  it('keys 2-character prefixes to one row and longer ones by their first three', () => {
    expect(prefixListId('su')).toBe(SHORT_PREFIXES_ID);
    expect(prefixListId('sub')).toBe(prefixListId('submar'));
    expect(prefixListId('sub')).not.toBe(prefixListId('sug'));
    expect(prefixListId('s')).toBeNull();
    expect(prefixListId('1a')).toBeNull();
  });

  it('keys prefixes of other scripts by a hash of their first two or three characters', () => {
    const soren = prefixListId('søren');
    expect(soren).not.toBeNull();
    expect(soren).toBe(prefixListId('sør'));
    expect(soren).not.toBe(prefixListId('sub'));
    expect(prefixListId('東京')).not.toBe(prefixListId('東京都'));
    expect(prefixListId('東京都')).toBe(prefixListId('東京都庁'));
    expect(prefixListId('東')).toBeNull();
    expect(neighbourListId('東京')).not.toBeNull();
    expect(neighbourListId('東京')).not.toBe(neighbourListId('東京都'));
  });

  it('keys neighbours by first character and length', () => {
    expect(neighbourListId('submarine')).toBe(neighbourListId('sxxxxxxxx'));
    expect(neighbourListId('submarine')).not.toBe(neighbourListId('submarines'));
    expect(neighbourListId('14')).toBeNull();
  });
});

describe('groupTermLists', () => {
  const rows = groupTermLists(frequencies);
  const row = (id: number | null): string[] =>
    (id === null ? [] : (rows.get(id) ?? [])).map(([term]) => term);

  it('lists each prefix most frequent first, and every 2-character prefix in one row', () => {
    expect(row(prefixListId('sub'))).toEqual(['submarine', 'subway', 'submarines']);
    expect(row(SHORT_PREFIXES_ID)).toEqual([
      'such',
      'sugar',
      'submarine',
      'subway',
      'summer',
      'narwhal',
    ]);
    expect(completionsOf(rows.get(SHORT_PREFIXES_ID) ?? [], 'su', 8)).toEqual([
      'such',
      'sugar',
      'submarine',
      'subway',
      'summer',
    ]);
    expect(completionsOf(rows.get(prefixListId('sub') ?? -1) ?? [], 'subm', 8)).toEqual([
      'submarine',
      'submarines',
    ]);
  });

  it('puts every word in the neighbour rows of lengths within two of its own', () => {
    const typo = 'submarnie';
    const list = rows.get(neighbourListId(typo) ?? -1) ?? [];
    expect(nearestTerms(list, typo, 5)).toEqual(['submarine', 'submarines']);
    expect(row(neighbourListId('summat'))).toContain('summit');
    expect(row(neighbourListId('sunda'))).toContain('sunday');
    expect(row(neighbourListId('su'))).not.toContain('sunday');
  });

  it('parses a row and skips entries of the wrong shape', () => {
    expect(parseTermList('{"v":1,"terms":[["a",2],["b"],3,["c",1]]}')).toEqual([
      ['a', 2],
      ['c', 1],
    ]);
    expect(() => parseTermList('[1]')).toThrow('not a term list');
  });
});

describe('editDistance', () => {
  it('counts inserts, deletes, substitutions and adjacent swaps, capped past the maximum', () => {
    expect(editDistance('submarine', 'submarine')).toBe(0);
    expect(editDistance('submarine', 'submarnie')).toBe(1);
    expect(editDistance('submarine', 'sbmarin')).toBe(2);
    expect(editDistance('honey', 'money')).toBe(1);
    expect(editDistance('cat', 'dogs')).toBe(3);
    expect(editDistance('a', 'abcdef')).toBe(3);
  });
});

describe('closestTerm (typos, decision 0035)', () => {
  const list: [string, number][] = [
    ['bandana', 90],
    ['bananas', 40],
    ['banana', 30],
    ['bane', 5],
  ];

  it('takes the fewest edits, then the most frequent', () => {
    // 'bananna': banana is 1 edit (a deletion), bananas 2, bandana 2 and more frequent.
    expect(closestTerm(list, 'bananna')).toBe('banana');
    expect(closestTerm(list, 'bnaana')).toBe('banana');
    expect(
      closestTerm(
        [
          ['bandana', 9],
          ['bananas', 8],
        ],
        'bananna',
      ),
    ).toBe('bandana');
  });

  it('gives nothing beyond two edits, and never the word itself', () => {
    expect(closestTerm(list, 'bbbbbbb')).toBeNull();
    expect(closestTerm([['banana', 3]], 'banana')).toBeNull();
    expect(closestTerm([], 'banana')).toBeNull();
  });
});
