import { describe, expect, it } from 'vitest';
import { findPhraseInWords } from './phrase-match.ts';
import { keepSaidBy, passageSpeakerCodes } from './said-by.ts';
import { ENGLISH } from './test-support/analyzers.ts';

describe('keepSaidBy', () => {
  const words = ['ice', 'cream', 'ice', 'cream', 'ice', 'cream', 'ice', 'cream'];
  const matches = findPhraseInWords(words, 'ice cream', ENGLISH).matches;
  // Speaker 3 says words 0–2, speaker 5 words 3–5, 'Speaker 1' (-1) word 6, unknown word 7.
  const codes = [3, 3, 3, 5, 5, 5, -1, 0];

  it('keeps the matches one chosen speaker said whole', () => {
    expect(keepSaidBy(matches, codes, [3])).toEqual([{ startWord: 0, endWord: 2 }]);
    expect(keepSaidBy(matches, codes, [5])).toEqual([{ startWord: 4, endWord: 6 }]);
    // 'ice cream' at words 2–3 crosses from speaker 3 to 5: nobody said it whole.
    expect(keepSaidBy(matches, codes, [3, 5])).toHaveLength(2);
  });

  it('keeps every match without a choice, none without speakers', () => {
    expect(keepSaidBy(matches, codes, [])).toHaveLength(matches.length);
    expect(keepSaidBy(matches, null, [3])).toEqual([]);
    expect(keepSaidBy(matches, codes, [0])).toEqual([]);
  });

  it('reads a passage’s speaker runs', () => {
    expect(passageSpeakerCodes([0, 3, 2, -1], 4)).toEqual([3, 3, -1, -1]);
    expect(passageSpeakerCodes(undefined, 4)).toBeNull();
    expect(passageSpeakerCodes([1, 3], 4)).toBeNull();
  });
});
