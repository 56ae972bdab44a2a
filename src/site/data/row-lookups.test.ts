// @vitest-environment node
import { describe, expect, test } from 'vitest';
import { FTS_COLUMNS } from '../../core/db-schema.ts';
import { parseSearchQuery, phraseQuery, type ParsedQuery } from '../../core/search-query.ts';
import { ENGLISH } from '../../core/test-support/analyzers.ts';
import { segmentRowId } from '../../core/row-segments.ts';
import type { QueryRunner, SqlValue } from './database-types.ts';
import {
  SEARCH_PAIRS_SQL,
  SEARCH_PREFIXES_SQL,
  SEARCH_STEMS_SQL,
  SEARCH_TERMS_SQL,
  loadDescriptions,
  searchEpisodes,
  searchRowLookups,
} from './queries.ts';
import { loadSnippets } from './snippet-queries.ts';
import { isEngineRequest } from './engine-protocol.ts';
import { capRowLookups, MAX_ROW_LOOKUPS, type RowLookup } from './row-paths.ts';
import { fixtureDatabaseForFile } from './test-support/fixture-database.ts';

// The rows a search prefetches (decision 0086) are the rows its lookups then read: run on the
// database the real builder makes from its fixture podcast, every term-table read recorded.

const fixture = fixtureDatabaseForFile();

const TABLE_OF_SQL = new Map([
  [SEARCH_STEMS_SQL, 'search_stems'],
  [SEARCH_PREFIXES_SQL, 'search_prefixes'],
  [SEARCH_PAIRS_SQL, 'search_pairs'],
  [SEARCH_TERMS_SQL, 'search_terms'],
]);

/** The fixture's runner, recording each term row read as `table:id`, and what is prefetched. */
function recording(prefetch?: (rows: readonly RowLookup[]) => Promise<void>) {
  const read: string[] = [];
  const prefetched: RowLookup[][] = [];
  const runner: QueryRunner = {
    query<T>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> {
      const table = TABLE_OF_SQL.get(sql);
      // The statement's parameters: the segment count, then the id.
      if (table !== undefined) read.push(`${table}:${String(params[1])}`);
      // Passage blocks: the segment count, then the ids; descriptions: the ids.
      if (sql.includes('FROM passage_blocks')) {
        for (const id of params.slice(1)) read.push(`passage_blocks:${String(id)}`);
      }
      if (sql.includes('FROM episode_descriptions')) {
        for (const id of params) read.push(`episode_descriptions:${String(id)}`);
      }
      return fixture.database.query<T>(sql, params);
    },
    ...(prefetch === undefined
      ? {}
      : {
          prefetchRows: (rows: readonly RowLookup[]) => {
            prefetched.push([...rows]);
            read.push('prefetch');
            return prefetch(rows);
          },
        }),
  };
  return { runner, read, prefetched };
}

const flat = (rows: readonly RowLookup[]): string[] =>
  rows.flatMap(({ table, ids }) => ids.map((id) => `${table}:${id}`)).sort();

/** A term as searched: its last word a prefix too. */
const searched = (term: string): ParsedQuery => parseSearchQuery(term, ENGLISH);
/** A term's words only as they are (`asTyped`: no prefix). */
const wordsOnly = (term: string): ParsedQuery => parseSearchQuery(term, ENGLISH, { asTyped: true });

describe('searchRowLookups', () => {
  test.each([
    ['a word, also a prefix', searched('octo'), 2],
    ['a word, not a prefix', wordsOnly('octopus'), 1],
    ['two words, the last a prefix', searched('honey be'), 3],
    ['two words, no prefix', wordsOnly('honey bees'), 2],
    ['a quoted word', searched('"octopus"'), 1],
    ['a quoted pair', searched('"ice cream"'), 1],
    ['a quoted pair and a word', searched('"ice cream" honey'), 3],
    ['a longer phrase (no term rows)', searched('"the ice cream van"'), 0],
    ['a word too long for the term tables', searched('x'.repeat(80)), 0],
  ])('%s: exactly the rows the search reads', async (_name, query, rows) => {
    const { runner, read } = recording();
    await searchEpisodes(runner, query, FTS_COLUMNS);
    expect(read).toHaveLength(rows);
    expect(flat(searchRowLookups(query, 1))).toEqual([...read].sort());
  });

  test('every segment of each row (decision 0059)', () => {
    const [stems] = searchRowLookups(searched('octopus'), 3);
    const [first] = stems?.ids ?? [];
    expect(stems?.table).toBe('search_stems');
    expect(stems?.ids).toEqual([0, 1, 2].map((segment) => segmentRowId(first ?? -1, segment)));
  });
});

