import { describe, expect, it } from 'vitest';
import { formatNumber, formatRatio, median, medianMeasure, ratio, toKb } from './stats.ts';

describe('median', () => {
  it('takes the middle value of an odd count, whatever the order', () => {
    expect(median([300, 100, 200])).toBe(200);
  });

  it('averages the middle two of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('is NaN for no values', () => {
    expect(median([])).toBeNaN();
  });

  it('takes each field of a measure on its own', () => {
    expect(
      medianMeasure([
        { requests: 5, kb: 80, ms: 700 },
        { requests: 4, kb: 96, ms: 650 },
        { requests: 6, kb: 64, ms: 900 },
      ]),
    ).toEqual({ requests: 5, kb: 80, ms: 700 });
  });
});

describe('ratio', () => {
  it('divides the baseline by Trawl', () => {
    expect(ratio(28_600, 48)).toBeCloseTo(595.8, 1);
  });

  it('is infinite when Trawl read nothing and the baseline did, 1 when neither did', () => {
    expect(ratio(12, 0)).toBe(Number.POSITIVE_INFINITY);
    expect(ratio(0, 0)).toBe(1);
  });
});

describe('formatting', () => {
  it('counts kilobytes of 1024 bytes', () => {
    expect(toKb(16_384)).toBe(16);
  });

  it('shows one decimal below 100 and none above', () => {
    expect(formatNumber(12.345)).toBe('12.3');
    expect(formatNumber(123.4)).toBe('123');
    expect(formatNumber(4)).toBe('4');
    expect(formatNumber(null)).toBe('–');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('∞');
  });

  it('shows ratios with a times sign', () => {
    expect(formatRatio(595.8)).toBe('596×');
    expect(formatRatio(3.14)).toBe('3.1×');
    expect(formatRatio(Number.POSITIVE_INFINITY)).toBe('∞');
    expect(formatRatio(undefined)).toBe('–');
  });
});
