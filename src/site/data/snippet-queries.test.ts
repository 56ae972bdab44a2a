// @vitest-environment node
/* eslint-disable no-restricted-imports --
 * Node test of the site's snippet SQL against databases the real builder makes (the fixture
 * podcast and the demo podcast), through better-sqlite3 and the very statements of
 * snippet-queries.ts. The builder and Node's file system are needed for that alone. */
import { speakerRuns } from '../../core/speech.ts';
import Database from 'better-sqlite3';
import { mkdtemp, rm, writeFile, readFile } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPodcast } from '../../builder/build.ts';
import { joinChunks } from '../../builder/publish/chunk-files.ts';
import {
  PASSAGE_BLOCK_SIZE,
  PASSAGE_BLOCK_STRIDE,
  passageBlockId,
  passageBlockOf,
  type EpisodePassageRange,
  type PassageData,
  type TranscriptBlob,
} from '../../core/db-schema.ts';
import { checkSearchTerm } from '../../core/fts-query.ts';
import { buildPassages, parsePassageBlock, passageWords } from '../../core/passages.ts';
import { findPhraseInWords } from '../../core/phrase-match.ts';
import { sentenceIndexes } from '../../core/sentences.ts';
import type { EpisodeSnippets, PassageRange, Snippet } from '../../core/snippets.ts';
import type { QueryOptions, QueryRunner, SqlValue } from './database-types.ts';
import { DatabaseError } from './database-errors.ts';
import {
  loadSnippets,
  matchingPassagesSql,
  passageBlocksSql,
  passageMatch,
  passageRangesSql,
} from './snippet-queries.ts';
import {
  openFixtureDatabase,
  runnerOver,
  type FixtureDatabase,
} from './test-support/fixture-database.ts';
import { getTranscript } from './transcript-queries.ts';
import { phraseQuery } from '../../core/search-query.ts';
import { ENGLISH } from '../../core/test-support/analyzers.ts';

const DEMO_FOLDER = resolve(import.meta.dirname, '../../../demo/podcast');

let fixture: FixtureDatabase;
let demoDir: string;
let demo: Database.Database;
let demoDb: QueryRunner;

beforeAll(async () => {
  fixture = await openFixtureDatabase();
  demoDir = await mkdtemp(join(tmpdir(), 'trawl-snippets-demo-'));
  const built = await buildPodcast({ folder: DEMO_FOLDER, outDir: join(demoDir, 'db') });
  const file = join(demoDir, 'demo.sqlite3');
  await joinChunks(built.versionDir, file);
  demo = new Database(file, { readonly: true, fileMustExist: true });
  demoDb = { query: runnerOver(() => demo) };
});

afterAll(async () => {
  demo.close();
  await fixture.close();
  await rm(demoDir, { recursive: true, force: true });
});

function tokensOf(term: string): string[] {
  const check = checkSearchTerm(term, 3, ENGLISH);
  if (check.kind !== 'search') throw new Error(`'${term}' is not a search`);
  return check.tokens;
}

function idOf(sqlite: Database.Database, episode: string): number {
  const row = sqlite
    .prepare<[string], { id: number }>('SELECT id FROM episodes WHERE episode = ?')
    .get(episode);
  if (!row) throw new Error(`no episode ${episode}`);
  return row.id;
}

function text(snippet: Snippet | undefined): string {
  return (snippet?.parts ?? []).map((part) => (part.mark ? `[${part.text}]` : part.text)).join('');
}

function plan(sqlite: Database.Database, sql: string, params: unknown[]): string {
  return sqlite
    .prepare<unknown[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)
    .all(...params)
    .map((row) => row.detail)
    .join('\n');
}

/** Start in seconds of the sentence that holds word `index`, from the whole transcript. */
function sentenceStart(blob: TranscriptBlob, index: number): number {
  const sentences = sentenceIndexes(blob.words);
  let first = index;
  while (first > 0 && sentences[first - 1] === sentences[index]) first -= 1;
  return (blob.start[first] ?? 0) / 100;
}

