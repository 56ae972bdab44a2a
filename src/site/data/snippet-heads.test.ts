// @vitest-environment node
/* eslint-disable no-restricted-imports --
 * Node test of the ready-made snippets (decision 0082) on a database the real builder makes
 * from a generated show of 24 episodes, through better-sqlite3 and the site's own loader. The
 * builder and Node's file system are needed for that alone. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPodcast } from '../../builder/build.ts';
import { joinChunks } from '../../builder/publish/chunk-files.ts';
import { writeSyntheticPodcast } from '../../builder/test-support/synthetic-podcast.ts';
import { readPassages } from '../../builder/index/snippet-cut.ts';
import { episodeBlockReader } from '../../builder/index/write-snippet-heads.ts';
import { parseSearchQuery, type ParsedQuery } from '../../core/search-query.ts';
import {
  decodeHeadRow,
  HEAD_EPISODES,
  headRowId,
  MIN_HEAD_PAIR_EPISODES,
  joinKeyHeads,
  type KeyHeads,
} from '../../core/snippet-heads.ts';
import {
  buildEpisodeSnippets,
  type EpisodeSnippets,
  type PassageText,
} from '../../core/snippets.ts';
import { ENGLISH } from '../../core/test-support/analyzers.ts';
import { FTS_COLUMNS } from '../../core/db-schema.ts';
import { decodeTermRow } from '../../core/term-index.ts';
import type { QueryRunner, SqlValue } from './database-types.ts';
import { headKey, loadSnippets } from './snippet-queries.ts';
import { runnerOver } from './test-support/fixture-database.ts';

let dir = '';
let sqlite: Database.Database;
let plain: Database.Database;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trawl-snippet-heads-'));
  const folder = join(dir, 'show');
  await writeSyntheticPodcast(folder, { episodes: 24, wordsPerEpisode: 300 });
  const built = await buildPodcast({ folder, outDir: join(dir, 'out') });
  const file = join(dir, 'show.sqlite3');
  await joinChunks(built.versionDir, file);
  sqlite = new Database(file, { readonly: true, fileMustExist: true });
  // The same database as one built before the table: what the site reads without it.
  const older = join(dir, 'older.sqlite3');
  await joinChunks(built.versionDir, older);
  plain = new Database(older);
  plain.exec('DROP TABLE snippet_heads');
}, 60_000);

afterAll(async () => {
  sqlite.close();
  plain.close();
  await rm(dir, { recursive: true, force: true });
});

/** A runner over `db` that keeps every statement it runs. */
function recording(db: Database.Database): { runner: QueryRunner; statements: string[] } {
  const statements: string[] = [];
  const query = runnerOver(() => db);
  return {
    statements,
    runner: {
      query<T>(sql: string, params?: readonly SqlValue[]): Promise<T[]> {
        statements.push(sql);
        return query<T>(sql, params);
      },
    },
  };
}

/**
 * Loads `ids`' snippets for `query` as the site does and checks each row against the cutter
 * over the whole transcript, read from the ready-made rows alone; what it found and ran.
 */
async function expectReadyMade(
  query: ParsedQuery,
  ids: readonly number[],
): Promise<{ found: Map<number, EpisodeSnippets>; statements: string[] }> {
  const { runner, statements } = recording(sqlite);
  const found = await loadSnippets(runner, ids, query);
  for (const id of ids) {
    expect(found.get(id)).toEqual(buildEpisodeSnippets(id, allPassages(id), query, 0));
  }
  expect(statements.filter((sql) => /passage/.test(sql))).toEqual([]);
  expect(statements.filter((sql) => /snippet_heads/.test(sql))).toHaveLength(1);
  return { found, statements };
}

/** What the site joins for a key, read here straight from the table. */
function headsOf(key: string): KeyHeads {
  const rows = sqlite
    .prepare<[number], { data: Buffer }>('SELECT data FROM snippet_heads WHERE id = ?')
    .all(headRowId(key))
    .map((row) => decodeHeadRow(inflateRawSync(row.data).toString('utf8')) ?? []);
  const heads = joinKeyHeads(rows, key);
  if (!heads) throw new Error(`no ready-made snippets of '${key}'`);
  return heads;
}

