import { describe, expect, it } from 'vitest';
import { formatMomentRange, parseMomentRange } from './moment-range.ts';

describe('parseMomentRange', () => {
  it('reads one moment or a range, in seconds or clock times', () => {
    expect(parseMomentRange('754')).toEqual({ start: 754, end: null });
    expect(parseMomentRange('754,771')).toEqual({ start: 754, end: 771 });
    expect(parseMomentRange('12:34,12:51')).toEqual({ start: 754, end: 771 });
    expect(parseMomentRange('1:00:00,3600.5')).toEqual({ start: 3600, end: 3600.5 });
  });

  it('refuses a range that ends before it starts, three parts, or words', () => {
    expect(parseMomentRange('771,754')).toBeNull();
    expect(parseMomentRange('754,754')).toBeNull();
    expect(parseMomentRange('1,2,3')).toBeNull();
    expect(parseMomentRange('754,')).toBeNull();
    expect(parseMomentRange('javascript:alert(1)')).toBeNull();
  });
});

describe('formatMomentRange', () => {
  it('writes whole seconds, and a range that still covers its last word', () => {
    expect(formatMomentRange({ start: 754.9, end: null })).toBe('754');
    expect(formatMomentRange({ start: 754.2, end: 770.1 })).toBe('754,771');
    expect(formatMomentRange({ start: 3.2, end: 3.4 })).toBe('3,4');
  });
});
