// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { packJson, unpackJson } from './packed-json.ts';

describe('packJson', () => {
  it('packs long arrays of strings and numbers whole, and unpacks the same value', () => {
    const words = Array.from({ length: 500 }, (_, i) => (i % 7 === 0 ? '教育' : `w${i}é`));
    const value = {
      v: 2,
      words: [...words, ''],
      gap: Array.from({ length: 501 }, (_, i) => i * 0.5 - 3),
      short: [1, 'two', null],
      chapters: [{ start: 1, title: 'A' }],
      nested: { packed: 'numbers', values: [1, 2] },
    };
    const { value: packed, transfer } = packJson(value);
    // The words are one string, the times one typed array: two buffers to transfer.
    expect(transfer).toHaveLength(2);
    const posted = structuredClone(packed, { transfer });
    expect(unpackJson(posted)).toEqual(value);
  });

  it('leaves short arrays and arrays of mixed items as they are', () => {
    const mixed: unknown[] = [...Array<string>(100).fill('x'), 'y', 1];
    const { value, transfer } = packJson({ a: [1, 2, 3], b: mixed });
    expect(transfer).toEqual([]);
    expect(unpackJson(value)).toEqual({ a: [1, 2, 3], b: mixed });
  });
});