/** Every passage of an episode, from its blocks, as the builder reads them back. */
function allPassages(episodeId: number): PassageText[] {
  return readPassages(episodeBlockReader(sqlite)(episodeId));
}

const asTyped = (term: string): ParsedQuery => parseSearchQuery(term, ENGLISH, { asTyped: true });

/** A pair of adjacent words in ten transcripts or more. */
function commonPair(): string {
  const keys = sqlite
    .prepare<[], { data: Buffer }>('SELECT data FROM snippet_heads')
    .all()
    .flatMap((row) => decodeHeadRow(inflateRawSync(row.data).toString('utf8')) ?? [])
    .map((entry) => entry.key)
    .filter((key) => key.includes(' ') && !key.startsWith('the '));
  const [pair] = keys.sort();
  if (!pair) throw new Error('no pair has ready-made snippets');
  return pair;
}

/** A pair of adjacent words in 2 to 9 transcripts: it has no ready-made row, and where it is. */
function rarePair(): { pair: string; ids: number[] } {
  const words = FTS_COLUMNS.indexOf('words');
  for (const row of sqlite.prepare<[], { data: Buffer }>('SELECT data FROM search_pairs').all()) {
    for (const entry of decodeTermRow(row.data)) {
      const ids = entry.columns[words] ?? [];
      if (
        ids.length >= 2 &&
        ids.length < MIN_HEAD_PAIR_EPISODES &&
        /^[a-z]+ [a-z]+$/.test(entry.term)
      ) {
        return { pair: entry.term, ids: [...ids].sort((a, b) => b - a) };
      }
    }
  }
  throw new Error('no pair is in 2 to 9 transcripts');
}

