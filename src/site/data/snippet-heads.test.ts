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
  joinKeyHeads,
  type KeyHeads,
} from '../../core/snippet-heads.ts';
import {
  buildEpisodeSnippets,
  type EpisodeSnippets,
  type PassageText,
} from '../../core/snippets.ts';
import { ENGLISH } from '../../core/test-support/analyzers.ts';
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

describe('ready-made snippets of the first page', () => {
  it('are the first matches of every row, cut as from the whole transcript, in one statement', async () => {
    for (const query of [asTyped('octopus'), asTyped('the'), asTyped(`"${commonPair()}"`)]) {
      const key = headKey(query);
      if (key === null) throw new Error('a one-key query');
      const heads = headsOf(key);
      const ids = [...heads.episodes.keys()].sort((a, b) => b - a);
      expect(ids.length).toBeGreaterThan(HEAD_EPISODES / 2);
      const { runner, statements } = recording(sqlite);
      const found = await loadSnippets(runner, ids, query);
      for (const id of ids) {
        expect(found.get(id)).toEqual(buildEpisodeSnippets(id, allPassages(id), query, 0));
      }
      expect(statements.filter((sql) => /passage/.test(sql))).toEqual([]);
      expect(statements.filter((sql) => /snippet_heads/.test(sql))).toHaveLength(1);
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

    const pair = recording(sqlite);
    await loadSnippets(pair.runner, ids.slice(0, 3), asTyped(`"${commonPair()}"`));
    expect(pair.statements.filter((sql) => /snippet_heads/.test(sql))).toEqual([]);
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
    const { runner, statements } = recording(sqlite);
    const found = await loadSnippets(runner, ids, query);
    for (const id of ids) {
      expect(found.get(id)).toEqual(buildEpisodeSnippets(id, allPassages(id), query, 0));
    }
    // Rows with more matches than they show: the three were picked from both rows' windows.
    expect([...found.values()].some((row) => row.more !== null)).toBe(true);
    expect(statements.filter((sql) => /passage/.test(sql))).toEqual([]);
    expect(statements.filter((sql) => /snippet_heads/.test(sql))).toHaveLength(1);
  });

  it("give a prefix no row holds whole its completions' snippets, read with the list in one statement", async () => {
    // 'octo' is no word of the show: every row has it as the start of a longer one.
    const query = parseSearchQuery('octo', ENGLISH);
    const ids = newestIds().filter((id) => headsOf('octopus').episodes.has(id));
    expect(ids.length).toBeGreaterThan(HEAD_EPISODES / 2);
    const { runner, statements } = recording(sqlite);
    const found = await loadSnippets(runner, ids, query);
    for (const id of ids) {
      expect(found.get(id)).toEqual(buildEpisodeSnippets(id, allPassages(id), query, 0));
    }
    expect(statements.filter((sql) => /passage/.test(sql))).toEqual([]);
    expect(statements.filter((sql) => /snippet_heads/.test(sql))).toHaveLength(1);
    expect(statements.filter((sql) => /term_lists/.test(sql))).toHaveLength(1);
  });

  const WORDS = ['elephant', 'banana', 'lighthouse', 'penguin', 'volcano', 'museum', 'the'];
  const wordHeads = (word: string): KeyHeads => headsOf(headKey(asTyped(word)) ?? word);

  it("read a prefix's completions only for the rows the other words' entries leave", async () => {
    const octopus = headsOf('octopus');
    // A word whose newest transcripts hold some of the newest with 'octopus', not all.
    const word = WORDS.find((candidate) => {
      const heads = wordHeads(candidate);
      const ids = [...octopus.episodes.keys()];
      return ids.some((id) => heads.episodes.has(id)) && ids.some((id) => !heads.episodes.has(id));
    });
    if (word === undefined) throw new Error('no word shares some of the rows');
    const heads = wordHeads(word);
    const covered = [...octopus.episodes.keys()].filter((id) => heads.episodes.has(id));
    const left = [...octopus.episodes.keys()].filter((id) => !heads.episodes.has(id));
    const query = parseSearchQuery(`${word} octo`, ENGLISH);

    const first = recording(sqlite);
    const found = await loadSnippets(first.runner, covered, query);
    expect(first.statements.filter((sql) => /snippet_heads|term_lists|passage/.test(sql))).toEqual([
      expect.stringMatching(/snippet_heads/),
    ]);
    for (const id of covered) expect(found.get(id)?.snippets.length).toBeGreaterThan(0);

    const both = recording(sqlite);
    const later = await loadSnippets(both.runner, left, query);
    expect(both.statements.filter((sql) => /snippet_heads|term_lists|passage/.test(sql))).toEqual([
      expect.stringMatching(/snippet_heads/),
      expect.stringMatching(/term_lists/),
      expect.stringMatching(/snippet_heads/),
    ]);
    for (const id of left) {
      // The windows of the completion's own entry, the part typed marked.
      const windows = (snippets: EpisodeSnippets | undefined): number[][] =>
        (snippets?.snippets ?? []).map((snippet) => [snippet.fromWord, snippet.matchWord]);
      expect(windows(later.get(id))).toEqual(
        windows(buildEpisodeSnippets(id, allPassages(id), asTyped('octopus'), 0)),
      );
      for (const snippet of later.get(id)?.snippets ?? []) {
        expect(snippet.parts.filter((part) => part.mark).map((part) => part.text)).toContain(
          'octo',
        );
      }
    }
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
    ).find((candidate) => candidate.id !== undefined && !candidate.words.includes('the'));
    if (!found?.id) throw new Error('no row lacks two words');
    const { runner, statements } = recording(sqlite);
    const snippets = await loadSnippets(runner, [found.id], asTyped(found.words));
    expect(snippets.get(found.id)).toEqual({ episodeId: found.id, snippets: [], more: null });
    expect(statements.filter((sql) => /passage/.test(sql))).toEqual([]);

    // With a pair whose row is not read (a page of fewer than 10 rows), the row may hold the
    // pair: the index is asked.
    const [word] = found.words.split(' ');
    const withPair = recording(sqlite);
    await loadSnippets(withPair.runner, [found.id], asTyped(`${word ?? ''} "${commonPair()}"`));
    expect(withPair.statements.some((sql) => /passages_fts/.test(sql))).toBe(true);
  });
});
