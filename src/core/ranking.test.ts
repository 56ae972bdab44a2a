import { describe, expect, it } from 'vitest';
import {
  hasPrefixPart,
  matchingEpisodes,
  rankByRelevance,
  rankWholeWordsFirst,
  relevanceScores,
  type PartHits,
} from './ranking.ts';

/** Hits in FTS_COLUMNS order: title, description, words, episode. */
function hits(
  title: Record<number, number> | null,
  description: Record<number, number> | null,
  words: Record<number, number> | null,
): PartHits {
  const map = (counts: Record<number, number> | null) =>
    counts === null ? null : new Map(Object.entries(counts).map(([id, n]) => [Number(id), n]));
  return { columns: [map(title), map(description), map(words), null] };
}

describe('matchingEpisodes', () => {
  it('needs every part, in any field', () => {
    const honey = hits({ 1: 1 }, {}, { 2: 3, 3: 1 });
    const bananas = hits({ 1: 1 }, { 3: 1 }, { 4: 2 });
    expect(matchingEpisodes([honey, bananas])).toEqual(new Set([1, 3]));
    expect(matchingEpisodes([honey])).toEqual(new Set([1, 2, 3]));
    expect(matchingEpisodes([])).toEqual(new Set());
  });
});

describe('rankByRelevance', () => {
  it('ranks a title above a description above a transcript, for the same count', () => {
    const part = hits({ 1: 1 }, { 2: 1 }, { 3: 1 });
    expect(rankByRelevance([part], [1, 2, 3], 100)).toEqual([1, 2, 3]);
  });

  it('ranks more mentions higher, with less for each further one', () => {
    const part = hits({}, {}, { 1: 1, 2: 2, 3: 20 });
    expect(rankByRelevance([part], [1, 2, 3], 100)).toEqual([3, 2, 1]);
    const scores = relevanceScores([part], [1, 2, 3], 100);
    const [one = 0, two = 0, twenty = 0] = [1, 2, 3].map((id) => scores.get(id) ?? 0);
    expect(two - one).toBeGreaterThan((twenty - two) / 18);
    expect(twenty).toBeLessThan(2.2 * one + 1e-9);
  });

  it('weighs a rare word above a common one', () => {
    const rare = hits({}, {}, { 1: 1 });
    const common = hits({}, {}, { 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1 });
    const both = {
      columns: rare.columns.map((column, at) => {
        const other = common.columns[at];
        return column === null ? null : new Map([...column, ...(other ?? [])]);
      }),
    };
    expect(rankByRelevance([rare, common], [2, 1], 10)).toEqual([1, 2]);
    expect(rankByRelevance([both], [2, 1], 10)).toEqual([2, 1]);
  });

  it('puts equal scores newest (highest id) first', () => {
    const part = hits({}, {}, { 4: 1, 9: 1, 6: 1 });
    expect(rankByRelevance([part], [4, 9, 6], 10)).toEqual([9, 6, 4]);
  });
});

describe('whole words before prefix-only matches (issue 27)', () => {
  it('puts episodes that have the whole word first, in either order', () => {
    // 'octo': episode 3 says 'octo' (whole), 5 and 9 only 'octopus' (by the prefix), 5 in its title.
    const octo = { ...hits({ 5: 4 }, {}, { 3: 1, 9: 2 }), whole: new Set([3]) };
    expect(rankWholeWordsFirst([octo], [3, 5, 9])).toEqual([3, 9, 5]);
    expect(rankByRelevance([octo], [3, 5, 9], 100)).toEqual([3, 5, 9]);
    expect(hasPrefixPart([octo])).toBe(true);
    expect(hasPrefixPart([hits({ 1: 1 }, null, null)])).toBe(false);
  });
});