describe('ready-made snippets of the first page', () => {
  it('are the first matches of every row, cut as from the whole transcript, in one statement', async () => {
    for (const query of [asTyped('octopus'), asTyped('the'), asTyped(`"${commonPair()}"`)]) {
      const key = headKey(query);
      if (key === null) throw new Error('a one-key query');
      const heads = headsOf(key);
      const ids = [...heads.episodes.keys()].sort((a, b) => b - a);
      expect(ids.length).toBeGreaterThan(HEAD_EPISODES / 2);
      await expectReadyMade(query, ids);
    }
  });

  it('mark the last word typed as a prefix too, in the same windows', async () => {
    const typed = parseSearchQuery('the', ENGLISH);
    const ids = [...headsOf('the').episodes.keys()];
    const found = await loadSnippets({ query: runnerOver(() => sqlite) }, ids, typed);
    const whole = await loadSnippets({ query: runnerOver(() => sqlite) }, ids, asTyped('the'));
    const marked = (
      query: Map<number, { snippets: { parts: { mark: boolean; text: string }[] }[] }>,
    ) =>
      [...query.values()].flatMap((row) =>
        row.snippets.flatMap((snippet) => snippet.parts.filter((part) => part.mark)),
      );
    const windows = (
      query: Map<number, { snippets: { fromWord: number; toWord: number }[] }>,
    ): number[][] =>
      [...query.values()].flatMap((row) => row.snippets.map((s) => [s.fromWord, s.toWord]));
    expect(windows(found)).toEqual(windows(whole));
    const markedWords = (parts: { text: string }[]): string[] =>
      parts.flatMap((part) => part.text.toLowerCase().match(/[a-z]+/g) ?? []);
    // 'them', 'then', 'there', 'these', 'they': their first three letters marked as well.
    expect(markedWords(marked(found)).length).toBeGreaterThan(markedWords(marked(whole)).length);
    expect(markedWords(marked(whole)).every((word) => word === 'the')).toBe(true);
  });

  it('tell a covered row without the word from an older row, which reads the snippet index', async () => {
    const newest = sqlite
      .prepare<[], { id: number }>('SELECT id FROM episodes ORDER BY id DESC')
      .all()
      .map((row) => row.id);
    // A word in more than ten transcripts that a newer one lacks: rows of both kinds.
    const cases = ['elephant', 'octopus', 'banana', 'lighthouse', 'penguin', 'volcano', 'museum']
      .map((word) => {
        const heads = headsOf(headKey(asTyped(word)) ?? word);
        const without = newest.find((id) => id >= heads.coveredFrom && !heads.episodes.has(id));
        const older = newest.find(
          (id) =>
            id < heads.coveredFrom &&
            buildEpisodeSnippets(id, allPassages(id), asTyped(word), 0).snippets.length > 0,
        );
        return { word, without, older };
      })
      .filter((found) => found.without !== undefined && found.older !== undefined);
    const [{ word, without, older } = { word: '', without: -1, older: -1 }] = cases;
    expect(word).not.toBe('');

    const covered = recording(sqlite);
    const found = await loadSnippets(covered.runner, [without ?? -1], asTyped(word));
    expect(found.get(without ?? -1)).toEqual({ episodeId: without, snippets: [], more: null });
    expect(covered.statements.filter((sql) => /passage/.test(sql))).toEqual([]);

    const beyond = recording(sqlite);
    const snippets = (await loadSnippets(beyond.runner, [older ?? -1], asTyped(word))).get(
      older ?? -1,
    );
    expect(snippets?.snippets.length).toBeGreaterThan(0);
    expect(beyond.statements.some((sql) => /passages_fts/.test(sql))).toBe(true);
  });

  it('leave a database built before them, and a rarer pair, to the snippet index', async () => {
    const ids = [...headsOf('octopus').episodes.keys()];
    const older = recording(plain);
    const found = await loadSnippets(older.runner, ids, asTyped('octopus'));
    expect([...found.values()].every((row) => row.snippets.length > 0)).toBe(true);
    expect(older.statements.some((sql) => /passages_fts/.test(sql))).toBe(true);

    // A pair in fewer than 10 transcripts has no row: its pair row says so, and none is read.
    const rare = rarePair();
    const pair = recording(sqlite);
    const shown = await loadSnippets(pair.runner, rare.ids, asTyped(`"${rare.pair}"`));
    expect(pair.statements.filter((sql) => /snippet_heads/.test(sql))).toEqual([]);
    expect(pair.statements.some((sql) => /passages_fts/.test(sql))).toBe(true);
    expect([...shown.values()].every((row) => row.snippets.length > 0)).toBe(true);
  });
});

