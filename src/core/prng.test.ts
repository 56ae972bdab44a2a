import { describe, expect, test } from 'vitest';
import { createPrng, seedFromString } from './prng.ts';

describe('createPrng', () => {
  test('equal seeds give equal sequences, and other seeds other ones', () => {
    const sequence = (seed: number) => {
      const prng = createPrng(seed);
      return Array.from({ length: 5 }, () => prng.next());
    };
    expect(sequence(42)).toEqual(sequence(42));
    expect(sequence(42)).not.toEqual(sequence(43));
    expect(sequence(42).every((value) => value >= 0 && value < 1)).toBe(true);
  });

  test('int stays within both bounds, pick within the list, and pick refuses an empty one', () => {
    const prng = createPrng(seedFromString('14.5'));
    const ints = Array.from({ length: 500 }, () => prng.int(3, 6));
    expect(new Set(ints)).toEqual(new Set([3, 4, 5, 6]));
    expect(['a', 'b']).toContain(prng.pick(['a', 'b']));
    expect(() => prng.pick([])).toThrow('non-empty');
    expect(seedFromString('14.5')).toBe(seedFromString('14.5'));
    expect(seedFromString('14.5')).not.toBe(seedFromString('15'));
  });
});