describe('loadSnippets on the fixture podcast', () => {
  it('cuts snippets with the match marked and the sentence time, for matching episodes only', async () => {
    const ids = ['15', '14.5', '1'].map((episode) => idOf(fixture.sqlite, episode));
    const found = await loadSnippets(
      fixture.database,
      ids,
      phraseQuery(tokensOf('ice cream'), ENGLISH),
    );
    const [fifteen, fourteen, one] = ids.map((id) => found.get(id));
    expect(text(fourteen?.snippets[0])).toBe(
      'The narwhal tusk is a tooth. We ate [ice cream] on stage.',
    );
    expect(fourteen?.snippets[0]).toMatchObject({ time: 4.5, cutBefore: false, cutAfter: false });
    expect(text(fifteen?.snippets[0])).toBe('Mountains grow slowly, like [ice cream] melting.');
    expect(fifteen?.more).toBeNull();
    expect(one).toEqual({ episodeId: ids[2], snippets: [], more: null });
  });

  it('has no snippets for an episode without a transcript, and none without tokens', async () => {
    const five = idOf(fixture.sqlite, '5');
    expect(
      (
        await loadSnippets(fixture.database, [five], phraseQuery(tokensOf('ice cream'), ENGLISH))
      ).get(five),
    ).toEqual({ episodeId: five, snippets: [], more: null });
    expect(await loadSnippets(fixture.database, [five], phraseQuery([], ENGLISH))).toEqual(
      new Map(),
    );
  });

  it('escapes the term like the search: quotes and operators are words', async () => {
    const ids = [1, 2, 3, 4, 5, 6, 7];
    const shownFor = async (term: string): Promise<string[]> => {
      const found = await loadSnippets(fixture.database, ids, phraseQuery(tokensOf(term), ENGLISH));
      return [...found.values()].flatMap((episode) => episode.snippets.map(text));
    };
    for (const term of ['"ice" AND (cream*', 'NEAR(ice cream)', 'ice" OR "octopuses']) {
      expect(await shownFor(term)).toEqual([]);
    }
    expect(await shownFor('"ICE" --cream')).toHaveLength(2);
  });

  it('rejects, without crashing, when the database predates snippets', async () => {
    const copyFile = join(demoDir, 'old.sqlite3');
    await writeFile(copyFile, await readFile(fixture.file));
    const old = new Database(copyFile);
    old.exec('DROP TABLE passages_fts; DROP TABLE passage_blocks;');
    old.exec('ALTER TABLE episodes DROP COLUMN passage_count');
    old.exec('ALTER TABLE episodes DROP COLUMN passage_first');
    const runner: QueryRunner = { query: runnerOver(() => old) };
    const failure = await loadSnippets(
      runner,
      [6],
      phraseQuery(tokensOf('ice cream'), ENGLISH),
    ).catch((error: unknown) => error);
    old.close();
    expect(failure).toBeInstanceOf(DatabaseError);
    expect(String(failure)).toMatch(/passage_first|passages_fts/);
  });

  it('takes the passage ranges from the rows the list loaded: no statement reads episodes', async () => {
    const statements: string[] = [];
    const recording: QueryRunner = {
      query<T>(sql: string, params?: readonly SqlValue[]): Promise<T[]> {
        statements.push(sql);
        return fixture.database.query<T>(sql, params);
      },
    };
    const ids = ['15', '14.5'].map((episode) => idOf(fixture.sqlite, episode));
    const found = await loadSnippets(recording, ids, phraseQuery(tokensOf('ice cream'), ENGLISH));
    expect(found).toEqual(
      await loadSnippets(fixture.database, ids, phraseQuery(tokensOf('ice cream'), ENGLISH)),
    );
    expect(statements.some((sql) => /\bFROM episode_list\b/.test(sql))).toBe(true);
    expect(statements.filter((sql) => /\bFROM episodes\b/.test(sql))).toEqual([]);
  });

  it('stops between statements once aborted', async () => {
    const abort = new AbortController();
    abort.abort(new Error('the page changed'));
    await expect(
      loadSnippets(fixture.database, [6], phraseQuery(tokensOf('ice cream'), ENGLISH), {
        signal: abort.signal,
      }),
    ).rejects.toThrow('the page changed');
  });

  it('gives its signal to every statement, so one still waiting for the engine is not sent', async () => {
    const abort = new AbortController();
    const signalled: string[] = [];
    const unsignalled: string[] = [];
    const recording: QueryRunner = {
      query<T>(sql: string, params?: readonly SqlValue[], options?: QueryOptions): Promise<T[]> {
        (options?.signal === abort.signal ? signalled : unsignalled).push(sql);
        return fixture.database.query<T>(sql, params, options);
      },
    };
    const ids = ['15', '14.5', '1'].map((episode) => idOf(fixture.sqlite, episode));
    await loadSnippets(recording, ids, phraseQuery(tokensOf('the'), ENGLISH), {
      signal: abort.signal,
    });
    expect(signalled.some((sql) => sql.includes('passages_fts'))).toBe(true);
    expect(signalled.some((sql) => sql.includes('passage_blocks'))).toBe(true);
    // Only the episode list, shared with the rest of the page, is read without it.
    expect(unsignalled.filter((sql) => /passage/.test(sql))).toEqual([]);
  });
});

