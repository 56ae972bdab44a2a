import { describe, expect, test } from 'vitest';
import { isNotModified, rangeApplies, validatorsFor } from './http-validators.ts';

const MTIME = Date.UTC(2026, 10, 23, 12, 0, 0, 750);
const validators = validatorsFor(5000, MTIME);

describe('validatorsFor', () => {
  test('makes a strong tag from the size and the whole-second time, and an HTTP date', () => {
    expect(validators.etag).toBe(`"${Math.floor(MTIME / 1000).toString(16)}-1388"`);
    expect(validators.lastModified).toBe('Mon, 23 Nov 2026 12:00:00 GMT');
    expect(validatorsFor(5001, MTIME).etag).not.toBe(validators.etag);
    expect(validatorsFor(5000, MTIME + 1000).etag).not.toBe(validators.etag);
  });
});

describe('isNotModified', () => {
  test('matches If-None-Match weakly, in a list, or *', () => {
    expect(isNotModified(validators.etag, undefined, validators)).toBe(true);
    expect(isNotModified(`W/${validators.etag}`, undefined, validators)).toBe(true);
    expect(isNotModified(`"other", ${validators.etag}`, undefined, validators)).toBe(true);
    expect(isNotModified('*', undefined, validators)).toBe(true);
    expect(isNotModified('"other"', undefined, validators)).toBe(false);
  });

  test('reads If-Modified-Since only without If-None-Match, and ignores bad dates', () => {
    expect(isNotModified(undefined, validators.lastModified, validators)).toBe(true);
    expect(isNotModified(undefined, 'Tue, 24 Nov 2026 00:00:00 GMT', validators)).toBe(true);
    expect(isNotModified(undefined, 'Sun, 22 Nov 2026 00:00:00 GMT', validators)).toBe(false);
    expect(isNotModified('"other"', validators.lastModified, validators)).toBe(false);
    expect(isNotModified(undefined, 'yesterday', validators)).toBe(false);
    expect(isNotModified(undefined, undefined, validators)).toBe(false);
  });
});

describe('rangeApplies', () => {
  test('honours a range without If-Range, or with the strong tag or the exact date', () => {
    expect(rangeApplies(undefined, validators)).toBe(true);
    expect(rangeApplies(validators.etag, validators)).toBe(true);
    expect(rangeApplies(validators.lastModified, validators)).toBe(true);
  });

  test('sends the whole file for another tag, a weak tag, another date or garbage', () => {
    expect(rangeApplies('"other"', validators)).toBe(false);
    expect(rangeApplies(`W/${validators.etag}`, validators)).toBe(false);
    expect(rangeApplies('Sun, 22 Nov 2026 00:00:00 GMT', validators)).toBe(false);
    expect(rangeApplies('not a validator', validators)).toBe(false);
  });
});
