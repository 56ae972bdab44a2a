import { describe, expect, it } from 'vitest';
import { formatClockTime, parseClockTime } from './time-format.ts';

describe('formatClockTime', () => {
  it('shows m:ss under an hour', () => {
    expect(formatClockTime(0)).toBe('0:00');
    expect(formatClockTime(5.9)).toBe('0:05');
    expect(formatClockTime(754)).toBe('12:34');
    expect(formatClockTime(3599)).toBe('59:59');
  });

  it('shows h:mm:ss from an hour on', () => {
    expect(formatClockTime(3600)).toBe('1:00:00');
    expect(formatClockTime(3725)).toBe('1:02:05');
    expect(formatClockTime(36000 + 61)).toBe('10:01:01');
  });

  it('reads nonsense as zero', () => {
    expect(formatClockTime(-3)).toBe('0:00');
    expect(formatClockTime(Number.NaN)).toBe('0:00');
    expect(formatClockTime(Number.POSITIVE_INFINITY)).toBe('0:00');
  });
});

describe('parseClockTime', () => {
  it('reads seconds, m:ss and h:mm:ss', () => {
    expect(parseClockTime('754')).toBe(754);
    expect(parseClockTime('754.5')).toBe(754.5);
    expect(parseClockTime('12:34')).toBe(754);
    expect(parseClockTime('75:02')).toBe(4502);
    expect(parseClockTime('1:02:05')).toBe(3725);
    expect(parseClockTime(' 0:07 ')).toBe(7);
  });

  it('rejects anything else', () => {
    for (const bad of ['', '-5', 'abc', '1:75', '1:60:00', '12:3', '1e3', '::', '1:2:3:4']) {
      expect(parseClockTime(bad), bad).toBeNull();
    }
  });
});