describe('loadSnippets on the demo podcast', () => {
  it('shows where a rare word was said, each match once', async () => {
    const three = idOf(demo, '3');
    const found = await loadSnippets(demoDb, [three], phraseQuery(tokensOf('axolotl'), ENGLISH));
    const episode = found.get(three);
    const blob = await getTranscript(demoDb, three);
    // 'axolotl' at words 19, 32 and 95 ('axolotls' at 71 is another token).
    const matches = findPhraseInWords(blob.words, 'axolotl', ENGLISH).matches.map(
      (match) => match.startWord,
    );
    expect(matches).toEqual([19, 32, 95]);
    expect(episode?.snippets.map((snippet) => snippet.matchWord)).toEqual([19, 95]);
    expect(text(episode?.snippets[0])).toMatch(
      /^The \[axolotl!\] It's my favourite .* An \[axolotl\] can/,
    );
    expect(episode?.more).toBeNull();
    for (const snippet of episode?.snippets ?? []) {
      expect(snippet.time).toBe(sentenceStart(blob, snippet.matchWord));
    }
  });

  it('finds a phrase in several episodes, with times from the sentence of each match', async () => {
    const ids = demo
      .prepare<[], { id: number }>('SELECT id FROM episodes ORDER BY id DESC')
      .all()
      .map((row) => row.id);
    const found = await loadSnippets(demoDb, ids, phraseQuery(tokensOf('ice cream'), ENGLISH));
    const withSnippets = ids.filter((id) => (found.get(id)?.snippets.length ?? 0) > 0);
    expect(withSnippets.map((id) => episodeOf(id)).sort()).toEqual(['1', '4', '5', '7', '9']);
    for (const id of withSnippets) {
      const blob = await getTranscript(demoDb, id);
      const all = findPhraseInWords(blob.words, 'ice cream', ENGLISH).matches;
      const episode = found.get(id) as EpisodeSnippets;
      for (const snippet of episode.snippets) {
        expect(all.some((match) => match.startWord === snippet.matchWord)).toBe(true);
        expect(snippet.time).toBe(sentenceStart(blob, snippet.matchWord));
        expect(text(snippet)).toMatch(/\[ice cream[.,!?]?\]/i);
      }
      // Every occurrence is shown in a snippet or counted in 'more'.
      const shown = all.filter((match) =>
        episode.snippets.some((s) => match.startWord >= s.fromWord && match.endWord <= s.toWord),
      );
      expect(shown.length + (episode.more?.count ?? 0)).toBe(all.length);
    }
  });

  it('gives the same snippets for contiguous and scattered rows', async () => {
    const tokens = tokensOf('ice cream');
    const contiguous = await loadSnippets(demoDb, [10, 9, 8], phraseQuery(tokens, ENGLISH));
    const scattered = await loadSnippets(demoDb, [10, 6, 1], phraseQuery(tokens, ENGLISH));
    expect(scattered.get(10)).toEqual(contiguous.get(10));
    expect(scattered.get(1)?.snippets.length).toBeGreaterThan(0);
  });

  it('stores every passage the builder cut, in compressed blocks keyed ordinal first', async () => {
    const blocks = storedBlocks(demo);
    const ids = [...blocks.keys()];
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const episodes = demo
      .prepare<[], EpisodePassageRange>(
        'SELECT id, passage_first, passage_count FROM episodes ORDER BY id',
      )
      .all();
    // Every episode's first block comes before any second block.
    const firstBlocks = ids.filter((id) => id < PASSAGE_BLOCK_STRIDE);
    expect(firstBlocks).toEqual(
      episodes.filter((row) => row.passage_count > 0).map((row) => row.id),
    );
    for (const id of ids) {
      const { episodeId, ordinal } = passageBlockOf(id);
      expect(passageBlockId(episodeId, ordinal)).toBe(id);
      expect(episodes.map((row) => row.id)).toContain(episodeId);
    }
    for (const row of episodes) {
      const blob = await getTranscript(demoDb, row.id);
      // Speaker runs per passage: a named speaker's show id, -N for 'Speaker N', 0 unknown.
      const codes = blob.speaker?.map((index) => blob.speakerIds?.[index] ?? 0);
      const expected = buildPassages(blob.words, blob.start, ENGLISH).map(({ span, data }) => ({
        f: span.firstWord,
        ...data,
        ...(codes ? { p: speakerRuns(codes.slice(span.firstWord, span.endWord)) } : {}),
      }));
      const stored = [];
      for (let ordinal = 0; ordinal * PASSAGE_BLOCK_SIZE < row.passage_count; ordinal += 1) {
        const block = blocks.get(passageBlockId(row.id, ordinal));
        expect(block?.length, `episode ${row.id} block ${ordinal}`).toBe(
          Math.min(PASSAGE_BLOCK_SIZE, row.passage_count - ordinal * PASSAGE_BLOCK_SIZE),
        );
        stored.push(...(block ?? []));
      }
      expect(stored).toEqual(expected);
    }
    expect(blocks.size).toBe(
      episodes.reduce((sum, row) => sum + Math.ceil(row.passage_count / PASSAGE_BLOCK_SIZE), 0),
    );
  });

  it('agrees with the index: a passage matches exactly when its words hold the phrase', () => {
    const passages = storedPassages(demo);
    for (const term of ['ice cream', 'axolotl', 'the', "doesn't", 'Réunion', 'on toast']) {
      const tokens = tokensOf(term);
      const indexed = demo
        .prepare<[string], { rowid: number }>(
          'SELECT rowid FROM passages_fts WHERE passages_fts MATCH ? ORDER BY rowid',
        )
        .all(passageMatch(phraseQuery(tokens, ENGLISH)))
        .map((row) => row.rowid);
      const inWords = passages
        .filter((passage) => findPhraseInWords(passageWords(passage.data), term, ENGLISH).count > 0)
        .map((passage) => passage.id);
      expect(indexed, term).toEqual(inWords);
      expect(indexed.length, term).toBeGreaterThan(0);
    }
  });
});

