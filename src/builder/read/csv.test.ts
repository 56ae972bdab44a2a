import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.ts';

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and newlines, CRLF, a BOM, and skips blank lines', () => {
    const text =
      '\uFEFFid,name\r\n1,"Theatre Royal, Main Stage"\r\n\r\n2,"The ""Best"" Pub"\n3,"Two\nlines"\n';
    expect(parseCsv('venues.csv', text)).toEqual([
      { line: 1, cells: ['id', 'name'] },
      { line: 2, cells: ['1', 'Theatre Royal, Main Stage'] },
      { line: 4, cells: ['2', 'The "Best" Pub'] },
      { line: 5, cells: ['3', 'Two\nlines'] },
    ]);
  });

  it('reads a last line without a newline and empty cells', () => {
    expect(parseCsv('x.csv', 'a,b,c\n1,,3')).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['1', '', '3'] },
    ]);
  });

  it('rejects an unterminated quote, naming the line it opened on', () => {
    expect(() => parseCsv('/p/venues.csv', 'id,name\n1,"open\n2,x\n')).toThrow(
      /venues\.csv:2: a quoted CSV field is never closed/,
    );
  });
});
