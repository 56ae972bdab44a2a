// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readInstances } from './write-term-tables.ts';

describe('readInstances', () => {
  it("reads a term's instances from SQLite's group_concat of them, in order", () => {
    const seen: number[][] = [];
    const count = readInstances('honey', '3,0,0,3,2,17,12,2,4,12,2,40', (doc, column, offset) =>
      seen.push([doc, column, offset]),
    );
    expect(count).toBe(4);
    expect(seen).toEqual([
      [3, 0, 0],
      [3, 2, 17],
      [12, 2, 4],
      [12, 2, 40],
    ]);
  });

  it('throws rather than write rows from a list out of order or cut short', () => {
    const visit = (): void => undefined;
    expect(() => readInstances('honey', '5,2,1,3,2,1', visit)).toThrow('"honey" is out of order');
    expect(() => readInstances('honey', '5,2,1,3,2', visit)).toThrow('does not read');
    expect(() => readInstances('honey', '5,2,x', visit)).toThrow('does not read');
    expect(() => readInstances('honey', '5,9,1', visit)).toThrow('names no column 9');
    expect(() => readInstances('honey', '', visit)).toThrow('does not read');
  });
});