test('a long search in many segments is cut to what the worker takes, in order', () => {
  const words = Array.from({ length: 30 }, (_, at) => `word${at}`).join(' ');
  const rows = searchRowLookups(searched(words), 16);
  expect(flat(rows).length).toBeGreaterThan(MAX_ROW_LOOKUPS);
  const capped = capRowLookups(rows);
  expect(flat(capped)).toHaveLength(MAX_ROW_LOOKUPS);
  expect(capped).toEqual([{ table: rows[0]?.table, ids: rows[0]?.ids.slice(0, MAX_ROW_LOOKUPS) }]);
  expect(isEngineRequest({ id: 1, type: 'rows', rows: capped })).toBe(true);
  expect(isEngineRequest({ id: 1, type: 'rows', rows })).toBe(false);
});

describe('searchEpisodes with a runner that prefetches', () => {
  test('asks for every row first, once, then reads them', async () => {
    const { runner, read, prefetched } = recording(() => Promise.resolve());
    const query = searched('honey be');
    const found = await searchEpisodes(runner, query, FTS_COLUMNS);
    expect(prefetched).toEqual([searchRowLookups(query, 1)]);
    expect(read[0]).toBe('prefetch');
    expect(read.filter((entry) => entry === 'prefetch')).toHaveLength(1);
    expect(read.length).toBeGreaterThan(1);
    // The same episodes as without the hint.
    const plain = await searchEpisodes(recording().runner, query, FTS_COLUMNS);
    expect([...found.ids]).toEqual([...plain.ids]);
  });

  test('a prefetch that fails leaves the search as it was', async () => {
    const { runner } = recording(() => Promise.reject(new Error('worker gone')));
    const query = searched('octopus');
    const found = await searchEpisodes(runner, query, FTS_COLUMNS);
    const plain = await searchEpisodes(recording().runner, query, FTS_COLUMNS);
    expect([...found.ids]).toEqual([...plain.ids]);
  });

  test('a search with no term rows asks for nothing', async () => {
    const { runner, prefetched } = recording(() => Promise.resolve());
    await searchEpisodes(runner, searched('"the ice cream van"'), FTS_COLUMNS);
    expect(prefetched).toEqual([]);
  });
});

describe('the other reads of several rows by id', () => {
  test("a page's descriptions: their ids prefetched, then read", async () => {
    const { runner, read, prefetched } = recording(() => Promise.resolve());
    const found = await loadDescriptions(runner, [7, 2, 5, 2]);
    expect(found.size).toBe(3);
    expect(prefetched).toEqual([[{ table: 'episode_descriptions', ids: [7, 2, 5] }]]);
    expect(read).toEqual(['prefetch', ...[7, 2, 5].map((id) => `episode_descriptions:${id}`)]);
  });

  test("a phrase's passage blocks: the blocks it reads, prefetched first", async () => {
    const { runner, read, prefetched } = recording(() => Promise.resolve());
    const query = phraseQuery(['we', 'ate', 'ice', 'cream'], ENGLISH);
    const found = await loadSnippets(runner, [1, 2, 3, 4, 5, 6, 7], query);
    expect([...found.values()].some((episode) => episode.snippets.length > 0)).toBe(true);
    const blocks = read.filter((entry) => entry.startsWith('passage_blocks:'));
    expect(blocks.length).toBeGreaterThan(0);
    expect(prefetched.map(flat)).toEqual([[...blocks].sort()]);
    expect(read.indexOf('prefetch')).toBeLessThan(read.indexOf(blocks[0] ?? ''));
  });
});
