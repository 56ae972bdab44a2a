// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { packJson, UNPACK_SLICE, unpackJsonInSlices } from './packed-json.ts';

describe('packJson', () => {
  it('packs long arrays of strings and numbers whole, and unpacks the same value', async () => {
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
    expect(await unpackJsonInSlices(posted)).toEqual(value);
  });

  it('leaves short arrays and arrays of mixed items as they are', async () => {
    const mixed: unknown[] = [...Array<string>(100).fill('x'), 'y', 1];
    const { value, transfer } = packJson({ a: [1, 2, 3], b: mixed });
    expect(transfer).toEqual([]);
    expect(await unpackJsonInSlices(value)).toEqual({ a: [1, 2, 3], b: mixed });
  });

  it("unpacks a long transcript's arrays a slice at a time, never all in one task", async () => {
    // 250,000 words with their times, as a 250,000-word transcript posts them.
    const count = 250_000;
    const value = {
      words: Array.from({ length: count }, (_, i) => `w${i % 97}`),
      start: Array.from({ length: count }, (_, i) => i * 40),
    };
    const { value: packed } = packJson(value);
    // Each pause ends a task: the page paints and answers input between them.
    let pauses = 0;
    const pause = (): Promise<void> => {
      pauses += 1;
      return Promise.resolve();
    };
    const unpacked = await unpackJsonInSlices(packed, pause);
    expect(unpacked).toEqual(value);
    // A pause every UNPACK_SLICE items of each array (at 50,000, 100,000, … 200,000 of 250,000).
    expect(UNPACK_SLICE).toBe(50_000);
    expect(pauses).toBe(2 * 4);
  });
});
