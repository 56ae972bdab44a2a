import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { FTS_COLUMNS, SCHEMA_SQL } from '../../core/db-schema.ts';
import { decodeTermRow, pairRowId, pairTerm, termEpisodeIds } from '../../core/term-index.ts';
import { ENGLISH } from '../../core/test-support/analyzers.ts';
import { wordsFtsIds } from '../test-support/fts-ids.ts';
import { indexText } from './write-db.ts';
import { TokenSequences } from './write-pair-table.ts';
import { writeTermTables } from './write-term-tables.ts';

type Row = [title: string, description: string, words: string, episode: string];

/** A token longer than the term tables hold (64 UTF-16 units). */
const LONG = 'x'.repeat(70);

const ROWS: Row[] = [
  ['Ice Cream Sunday', 'We talk ice. Cream comes later.', 'ice cream ice cream the ice', '1'],
  ['The cream of ice', `Ice ${LONG} cream, and cream ice, Søren`, 'cream ice cream', '2'],
  ['Narwhals', 'ice', 'cream', '3'],
  ['Cream', 'Ice Ice Baby', 'the the the ice cream', '4.5'],
];

let db: Database.Database | null = null;

function built(rows: readonly Row[]): Database.Database {
  db = new Database(':memory:');
  db.exec(SCHEMA_SQL);
  const insert = db.prepare(
    'INSERT INTO words_fts (rowid, title, description, words, episode) VALUES (?, ?, ?, ?, ?)',
  );
  // As the builder writes it: the analyzer's tokens, separated by spaces.
  rows.forEach((row, index) =>
    insert.run(index + 1, ...row.map((text) => indexText(ENGLISH, text))),
  );
  db.exec("INSERT INTO words_fts (words_fts) VALUES ('optimize')");
  writeTermTables(db, ENGLISH);
  return db;
}

afterEach(() => {
  db?.close();
  db = null;
});

/** What the pair row gives for the pair in the column. */
function pairIds(sqlite: Database.Database, first: string, second: string, column: string) {
  const term = pairTerm(first, second);
  const row = sqlite
    .prepare<[number], { data: Buffer }>('SELECT data FROM search_pairs WHERE id = ?')
    .get(pairRowId(first, second));
  const entries = row ? decodeTermRow(row.data) : [];
  return [...termEpisodeIds(entries, term, [column as (typeof FTS_COLUMNS)[number]])].sort(
    (a, b) => a - b,
  );
}

describe('search_pairs', () => {
  it('answers every pair of words exactly as a words_fts phrase does, in every column', () => {
    const sqlite = built(ROWS);
    const words = [
      ...new Set(ROWS.flatMap((row) => row.flatMap((text) => ENGLISH.tokenize(text)))),
    ];
    const held = words.filter(ENGLISH.inTermTables);
    expect(held).toContain('søren');
    let matched = 0;
    for (const first of held) {
      for (const second of held) {
        for (const column of FTS_COLUMNS) {
          const expected = wordsFtsIds(sqlite, [first, second], [column]);
          expect(pairIds(sqlite, first, second, column), `${first} ${second} in ${column}`).toEqual(
            expected,
          );
          matched += expected.length;
        }
      }
    }
    expect(matched).toBeGreaterThan(20);
  });

  it('never pairs words across a column, or across a token the term tables do not hold', () => {
    const sqlite = built(ROWS);
    // 'sunday' ends the title and 'we' starts the description; a 70-letter token sits between
    // 'ice' and 'cream' in the description of episode 2.
    expect(pairIds(sqlite, 'sunday', 'we', 'description')).toEqual([]);
    expect(pairIds(sqlite, 'sunday', 'we', 'title')).toEqual([]);
    expect(pairIds(sqlite, 'ice', 'cream', 'description')).toEqual([1]);
    expect(pairIds(sqlite, 'cream', 'ice', 'description')).toEqual([2]);
    expect(pairIds(sqlite, 'ice', LONG, 'description')).toEqual([]);
    expect(pairIds(sqlite, 'ice', 'søren', 'description')).toEqual([2]);
    expect(pairIds(sqlite, 'ice', 'cream', 'words')).toEqual([1, 2, 4]);
    expect(pairIds(sqlite, '4', '5', 'episode')).toEqual([4]);
  });

  it('stores each distinct pair once, with rows in id order', () => {
    const sqlite = built(ROWS);
    const rows = sqlite
      .prepare<[], { id: number; data: Buffer }>('SELECT id, data FROM search_pairs')
      .all();
    const terms = rows.flatMap((row) => decodeTermRow(row.data).map((entry) => entry.term));
    expect(new Set(terms).size).toBe(terms.length);
    expect(terms).toContain('ice cream');
    expect(terms).not.toContain(`ice ${LONG}`);
    expect(terms).toContain('ice søren');
    for (const row of rows) {
      for (const entry of decodeTermRow(row.data)) {
        const [first = '', second = ''] = entry.term.split(' ');
        expect(pairRowId(first, second)).toBe(row.id);
      }
    }
  });
});

describe('TokenSequences', () => {
  it('rebuilds columns from instances in any order, and pairs neighbours only', () => {
    const sequences = new TokenSequences();
    const ice = sequences.addTerm('ice');
    const cream = sequences.addTerm('cream');
    // Episode 7, column 2: ice cream _ ice; episode 7, column 0: cream.
    sequences.place(cream, 7, 2, 1);
    sequences.place(ice, 7, 2, 3);
    sequences.place(ice, 7, 2, 0);
    sequences.place(cream, 7, 0, 0);
    sequences.place(ice, 7, 2, 40);
    const pairs: [number, number, number][] = [];
    sequences.forEachPair((first, second, docColumn) => pairs.push([first, second, docColumn]));
    expect(pairs).toEqual([[ice, cream, 7 * FTS_COLUMNS.length + 2]]);
  });

  it('refuses an episode id its 32-bit keys cannot hold, instead of wrapping it', () => {
    const sequences = new TokenSequences();
    const ice = sequences.addTerm('ice');
    expect(() => sequences.place(ice, 2 ** 30, 0, 0)).toThrow(RangeError);
    expect(() => sequences.place(ice, 2 ** 30 - 1, 3, 0)).not.toThrow();
  });
});
