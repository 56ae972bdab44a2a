// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { FTS_COLUMNS, type FtsColumn } from '../../core/db-schema.ts';
import { pairRowId, pairTerm } from '../../core/term-index.ts';
import { SEARCH_PAIRS_SQL, searchEpisodeIds } from './queries.ts';
import { wordsFtsIds } from '../../builder/test-support/fts-ids.ts';
import { openFixtureDatabase, fixtureDatabaseForFile } from './test-support/fixture-database.ts';
import { ENGLISH } from '../../core/test-support/analyzers.ts';

// 2-word phrases through `search_pairs` (decision 0015), on the database the real builder makes
// from its fixture podcast, against what `words_fts` answers for the same phrase.
const fixture = fixtureDatabaseForFile();

/** Every adjacent pair of indexed tokens in the fixture's index, from FTS5's own positions. */
function adjacentPairs(): [string, string][] {
  fixture.sqlite.exec(
    "CREATE VIRTUAL TABLE IF NOT EXISTS temp.pair_vocab USING fts5vocab(main, 'words_fts', 'instance')",
  );
  const at = new Map<string, string>();
  for (const row of fixture.sqlite
    .prepare<[], { term: string; doc: number; col: string; offset: number }>(
      'SELECT term, doc, col, offset FROM temp.pair_vocab',
    )
    .all()) {
    at.set(`${row.doc} ${row.col} ${row.offset}`, row.term);
  }
  const pairs = new Map<string, [string, string]>();
  for (const [key, first] of at) {
    const [doc, col, offset] = key.split(' ');
    const second = at.get(`${doc} ${col} ${Number(offset) + 1}`);
    if (second && ENGLISH.inTermTables(first) && ENGLISH.inTermTables(second)) {
      pairs.set(pairTerm(first, second), [first, second]);
    }
  }
  return [...pairs.values()];
}

function ftsIds(tokens: readonly string[], fields: readonly FtsColumn[]): number[] {
  return wordsFtsIds(fixture.sqlite, tokens, fields);
}

const FIELD_SETS: FtsColumn[][] = [[...FTS_COLUMNS], ...FTS_COLUMNS.map((field) => [field])];

describe('the pair index', () => {
  it('gives exactly what words_fts gives, for every adjacent pair and every field', async () => {
    const pairs = adjacentPairs();
    expect(pairs.length).toBeGreaterThan(100);
    for (const tokens of pairs) {
      for (const fields of FIELD_SETS) {
        const found = await searchEpisodeIds(fixture.database, tokens, fields, ENGLISH);
        expect(
          [...found].sort((a, b) => a - b),
          `${tokens.join(' ')} in ${fields.join(',')}`,
        ).toEqual(ftsIds(tokens, fields));
      }
    }
  });

  it('finds nothing for words that are never adjacent, in either order', async () => {
    expect(ftsIds(['cream', 'ice'], FTS_COLUMNS)).toEqual([]);
    expect(
      await searchEpisodeIds(fixture.database, ['cream', 'ice'], FTS_COLUMNS, ENGLISH),
    ).toEqual(new Set());
    expect(
      await searchEpisodeIds(fixture.database, ['zyzzyva', 'ice'], FTS_COLUMNS, ENGLISH),
    ).toEqual(new Set());
  });

  it('looks a pair up by rowid', () => {
    const plan = fixture.sqlite
      .prepare<[number, number], { detail: string }>(`EXPLAIN QUERY PLAN ${SEARCH_PAIRS_SQL}`)
      .all(1, pairRowId('ice', 'cream'))
      .map((row) => row.detail);
    // Every segment's row (decision 0059): seeks by rowid, never a scan or a sort.
    expect(plan).toContain('SEARCH search_pairs USING INTEGER PRIMARY KEY (rowid=?)');
    expect(plan.join('\n')).not.toMatch(/SCAN search_pairs|TEMP B-TREE/);
  });

  it('falls back to words_fts in a database built before search_pairs', async () => {
    const older = await openFixtureDatabase({ dropTable: 'search_pairs' });
    try {
      const found = await searchEpisodeIds(older.database, ['ice', 'cream'], FTS_COLUMNS, ENGLISH);
      expect([...found].sort((a, b) => a - b)).toEqual(ftsIds(['ice', 'cream'], FTS_COLUMNS));
      expect(found.size).toBeGreaterThan(0);
    } finally {
      await older.close();
    }
  });
});