/** Every `passage_blocks` row, inflated and parsed, by block id. */
function storedBlocks(sqlite: Database.Database): Map<number, PassageData[]> {
  const rows = sqlite
    .prepare<[], { id: number; data: Buffer }>('SELECT id, data FROM passage_blocks ORDER BY id')
    .all();
  return new Map(
    rows.map((row) => [row.id, parsePassageBlock(inflateRawSync(row.data).toString()) ?? []]),
  );
}

/** Every stored passage with its id (the `passages_fts` rowid), ascending. */
function storedPassages(sqlite: Database.Database): { id: number; data: PassageData }[] {
  const blocks = storedBlocks(sqlite);
  const episodes = sqlite
    .prepare<[], EpisodePassageRange>('SELECT id, passage_first, passage_count FROM episodes')
    .all();
  return episodes
    .flatMap((row) =>
      Array.from({ length: row.passage_count }, (_, index) => ({
        id: (row.passage_first ?? 0) + index,
        data: blocks.get(passageBlockId(row.id, Math.floor(index / PASSAGE_BLOCK_SIZE)))?.[
          index % PASSAGE_BLOCK_SIZE
        ] ?? { w: '', s: [] },
      })),
    )
    .sort((a, b) => a.id - b.id);
}

function episodeOf(id: number): string {
  const row = demo
    .prepare<[number], { episode: string }>('SELECT episode FROM episodes WHERE id = ?')
    .get(id);
  return row?.episode ?? '';
}

