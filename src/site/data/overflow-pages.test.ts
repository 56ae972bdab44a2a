// @vitest-environment node
/* eslint-disable no-restricted-imports --
 * Node only: SQLite itself (better-sqlite3) says how many overflow pages a row takes. */
import Database from 'better-sqlite3';
import { describe, expect, test } from 'vitest';
import { overflowPages } from './http-pages.ts';

const PAGE = 16 * 1024;

/** The overflow pages SQLite gives one `transcripts`-like row holding a blob of `length` bytes. */
function sqliteOverflow(length: number): number {
  const db = new Database(':memory:');
  try {
    db.pragma(`page_size = ${PAGE}`);
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, data BLOB NOT NULL)');
    db.prepare('INSERT INTO t VALUES (1, ?)').run(Buffer.alloc(length, 7));
    const row = db
      .prepare<[], { n: number }>(
        "SELECT count(*) AS n FROM dbstat WHERE name = 't' AND pagetype = 'overflow'",
      )
      .get();
    return row?.n ?? -1;
  } finally {
    db.close();
  }
}

/** The record's header: its length, the rowid alias's NULL, the blob's serial type (a varint). */
function payloadOf(length: number): number {
  const type = length * 2 + 12;
  return length + 2 + (type < 2 ** 7 ? 1 : type < 2 ** 14 ? 2 : 3);
}

describe('overflowPages (decision 0056)', () => {
  test('counts the overflow pages SQLite writes for a row, at and around every boundary', () => {
    const lengths = [
      100, 16_300, 16_340, 16_350, 18_400, 40_000, 116_600, 116_700, 122_313, 144_010,
    ];
    for (const length of lengths) {
      expect({ length, pages: overflowPages(payloadOf(length), PAGE) }).toEqual({
        length,
        pages: sqliteOverflow(length),
      });
    }
  });
});
