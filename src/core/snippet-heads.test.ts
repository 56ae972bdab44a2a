import { describe, expect, it } from 'vitest';
import {
  decodeHeadRow,
  encodeHeadRow,
  headRowId,
  joinKeyHeads,
  type HeadEntry,
} from './snippet-heads.ts';
import { termRowId } from './term-index.ts';

const window = {
  fromWord: 40,
  matchWord: 43,
  timeCs: 12_345,
  speaker: -2,
  cutBefore: false,
  cutAfter: true,
  words: ['We', 'had', 'some', 'ice', 'cream,', 'New\u00a0York', '"style".'],
};

const entry: HeadEntry = {
  key: 'ice cream',
  from: 12,
  episodes: [
    {
      episodeId: 14,
      more: 2,
      windows: [window],
    },
    { episodeId: 20, more: 0, windows: [] },
  ],
};

describe('snippet head rows', () => {
  it('read back what was written, a word with a space in it included', () => {
    const withSpace: HeadEntry = {
      ...entry,
      episodes: [
        {
          episodeId: 3,
          more: 0,
          windows: [{ ...window, words: ['New York', 'ice', 'cream'] }],
        },
      ],
    };
    expect(decodeHeadRow(encodeHeadRow([entry]))).toEqual([entry]);
    expect(decodeHeadRow(encodeHeadRow([withSpace]))?.[0]?.episodes[0]?.windows[0]?.words).toEqual([
      'New\u00a0York',
      'ice',
      'cream',
    ]);
  });

  it('turn anything that is not a row into null', () => {
    expect(decodeHeadRow('not json')).toBeNull();
    expect(decodeHeadRow('{"k":"a"}')).toBeNull();
    expect(decodeHeadRow('[{"k":"a","f":-1,"e":[]}]')).toBeNull();
    expect(decodeHeadRow('[{"k":"a","f":0,"e":[[1,0,[[0,0,0,0,0]]]]}]')).toBeNull();
  });

  it('are keyed by the hash the term tables use', () => {
    expect(headRowId('cream')).toBe(termRowId('cream'));
    expect(headRowId('ice cream')).toBe(termRowId('ice cream'));
  });
});

describe('joinKeyHeads', () => {
  const episodes = (ids: number[], more = 0): HeadEntry['episodes'] =>
    ids.map((episodeId) => ({ episodeId, more, windows: [] }));
  // A full build's row: the newest 10 of 14 transcripts (ids 11–50), from the oldest of them.
  const full: HeadEntry = {
    key: 'cream',
    from: 30,
    episodes: episodes([30, 32, 34, 36, 38, 40, 42, 44, 46, 50]),
  };

  it('keeps a full build row as it is', () => {
    const joined = joinKeyHeads([[full, entry]], 'cream');
    expect([...(joined?.episodes.keys() ?? [])]).toEqual([30, 32, 34, 36, 38, 40, 42, 44, 46, 50]);
    expect(joined?.coveredFrom).toBe(30);
  });

  it('joins a resumed build row of new transcripts: the newest ten of both, from the tenth', () => {
    const resumed: HeadEntry = { key: 'cream', from: 0, episodes: episodes([52, 53], 1) };
    const joined = joinKeyHeads([[full], [resumed]], 'cream');
    expect([...(joined?.episodes.keys() ?? [])]).toEqual([34, 36, 38, 40, 42, 44, 46, 50, 52, 53]);
    expect(joined?.coveredFrom).toBe(34);
    expect(joined?.episodes.get(53)?.more).toBe(1);
  });

  it('covers from the highest bound when a resumed row holds more than ten new transcripts', () => {
    const ids = Array.from({ length: 10 }, (_, index) => 60 + index);
    const resumed: HeadEntry = { key: 'cream', from: 60, episodes: episodes(ids) };
    const joined = joinKeyHeads([[full], [resumed]], 'cream');
    expect([...(joined?.episodes.keys() ?? [])]).toEqual(ids);
    expect(joined?.coveredFrom).toBe(60);
  });

  it('leaves out keys of the same row id and is null without the key', () => {
    expect(joinKeyHeads([[entry]], 'cream')).toBeNull();
    expect(joinKeyHeads([], 'cream')).toBeNull();
    const few: HeadEntry = { key: 'cream', from: 0, episodes: episodes([3, 9]) };
    expect(joinKeyHeads([[few]], 'cream')?.coveredFrom).toBe(0);
  });
});