describe('ready-made snippets of several keys (decision 0087)', () => {
  /** Episodes newest first. */
  function newestIds(): number[] {
    return sqlite
      .prepare<[], { id: number }>('SELECT id FROM episodes ORDER BY id DESC')
      .all()
      .map((row) => row.id);
  }

  it('give two words the first matches of either, from both rows in one statement', async () => {
    const query = asTyped('octopus banana');
    const octopus = headsOf('octopus');
    const banana = headsOf('banana');
    const ids = newestIds().filter((id) => octopus.episodes.has(id) && banana.episodes.has(id));
    expect(ids.length).toBeGreaterThan(0);
    const { found } = await expectReadyMade(query, ids);
    // Rows with more matches than they show: the three were picked from both rows' windows.
    expect([...found.values()].some((row) => row.more !== null)).toBe(true);
  });

  it("give a prefix no row holds whole its completions' snippets, read with the list in one statement", async () => {
    // 'octo' is no word of the show: every row has it as the start of a longer one.
    const query = parseSearchQuery('octo', ENGLISH);
    const ids = newestIds().filter((id) => headsOf('octopus').episodes.has(id));
    expect(ids.length).toBeGreaterThan(HEAD_EPISODES / 2);
    const { statements } = await expectReadyMade(query, ids);
    expect(statements.filter((sql) => /term_lists/.test(sql))).toHaveLength(1);
  });

  const WORDS = ['elephant', 'banana', 'lighthouse', 'penguin', 'volcano', 'museum', 'the'];
  const wordHeads = (word: string): KeyHeads => headsOf(headKey(asTyped(word)) ?? word);

  it("read the prefix's completions, with the word's row, only for rows the word's entries do not give", async () => {
    const octopus = headsOf('octopus');
    // A word whose newest transcripts hold some of the newest with 'octopus', not all.
    const word = WORDS.find((candidate) => {
      const ids = [...octopus.episodes.keys()];
      const heads = wordHeads(candidate);
      return ids.some((id) => heads.episodes.has(id)) && ids.some((id) => !heads.episodes.has(id));
    });
    if (word === undefined) throw new Error('no word shares some of the rows');
    const heads = wordHeads(word);
    const covered = [...octopus.episodes.keys()].filter((id) => heads.episodes.has(id));
    const left = [...octopus.episodes.keys()].filter((id) => !heads.episodes.has(id));
    const query = parseSearchQuery(`${word} octo`, ENGLISH);
    const reads = (statements: string[]): string[] =>
      statements.filter((sql) => /snippet_heads|term_lists|passage/.test(sql));

    // The word's entries give these rows: its row alone is read.
    const first = recording(sqlite);
    const found = await loadSnippets(first.runner, covered, query);
    expect(reads(first.statements)).toEqual([expect.stringMatching(/snippet_heads/)]);
    for (const id of covered) expect(found.get(id)?.snippets.length).toBeGreaterThan(0);

    // Rows it does not give take the completions' entries: the list, then one statement.
    const second = recording(sqlite);
    const later = await loadSnippets(second.runner, left, query);
    expect(reads(second.statements)).toEqual([
      expect.stringMatching(/term_lists/),
      expect.stringMatching(/snippet_heads/),
    ]);
    for (const id of left) {
      const shown = later.get(id)?.snippets ?? [];
      expect(shown.length).toBeGreaterThan(0);
      for (const snippet of shown) {
        const marked = snippet.parts.filter((part) => part.mark).map((part) => part.text);
        expect(marked.some((text) => /^octo/i.test(text) || text.toLowerCase() === word)).toBe(
          true,
        );
      }
    }
  });

  it('mark what was typed in every snippet its completions give a prefix', async () => {
    const query = parseSearchQuery('octopu', ENGLISH);
    const ids = [...headsOf('octopus').episodes.keys()];
    const { runner, statements } = recording(sqlite);
    const found = await loadSnippets(runner, ids, query);
    for (const id of ids) {
      expect(found.get(id)?.snippets.length).toBeGreaterThan(0);
      for (const snippet of found.get(id)?.snippets ?? []) {
        const marked = snippet.parts.filter((part) => part.mark).map((part) => part.text);
        expect(marked.map((text) => text.toLowerCase())).toContain('octopu');
      }
    }
    expect(statements.filter((sql) => /snippet_heads/.test(sql))).toHaveLength(1);
    expect(statements.filter((sql) => /passage/.test(sql))).toEqual([]);
  });

  it('tell a row no key has from one beyond their entries, for several words too', async () => {
    const newest = newestIds();
    const found = WORDS.flatMap((first) =>
      WORDS.map((second) => {
        const one = wordHeads(first);
        const other = wordHeads(second);
        const from = Math.max(one.coveredFrom, other.coveredFrom);
        const id = newest.find(
          (candidate) =>
            candidate >= from && !one.episodes.has(candidate) && !other.episodes.has(candidate),
        );
        return { words: `${first} ${second}`, id };
      }),
    ).find(
      (candidate) =>
        candidate.id !== undefined &&
        !candidate.words.includes('the') &&
        new Set(candidate.words.split(' ')).size === 2,
    );
    if (!found?.id) throw new Error('no row lacks two words');
    const { runner, statements } = recording(sqlite);
    const snippets = await loadSnippets(runner, [found.id], asTyped(found.words));
    expect(snippets.get(found.id)).toEqual({ episodeId: found.id, snippets: [], more: null });
    expect(statements.filter((sql) => /passage/.test(sql))).toEqual([]);
  });
});