describe('query plans', () => {
  function rangesOf(ids: number[]): PassageRange[] {
    return demo
      .prepare<number[], EpisodePassageRange>(passageRangesSql(ids.length))
      .all(...ids)
      .map((row) => ({
        episodeId: row.id,
        first: row.passage_first ?? 0,
        count: row.passage_count,
      }));
  }

  it('reads passage ranges and passage blocks by primary key', () => {
    expect(plan(demo, passageRangesSql(3), [1, 2, 3])).toMatch(
      /SEARCH episodes USING INTEGER PRIMARY KEY \(rowid=\?\)/,
    );
    // The segment count first (decision 0059), then the ids.
    const blocks = [1, 1, 5, passageBlockId(9, 2)];
    expect(plan(demo, passageBlocksSql(3), blocks)).toMatch(
      /SEARCH passage_blocks USING INTEGER PRIMARY KEY \(rowid=\?\)/,
    );
    expect(plan(demo, passageBlocksSql(3), blocks)).not.toMatch(/TEMP B-TREE|SCAN passage/);
  });

  it('restricts the index by rowid: one range for contiguous rows, one per row otherwise', () => {
    // Passage ids count down by episode: the newest episode's passages come first.
    const [eight, nine, ten] = rangesOf([8, 9, 10]);
    if (!eight || !nine || !ten) throw new Error('no ranges');
    expect(ten.first + ten.count).toBe(nine.first);
    expect(nine.first + nine.count).toBe(eight.first);
    const total = demo.prepare<[], number>('SELECT sum(passage_count) FROM episodes').pluck().get();
    expect(ten.first).toBe(-(total ?? 0));
    const contiguous = matchingPassagesSql(
      [eight, nine, ten],
      passageMatch(phraseQuery(['ice', 'cream'], ENGLISH)),
    );
    expect(contiguous?.params).toEqual(['"ice cream"', ten.first, eight.first + eight.count - 1]);
    expect(contiguous?.sql).not.toMatch(/UNION/);
    const scattered = matchingPassagesSql(
      rangesOf([1, 6, 10]),
      passageMatch(phraseQuery(['the'], ENGLISH)),
    );
    const bounds = rangesOf([10, 6, 1])
      .sort((a, b) => a.first - b.first)
      .flatMap((range) => ['"the"', range.first, range.first + range.count - 1]);
    expect(scattered?.params).toEqual(bounds);
    expect(scattered?.sql.match(/UNION ALL/g)).toHaveLength(2);
    for (const bound of [contiguous, scattered]) {
      if (!bound) throw new Error('no statement');
      const detail = plan(demo, bound.sql, bound.params);
      // FTS5 gets the MATCH and both rowid bounds ('M', '>' and '<' in its index string).
      for (const line of detail.split('\n').filter((entry) => entry.includes('passages_fts'))) {
        expect(line).toMatch(/VIRTUAL TABLE INDEX \d+:M\d*></);
      }
      expect(detail).not.toMatch(/SCAN (episodes|passages)\b(?!_fts)/);
    }
    expect(matchingPassagesSql(rangesOf([]), '"x"')).toBeNull();
  });
});
