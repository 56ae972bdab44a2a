import { describe, expect, it } from 'vitest';
import {
  decodeTermRow,
  encodeTermRow,
  pairRowId,
  pairTerm,
  termEpisodeIds,
  termRowId,
  TermRowError,
  type TermPostings,
} from './term-index.ts';
import { ENGLISH, LEGACY_ENGLISH } from './test-support/analyzers.ts';

describe('which tokens the term tables hold', () => {
  it('holds every token of up to 64 UTF-16 units since the builder tokenizes (version 2)', () => {
    for (const token of ['narwhal', '14', 'søren', 'łodz', '東京', 'strasse', 'ılık']) {
      expect(ENGLISH.inTermTables(token), token).toBe(true);
    }
    expect(ENGLISH.inTermTables('a'.repeat(64))).toBe(true);
    expect(ENGLISH.inTermTables('a'.repeat(65))).toBe(false);
    expect(ENGLISH.inTermTables('')).toBe(false);
  });

  it('holds only plain ASCII tokens in a database SQLite tokenized (version 1)', () => {
    expect(LEGACY_ENGLISH.inTermTables('narwhal')).toBe(true);
    expect(LEGACY_ENGLISH.inTermTables('a'.repeat(65))).toBe(false);
    for (const token of LEGACY_ENGLISH.tokenize('søren Łódź 東京 ıstanbul')) {
      if (!/^[a-z0-9]+$/.test(token)) expect(LEGACY_ENGLISH.inTermTables(token), token).toBe(false);
    }
  });
});

describe('termRowId', () => {
  it('is 32-bit FNV-1a, so the builder and the browser agree', () => {
    expect(termRowId('')).toBe(0x811c9dc5);
    expect(termRowId('a')).toBe(0xe40c292c);
    expect(termRowId('foobar')).toBe(0xbf9cf968);
  });

  it('hashes the UTF-8 bytes of a term in any script', () => {
    // FNV-1a of 0xc3 0xa9 ('é' in UTF-8), computed by hand.
    let hash = 0x811c9dc5;
    for (const byte of [0xc3, 0xa9]) hash = Math.imul(hash ^ byte, 0x01000193);
    expect(termRowId('é')).toBe(hash >>> 0);
    expect(termRowId('東京')).not.toBe(termRowId('京東'));
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

  it('round-trips terms in any script as UTF-8', () => {
    const entries: TermPostings[] = [
      { term: 'häuser', columns: [[1], [], [2], []] },
      { term: '東京', columns: [[], [], [7], []] },
      { term: '今日 は', columns: [[], [], [7], []] },
    ];
    const bytes = encodeTermRow(entries);
    expect(decodeTermRow(bytes)).toEqual(entries);
    // 'häuser': 7 bytes (ä is two), after its one-byte length.
    expect([...bytes.subarray(0, 8)]).toEqual([7, 0x68, 0xc3, 0xa4, 0x75, 0x73, 0x65, 0x72]);
  });

  it('refuses what it cannot store', () => {
    expect(() => encodeTermRow([{ term: '', columns: [[], [], [], []] }])).toThrow(TermRowError);
    expect(() => encodeTermRow([{ term: 'a'.repeat(65), columns: [[], [], [], []] }])).toThrow(
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
    // A term that is not UTF-8.
    expect(() => decodeTermRow(Uint8Array.from([1, 0xff, 0, 0, 0, 0]))).toThrow(TermRowError);
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
    expect(() => encodeTermRow([{ ...entry, term: 'ice cream cone' }])).toThrow(TermRowError);
  });
});
