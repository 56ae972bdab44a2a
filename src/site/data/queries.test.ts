// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { FTS_COLUMNS, type FtsColumn } from '../../core/db-schema.ts';
import { buildFtsQuery, checkSearchTerm } from '../../core/fts-query.ts';
import { termRowId } from '../../core/term-index.ts';
import {
  EPISODES_SQL,
  NEWEST_DESCRIPTIONS_SQL,
  PRESENTERS_SQL,
  SEARCH_TERMS_SQL,
  VENUES_SQL,
  descriptionsSql,
  loadDescriptions,
  loadEpisodes,
  loadPresenters,
  loadVenues,
  searchEpisodeIds,
} from './queries.ts';
import { wordsFtsIds } from '../../builder/test-support/fts-ids.ts';
import { openFixtureDatabase, fixtureDatabaseForFile } from './test-support/fixture-database.ts';
import { TRANSCRIPT_SQL } from './transcript-queries.ts';
import { ENGLISH } from '../../core/test-support/analyzers.ts';

// The SQL of queries.ts, run by better-sqlite3 on the database the real builder makes from its
// fixture podcast (episodes 1, 2, 3, 4, 5, 14.5 and 15; ids 1–7 in that order).
const fixture = fixtureDatabaseForFile();

/** Episode numbers of a search, in episode order. */
async function search(
  term: string,
  fields: readonly (typeof FTS_COLUMNS)[number][] = FTS_COLUMNS,
): Promise<string[]> {
  const check = checkSearchTerm(term, 3, ENGLISH);
  if (check.kind !== 'search') throw new Error(`'${term}' is not a search`);
  const ids = await searchEpisodeIds(fixture.database, check.tokens, fields, ENGLISH);
  const episodes = await loadEpisodes(fixture.database);
  return episodes
    .filter((episode) => ids.has(episode.id))
    .map((episode) => episode.episode)
    .reverse();
}

function plan(sql: string, params: unknown[] = []): string[] {
  return fixture.sqlite
    .prepare<unknown[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)
    .all(...params)
    .map((row) => row.detail);
}

describe('list queries', () => {
  it('loads presenters by id', async () => {
    const presenters = await loadPresenters(fixture.database);
    expect(presenters.map((presenter) => presenter.id)).toEqual([6, 7, 8, 9]);
    expect(presenters[1]).toEqual({
      id: 7,
      first_name: 'Bram',
      middle_name: 'J.',
      last_name: 'Okafor',
      qi_elf: 0,
      guest: 0,
      img: null,
      img_local: 0,
    });
  });

  it('loads venues by name', async () => {
    const venues = await loadVenues(fixture.database);
    expect(venues.map((venue) => venue.name)).toEqual([
      'Home',
      'The Office',
      'Theatre Royal, Main Stage',
    ]);
  });

  it('loads episodes newest first with the list columns only', async () => {
    const episodes = await loadEpisodes(fixture.database);
    expect(episodes.map((episode) => episode.episode)).toEqual([
      '15',
      '14.5',
      '5',
      '4',
      '3',
      '2',
      '1',
    ]);
    expect(episodes.at(-1)).toMatchObject({
      id: 1,
      title: 'Episode 1: Octopus Hearts',
      venue: 1,
      presenter1: 6,
      presenter2: 7,
      live: 0,
      compilation: 0,
    });
    expect(Object.keys(episodes[0] ?? {})).not.toContain('description');
  });

  it('loads descriptions of the given rows only', async () => {
    const found = await loadDescriptions(fixture.database, [6, 1, 6]);
    expect([...found.keys()].sort()).toEqual([1, 6]);
    expect(found.get(1)).toContain('<em>octopus</em>');
    expect(found.get(6)).not.toContain('javascript:');
    expect(await loadDescriptions(fixture.database, [])).toEqual(new Map());
    expect(await loadDescriptions(fixture.database, [999])).toEqual(new Map());
  });
});

describe('searchEpisodeIds', () => {
  it('finds a word in titles, descriptions and transcripts', async () => {
    expect(await search('narwhal')).toEqual(['14.5']);
    expect(await search('octopus')).toEqual(['1']);
    expect(await search('octopuses')).toEqual(['1']);
  });

  it('finds a phrase only where its words are adjacent', async () => {
    expect(await search('ice cream')).toEqual(['14.5', '15']);
    expect(await search('"ice cream"')).toEqual(['14.5', '15']);
    expect(await search('cream ice')).toEqual([]);
  });

  it('searches only the checked fields', async () => {
    expect(await search('narwhal', ['words'])).toEqual(['14.5']);
    expect(await search('octopus', ['words'])).toEqual([]);
    expect(await search('octopus', ['title'])).toEqual(['1']);
    expect(await search('hearts', ['description'])).toEqual(['1']);
    expect(await search('14.5', ['episode'])).toEqual(['14.5']);
    expect(await search('14.5', ['title', 'words'])).toEqual([]);
    expect(await search('narwhal', [])).toEqual([]);
  });

  it('folds case and diacritics like the index', async () => {
    expect(await search('NARWHAL')).toEqual(['14.5']);
    expect(await search('nárwhal')).toEqual(['14.5']);
  });

  it.each([
    ['"quoted" narwhal'],
    ["narwhal's"],
    ['narwhal*'],
    ['-narwhal'],
    ['NEAR(narwhal tusk)'],
    ['narwhal AND tusk'],
    ['(narwhal OR x)'],
    ['title:narwhal'],
    ['Ελληνικά'],
    ['日本語のテキスト'],
    ['🐋 narwhal 🐋'],
    ['"'],
    ['x" OR "y'],
  ])('runs %s without an FTS syntax error', async (term) => {
    const check = checkSearchTerm(term, 3, ENGLISH);
    const tokens = check.kind === 'search' ? check.tokens : ['x'];
    await expect(
      searchEpisodeIds(fixture.database, tokens, FTS_COLUMNS, ENGLISH),
    ).resolves.toBeInstanceOf(Set);
  });

  it('treats operators as words', async () => {
    expect(await search('narwhal*')).toEqual(['14.5']);
    expect(await search('-narwhal')).toEqual(['14.5']);
    expect(await search('narwhal AND tusk')).toEqual([]);
    expect(await search('amazing & strange')).toEqual(['3']);
  });
});

