import { describe, expect, it } from 'vitest';
import {
  joinSegments,
  segmentOf,
  segmentRowId,
  SEGMENT_STRIDE,
  unsegmentedId,
} from './row-segments.ts';
import { speakerTermRowId } from './speech.ts';
import type { TermPostings } from './term-index.ts';

const entry = (term: string, columns: number[][], counts?: number[][]): TermPostings =>
  counts ? { term, columns, counts } : { term, columns };

describe('rows in segments', () => {
  it('keeps every id a table uses apart from the next segment, within safe integers', () => {
    const largest = speakerTermRowId(0xffffffff, 1023);
    expect(largest).toBeLessThan(SEGMENT_STRIDE);
    const id = segmentRowId(largest, 1023);
    expect(Number.isSafeInteger(id)).toBe(true);
    expect(segmentOf(id)).toBe(1023);
    expect(unsegmentedId(id)).toBe(largest);
    expect(segmentOf(segmentRowId(largest, 0))).toBe(0);
  });

  it("appends a later segment's episodes to a term's, per column, with their counts", () => {
    const icy = entry('icy', [[3], [], [], []], [[1], [], [], []]);
    const iced = entry('iced', [[41], [], [], []], [[2], [], [], []]);
    const old = [entry('ice', [[1, 4], [], [2], []], [[1, 2], [], [5], []]), icy];
    const week = [entry('ice', [[], [], [41], [41]], [[], [], [3], [1]]), iced];
    expect(joinSegments([old, week], { counts: true })).toEqual([
      entry('ice', [[1, 4], [], [2, 41], [41]], [[1, 2], [], [5, 3], [1]]),
      icy,
      iced,
    ]);
  });

  it('reads one segment as it is', () => {
    const only = [entry('ice', [[1], [], [], []])];
    expect(joinSegments([only], {})).toEqual(only);
    expect(joinSegments([], {})).toEqual([]);
  });
});
