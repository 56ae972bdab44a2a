import { InputError } from '../errors.ts';

/** One CSV record with the 1-based line it starts on. */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/**
 * Parses RFC 4180 CSV (quoted fields, doubled quotes, newlines inside quotes, CRLF or LF, an
 * optional BOM). Blank lines are skipped. An unterminated quote is an error naming the line.
 */
export function parseCsv(file: string, text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let recordLine = 1;
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let quoted = false;
  let quoteLine = 0;
  const endRecord = (): void => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== '') records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
  };
  for (; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          cell += '"';
          index += 1;
        } else {
          quoted = false;
        }
      } else {
        if (char === '\n') line += 1;
        cell += char;
      }
      continue;
    }
    if (char === '"' && cell === '') {
      quoted = true;
      quoteLine = line;
    } else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      cell += char;
    }
  }
  if (quoted) throw new InputError({ file, line: quoteLine }, 'a quoted CSV field is never closed');
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}