describe('query plans', () => {
  it('reads episodes in one forward rowid scan, without sorting', () => {
    expect(plan(EPISODES_SQL)).toEqual(['SCAN episodes']);
  });

  it('reads the newest descriptions backwards from the end of the table, without sorting', () => {
    expect(plan(NEWEST_DESCRIPTIONS_SQL, [3])).toEqual(['SCAN episode_descriptions']);
    const newest = fixture.sqlite
      .prepare<[number], { id: number }>(NEWEST_DESCRIPTIONS_SQL)
      .all(3)
      .map((row) => row.id);
    expect(newest).toEqual([7, 6, 5]);
  });

  it('reads descriptions and transcripts by primary key', () => {
    for (const detail of plan(descriptionsSql(3), [1, 2, 3])) {
      expect(detail).toMatch(
        /^SEARCH episode_descriptions USING INTEGER PRIMARY KEY \(rowid=\?\)$/,
      );
    }
    expect(plan(TRANSCRIPT_SQL, [1])).toEqual([
      'SEARCH transcripts USING INTEGER PRIMARY KEY (rowid=?)',
    ]);
  });

  it('answers searches from the FTS index alone', () => {
    for (const tokens of [['narwhal'], ['ice', 'cream']]) {
      const query = buildFtsQuery(tokens, FTS_COLUMNS);
      if (query === null) throw new Error('no query');
      const details = plan(query.sql, [query.match]);
      expect(details).toHaveLength(1);
      expect(details[0]).toMatch(/^SCAN words_fts VIRTUAL TABLE INDEX/);
      expect(details.join('\n')).not.toMatch(/episodes|transcripts|descriptions/);
    }
  });

  it('looks a single token up by rowid in search_terms', () => {
    const rows = plan(SEARCH_TERMS_SQL, [1, termRowId('narwhal')]);
    // Every segment's row (decision 0059): seeks by rowid, never a scan or a sort.
    expect(rows).toContain('SEARCH search_terms USING INTEGER PRIMARY KEY (rowid=?)');
    expect(rows.join('\n')).not.toMatch(/SCAN search_terms|TEMP B-TREE/);
  });
});

describe('the single-token index', () => {
  /** Every term of `words_fts`, as FTS5 folded it. */
  function vocabulary(): string[] {
    fixture.sqlite.exec(
      "CREATE VIRTUAL TABLE IF NOT EXISTS temp.test_vocab USING fts5vocab(main, 'words_fts', 'row')",
    );
    return fixture.sqlite
      .prepare<[], { term: string }>('SELECT term FROM temp.test_vocab')
      .all()
      .map((row) => row.term);
  }

  function ftsIds(token: string, fields: readonly FtsColumn[]): number[] {
    return wordsFtsIds(fixture.sqlite, [token], fields);
  }

  it('gives exactly what words_fts gives, for every token of the index and every field', async () => {
    const terms = vocabulary();
    const indexed = terms.filter(ENGLISH.inTermTables);
    expect(indexed.length).toBeGreaterThan(50);
    const fieldSets: FtsColumn[][] = [[...FTS_COLUMNS], ...FTS_COLUMNS.map((field) => [field])];
    for (const term of indexed) {
      for (const fields of fieldSets) {
        const found = await searchEpisodeIds(fixture.database, [term], fields, ENGLISH);
        expect(
          [...found].sort((a, b) => a - b),
          `${term} in ${fields.join(',')}`,
        ).toEqual(ftsIds(term, fields));
      }
    }
  });

  it('finds nothing for a token that is in no episode', async () => {
    expect(await searchEpisodeIds(fixture.database, ['zyzzyva'], FTS_COLUMNS, ENGLISH)).toEqual(
      new Set(),
    );
  });

  it('falls back to words_fts in a database built before search_terms', async () => {
    const older = await openFixtureDatabase({ dropTable: 'search_terms' });
    try {
      const check = checkSearchTerm('Narwhal', 3, ENGLISH);
      if (check.kind !== 'search') throw new Error('not a search');
      expect(await searchEpisodeIds(older.database, check.tokens, ['words'], ENGLISH)).toEqual(
        new Set([6]),
      );
    } finally {
      await older.close();
    }
  });

  it('keeps the small tables small: presenters by rowid, venues sorted in memory', () => {
    expect(plan(PRESENTERS_SQL)).toEqual(['SCAN presenters']);
    expect(plan(VENUES_SQL).join('\n')).toMatch(/SCAN venues/);
  });
});
