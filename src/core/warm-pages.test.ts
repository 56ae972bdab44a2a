import { describe, expect, test } from 'vitest';
import { MAX_WARM_PAGES, pageRuns, pagesOfRuns } from './warm-pages.ts';

describe('pageRuns', () => {
  test('consecutive pages become one run; order and repeats do not matter', () => {
    expect(pageRuns([13, 1, 2, 11, 12, 2, 92])).toEqual([
      [1, 2],
      [11, 3],
      [92, 1],
    ]);
    expect(pagesOfRuns(pageRuns([13, 1, 2, 11, 12, 92]))).toEqual([1, 2, 11, 12, 13, 92]);
  });

  test('no page 0, no fraction, no negative, and never more than the cap', () => {
    expect(pageRuns([0, -3, 1.5, Number.NaN, 4])).toEqual([[4, 1]]);
    expect(pagesOfRuns([[1, 1e9]])).toHaveLength(MAX_WARM_PAGES);
    expect(pagesOfRuns([[1, Number.POSITIVE_INFINITY]])).toEqual([]);
    const many = Array.from({ length: 1000 }, (_, at) => at * 2 + 1);
    expect(pagesOfRuns(pageRuns(many))).toHaveLength(MAX_WARM_PAGES);
    expect(pageRuns(many, 3)).toEqual([
      [1, 1],
      [3, 1],
      [5, 1],
    ]);
  });
});
