import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { loadAnalyzer, type Analyzer } from '../../core/analyzer.ts';
import { FTS_COLUMNS, SCHEMA_SQL } from '../../core/db-schema.ts';
import { prefixesOf } from '../../core/prefix-index.ts';
import { decodeTermRow, termRowId, type TermPostings } from '../../core/term-index.ts';
import { ENGLISH } from '../../core/test-support/analyzers.ts';
import { indexText } from './write-db.ts';
import { writeTermTables } from './write-term-tables.ts';

type Row = [title: string, description: string, words: string, episode: string];

let db: Database.Database | null = null;

function built(rows: readonly Row[], analyzer: Analyzer): Database.Database {
  db = new Database(':memory:');
  db.exec(SCHEMA_SQL);
  const insert = db.prepare(
    'INSERT INTO words_fts (rowid, title, description, words, episode) VALUES (?, ?, ?, ?, ?)',
  );
  rows.forEach((row, index) =>
    insert.run(index + 1, ...row.map((text) => indexText(analyzer, text))),
  );
  db.exec("INSERT INTO words_fts (words_fts) VALUES ('optimize')");
  writeTermTables(db, analyzer);
  return db;
}

afterEach(() => {
  db?.close();
  db = null;
});

/** Every entry of a counted table, by name: episode ids and counts per column. */
function entries(sqlite: Database.Database, table: string, counts: boolean) {
  const found = new Map<string, TermPostings>();
  for (const row of sqlite.prepare<[], { data: Buffer }>(`SELECT data FROM ${table}`).all()) {
    for (const entry of decodeTermRow(row.data, { counts })) found.set(entry.term, entry);
  }
  return found;
}

/**
 * What `search_prefixes` must hold, from `search_terms`: for every prefix of a token that a
 * longer token starts with, per column, each episode of any token starting with it, and how
 * often those tokens occur there (from the words themselves, as FTS5 counts instances).
 */
function expected(sqlite: Database.Database, rows: readonly Row[], analyzer: Analyzer) {
  const terms = [...entries(sqlite, 'search_terms', false).keys()];
  const wanted = new Map<string, Map<string, number>>();
  for (const term of terms) {
    for (const prefix of prefixesOf(term)) {
      if (!terms.some((other) => other !== prefix && other.startsWith(prefix))) continue;
      const counts = wanted.get(prefix) ?? new Map<string, number>();
      wanted.set(prefix, counts);
    }
  }
  rows.forEach((row, index) => {
    row.forEach((text, column) => {
      for (const token of analyzer.tokenize(text)) {
        for (const [prefix, counts] of wanted) {
          if (!token.startsWith(prefix)) continue;
          const key = `${FTS_COLUMNS[column]} ${index + 1}`;
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
      }
    });
  });
  return wanted;
}

function actual(sqlite: Database.Database) {
  const found = new Map<string, Map<string, number>>();
  for (const [prefix, entry] of entries(sqlite, 'search_prefixes', true)) {
    const counts = new Map<string, number>();
    entry.columns.forEach((ids, column) =>
      ids.forEach((id, at) =>
        counts.set(`${FTS_COLUMNS[column]} ${id}`, entry.counts?.[column]?.[at] ?? 0),
      ),
    );
    found.set(prefix, counts);
  }
  return found;
}

describe('search_prefixes', () => {
  it('holds, for every prefix a longer word starts with, the episodes and counts of all its words', () => {
    const rows: Row[] = [
      ['Octopus Octopi', 'October is for octopuses', 'the octopus ate an octagon', '1'],
      ['Cats and categories', 'a cat, a catalogue', 'cat cat category catch', '2'],
      ['Nothing here', 'oct', 'octo', '3'],
      ['Bananas', 'banana bandana band', 'ban bane banana', '4.5'],
    ];
    const sqlite = built(rows, ENGLISH);
    const found = actual(sqlite);
    expect(found).toEqual(expected(sqlite, rows, ENGLISH));
    // 'octo' begins octopus, octopuses, octopi, october (not octagon): episodes 1 and 3.
    expect(found.get('octo')).toEqual(
      new Map([
        ['title 1', 2],
        ['description 1', 2],
        ['words 1', 1],
        ['words 3', 1],
      ]),
    );
    // A word nothing longer starts with has no row: the word itself finds all it finds.
    expect(found.has('octopuses')).toBe(false);
    expect(found.has('cat')).toBe(true);
  });

  it('keys each row by the hash of its prefix, so the site reads one row', () => {
    const sqlite = built([['Octopus', '', '', '1']], ENGLISH);
    const row = sqlite
      .prepare<[number], { data: Buffer }>('SELECT data FROM search_prefixes WHERE id = ?')
      .get(termRowId('octo'));
    expect(row && decodeTermRow(row.data, { counts: true }).map((entry) => entry.term)).toEqual([
      'octo',
    ]);
  });

  it('cuts prefixes as the show’s analyzer cuts words: German compounds, Japanese words', async () => {
    const german = await loadAnalyzer({ version: 2, language: 'de' });
    const rows: Row[] = [
      ['Fußballweltmeisterschaft', 'Straßenbahn und Fußball', 'Fußballspiel', '1'],
      ['Häuser', 'Haustür', 'Hausaufgaben', '2'],
    ];
    const sqlite = built(rows, german);
    const found = actual(sqlite);
    expect(found).toEqual(expected(sqlite, rows, german));
    expect([...(found.get('fussball')?.keys() ?? [])]).toEqual([
      'title 1',
      'description 1',
      'words 1',
    ]);
    expect(found.has('haus')).toBe(true);
    sqlite.close();
    db = null;

    const japanese = await loadAnalyzer({ version: 2, language: 'ja' });
    const jaRows: Row[] = [
      ['東京タワー', '今日は東京で天気がいいです', '東京都と東北', '1'],
      ['大阪', '東', '北海道', '2'],
    ];
    const ja = built(jaRows, japanese);
    const jaFound = actual(ja);
    expect(jaFound).toEqual(expected(ja, jaRows, japanese));
    // One ideograph is a prefix: '東' begins 東京 and 東北.
    expect(jaFound.has('東')).toBe(true);
  });
});
