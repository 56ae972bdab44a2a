// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { FTS_COLUMNS, type FtsColumn } from '../../core/db-schema.ts';
import { buildFtsQuery } from '../../core/fts-query.ts';
import { parseSearchQuery } from '../../core/search-query.ts';
import { decodeTermRow, termRowId } from '../../core/term-index.ts';
import { loadEpisodes, SEARCH_STEMS_SQL, searchEpisodes } from './queries.ts';
import { openFixtureDatabase, fixtureDatabaseForFile } from './test-support/fixture-database.ts';
import { ENGLISH } from '../../core/test-support/analyzers.ts';

// Unquoted words by stem, all of them, in any field (decision 0009), on the database the real
// builder makes from its fixture podcast (episodes 1, 2, 3, 4, 5, 14.5 and 15; ids 1–7).
const fixture = fixtureDatabaseForFile();

async function search(
  term: string,
  fields: readonly FtsColumn[] = FTS_COLUMNS,
  database = fixture.database,
): Promise<string[]> {
  const { ids } = await searchEpisodes(database, parseSearchQuery(term, ENGLISH), fields);
  const episodes = await loadEpisodes(database);
  return episodes.filter((episode) => ids.has(episode.id)).map((episode) => episode.episode);
}

describe('searchEpisodes', () => {
  it('finds other forms of an unquoted word, and only the exact form of a quoted one', async () => {
    expect(await search('octopuses', ['title'])).toEqual(['1']);
    expect(await search('octopus', ['words'])).toEqual(['1']);
    expect(await search('"octopus"', ['words'])).toEqual([]);
    expect(await search('"octopuses"', ['words'])).toEqual(['1']);
    expect(await search('narwhals')).toEqual(['14.5']);
  });

  it('needs every unquoted word, in any field and any order', async () => {
    expect(await search('narwhal cream')).toEqual(['14.5']);
    expect(await search('cream ice')).toEqual(['15', '14.5']);
    expect(await search('"cream ice"')).toEqual([]);
    expect(await search('"ice cream" narwhal')).toEqual(['14.5']);
    expect(await search('narwhal octopus')).toEqual([]);
  });

  it('keeps each part’s hits per field, with counts for words', async () => {
    const { parts } = await searchEpisodes(fixture.database, parseSearchQuery('narwhal', ENGLISH), [
      'title',
      'words',
    ]);
    const [narwhal] = parts;
    expect(narwhal?.columns.map((column) => (column ? [...column.keys()] : null))).toEqual([
      [6],
      null,
      [6],
      null,
    ]);
    expect(narwhal?.columns[2]?.get(6)).toBeGreaterThan(0);
  });

  it('searches a database built before search_stems by the words as typed', async () => {
    const older = await openFixtureDatabase({ dropTable: 'search_stems' });
    try {
      expect(await search('narwhal', FTS_COLUMNS, older.database)).toEqual(['14.5']);
      expect(await search('narwhals', FTS_COLUMNS, older.database)).toEqual([]);
    } finally {
      await older.close();
    }
  });

  it('reads a stem by rowid', () => {
    const plan = fixture.sqlite
      .prepare<[number, number], { detail: string }>(`EXPLAIN QUERY PLAN ${SEARCH_STEMS_SQL}`)
      .all(1, termRowId('narwhal'))
      .map((row) => row.detail);
    // Every segment's row (decision 0059): seeks by rowid, never a scan or a sort.
    expect(plan).toContain('SEARCH search_stems USING INTEGER PRIMARY KEY (rowid=?)');
    expect(plan.join('\n')).not.toMatch(/SCAN search_stems|TEMP B-TREE/);
  });
});

describe('the stem index', () => {
  it('holds, for every stem and field, the episodes words_fts gives for its forms', () => {
    fixture.sqlite.exec(
      "CREATE VIRTUAL TABLE IF NOT EXISTS temp.stem_vocab USING fts5vocab(main, 'words_fts', 'row')",
    );
    const terms = fixture.sqlite
      .prepare<[], { term: string }>('SELECT term FROM temp.stem_vocab')
      .all()
      .map((row) => row.term)
      .filter(ENGLISH.inTermTables);
    const forms = new Map<string, string[]>();
    for (const term of terms)
      forms.set(ENGLISH.stem(term), [...(forms.get(ENGLISH.stem(term)) ?? []), term]);
    expect([...forms.values()].some((list) => list.length > 1)).toBe(true);
    for (const [stem, list] of forms) {
      const row = fixture.sqlite
        .prepare<[number], { data: Buffer }>('SELECT data FROM search_stems WHERE id = ?')
        .get(termRowId(stem));
      const entry = row && decodeTermRow(row.data, { counts: true }).find((e) => e.term === stem);
      FTS_COLUMNS.forEach((column, at) => {
        const expected = new Set<number>();
        for (const term of list) {
          const query = buildFtsQuery([term], [column]);
          if (!query) continue;
          for (const { rowid } of fixture.sqlite
            .prepare<[string], { rowid: number }>(query.sql)
            .all(query.match)) {
            expected.add(rowid);
          }
        }
        expect(entry?.columns[at], `${stem} in ${column}`).toEqual(
          [...expected].sort((a, b) => a - b),
        );
      });
    }
  });
});
