import { describe, expect, it } from 'vitest';
import {
  decodeTermRow,
  encodeTermRow,
  isIndexedToken,
  pairRowId,
  pairTerm,
  termEpisodeIds,
  termRowId,
  TermRowError,
  type TermPostings,
} from './term-index.ts';
import { tokenize } from './tokenizer.ts';

describe('isIndexedToken', () => {
  it('takes folded ASCII letters and digits, up to 64 of them', () => {
    expect(isIndexedToken('narwhal')).toBe(true);
    expect(isIndexedToken('14')).toBe(true);
    expect(isIndexedToken('a'.repeat(64))).toBe(true);
    expect(isIndexedToken('a'.repeat(65))).toBe(false);
    expect(isIndexedToken('')).toBe(false);
  });

  it('leaves to words_fts every token FTS5 might fold differently', () => {
    for (const token of tokenize('søren Łódź 東京 straße ıstanbul')) {
      expect(isIndexedToken(token), token).toBe(false);
    }
    expect(isIndexedToken('Narwhal')).toBe(false);
  });
});

describe('termRowId', () => {
  it('is 32-bit FNV-1a, so the builder and the browser agree', () => {
    expect(termRowId('')).toBe(0x811c9dc5);
    expect(termRowId('a')).toBe(0xe40c292c);
    expect(termRowId('foobar')).toBe(0xbf9cf968);
  });
});

describe('encodeTermRow and decodeTermRow', () => {
  const narwhal: TermPostings = { term: 'narwhal', columns: [[], [3], [1, 2, 300, 70000], []] };
  const other: TermPostings = { term: 'x9', columns: [[5], [], [], [2 ** 40]] };

  it('round-trips the terms of one row, collisions included', () => {
    const bytes = encodeTermRow([narwhal, other]);
    expect(decodeTermRow(bytes)).toEqual([narwhal, other]);
  });

  it('stores small gaps in one byte each', () => {
    const ids = Array.from({ length: 600 }, (_, index) => index + 1);
    const bytes = encodeTermRow([{ term: 'the', columns: [[], [], ids, []] }]);
    expect(bytes.length).toBe(1 + 3 + 1 + 1 + 2 + 600 + 1);
  });

  it('refuses what it cannot store', () => {
    expect(() => encodeTermRow([{ term: 'Søren', columns: [[], [], [], []] }])).toThrow(
      TermRowError,
    );
    expect(() => encodeTermRow([{ term: 'a1', columns: [[2, 1], [], [], []] }])).toThrow(
      /ascending/,
    );
    expect(() => encodeTermRow([{ term: 'a1', columns: [[1]] }])).toThrow(/4 columns/);
  });

  it('rejects damaged rows with an error, never a wrong answer or a hang', () => {
    const bytes = encodeTermRow([narwhal]);
    for (let length = 1; length < bytes.length; length += 1) {
      expect(() => decodeTermRow(bytes.subarray(0, length)), `first ${length} bytes`).toThrow(
        TermRowError,
      );
    }
    expect(() => decodeTermRow(Uint8Array.from([200]))).toThrow(TermRowError);
    expect(() => decodeTermRow(new Uint8Array(12).fill(0xff))).toThrow(TermRowError);
    expect(decodeTermRow(new Uint8Array(0))).toEqual([]);
  });
});

describe('termEpisodeIds', () => {
  const entries: TermPostings[] = [
    { term: 'cat', columns: [[1], [2], [2, 3], []] },
    { term: 'dog', columns: [[9], [], [], []] },
  ];

  it('unites the checked columns of the wanted term only', () => {
    expect(termEpisodeIds(entries, 'cat', ['title', 'words'])).toEqual(new Set([1, 2, 3]));
    expect(termEpisodeIds(entries, 'cat', ['episode'])).toEqual(new Set());
    expect(termEpisodeIds(entries, 'dog', ['title', 'description', 'words', 'episode'])).toEqual(
      new Set([9]),
    );
    expect(termEpisodeIds(entries, 'cow', ['title'])).toEqual(new Set());
  });
});

describe('pair rows', () => {
  it('names a pair by its two tokens and keys it by the top 20 bits of its hash', () => {
    expect(pairTerm('ice', 'cream')).toBe('ice cream');
    expect(pairRowId('ice', 'cream')).toBe(termRowId('ice cream') >>> 12);
    expect(pairRowId('ice', 'cream')).toBeLessThan(2 ** 20);
    expect(pairRowId('ice', 'cream')).not.toBe(pairRowId('cream', 'ice'));
  });

  it('encodes pairs of indexed tokens and refuses anything else', () => {
    const entry = { term: 'ice cream', columns: [[1], [], [2, 9], []] };
    expect(decodeTermRow(encodeTermRow([entry]))).toEqual([entry]);
    expect(() => encodeTermRow([{ ...entry, term: 'ice  cream' }])).toThrow(TermRowError);
    expect(() => encodeTermRow([{ ...entry, term: 'ice søren' }])).toThrow(TermRowError);
    expect(() => encodeTermRow([{ ...entry, term: 'ice cream cone' }])).toThrow(TermRowError);
  });
});
