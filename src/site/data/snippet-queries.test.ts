// @vitest-environment node
/* eslint-disable no-restricted-imports, import-x/no-restricted-paths --
 * Node test of the site's snippet SQL against databases the real builder makes (the fixture
 * podcast and the demo podcast), through better-sqlite3 and the very statements of
 * snippet-queries.ts. The builder and Node's file system are needed for that alone. */
import Database from 'better-sqlite3';
import { mkdtemp, rm, writeFile, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPodcast } from '../../builder/build.ts';
import { joinChunks } from '../../builder/test-support/fixture-podcast.ts';
import {
  PASSAGE_HEAD_COUNT,
  type EpisodePassageRange,
  type PassageRow,
  type TranscriptBlob,
} from '../../core/db-schema.ts';
import { checkSearchTerm } from '../../core/fts-query.ts';
import { parsePassageData, parsePassageHead, passageWords } from '../../core/passages.ts';
import { findPhraseInWords } from '../../core/phrase-match.ts';
import { sentenceIndexes } from '../../core/sentences.ts';
import type { EpisodeSnippets, PassageRange, Snippet } from '../../core/snippets.ts';
import type { QueryRunner } from './database.ts';
import { DatabaseError } from './database-errors.ts';
import {
  loadSnippets,
  matchingPassagesSql,
  passageHeadsSql,
  passageMatch,
  passageRangesSql,
  passagesSql,
} from './snippet-queries.ts';
import {
  openFixtureDatabase,
  runnerOver,
  type FixtureDatabase,
} from './test-support/fixture-database.ts';
import { getTranscript } from './transcript-queries.ts';

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
  const check = checkSearchTerm(term, 3);
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
    const found = await loadSnippets(fixture.database, ids, tokensOf('ice cream'));
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
    expect((await loadSnippets(fixture.database, [five], tokensOf('ice cream'))).get(five)).toEqual(
      { episodeId: five, snippets: [], more: null },
    );
    expect(await loadSnippets(fixture.database, [five], [])).toEqual(new Map());
  });

  it('escapes the term like the search: quotes and operators are words', async () => {
    const ids = [1, 2, 3, 4, 5, 6, 7];
    const shownFor = async (term: string): Promise<string[]> => {
      const found = await loadSnippets(fixture.database, ids, tokensOf(term));
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
    old.exec('DROP TABLE passages_fts; DROP TABLE passages;');
    old.exec('ALTER TABLE episodes DROP COLUMN passage_count');
    old.exec('ALTER TABLE episodes DROP COLUMN passage_first');
    const runner: QueryRunner = { query: runnerOver(() => old) };
    const failure = await loadSnippets(runner, [6], tokensOf('ice cream')).catch(
      (error: unknown) => error,
    );
    old.close();
    expect(failure).toBeInstanceOf(DatabaseError);
    expect(String(failure)).toMatch(/passage_first/);
  });

  it('stops between statements once aborted', async () => {
    const abort = new AbortController();
    abort.abort(new Error('the page changed'));
    await expect(
      loadSnippets(fixture.database, [6], tokensOf('ice cream'), { signal: abort.signal }),
    ).rejects.toThrow('the page changed');
  });
});

describe('loadSnippets on the demo podcast', () => {
  it('shows where a rare word was said, each match once', async () => {
    const three = idOf(demo, '3');
    const found = await loadSnippets(demoDb, [three], tokensOf('axolotl'));
    const episode = found.get(three);
    const blob = await getTranscript(demoDb, three);
    // 'axolotl' at words 19, 32 and 95 ('axolotls' at 71 is another token).
    const matches = findPhraseInWords(blob.words, 'axolotl').matches.map(
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
    const found = await loadSnippets(demoDb, ids, tokensOf('ice cream'));
    const withSnippets = ids.filter((id) => (found.get(id)?.snippets.length ?? 0) > 0);
    expect(withSnippets.map((id) => episodeOf(id)).sort()).toEqual(['1', '4', '5', '7', '9']);
    for (const id of withSnippets) {
      const blob = await getTranscript(demoDb, id);
      const all = findPhraseInWords(blob.words, 'ice cream').matches;
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
    const contiguous = await loadSnippets(demoDb, [10, 9, 8], tokens);
    const scattered = await loadSnippets(demoDb, [10, 6, 1], tokens);
    expect(scattered.get(10)).toEqual(contiguous.get(10));
    expect(scattered.get(1)?.snippets.length).toBeGreaterThan(0);
  });

  it("repeats each episode's first passages in its head row", () => {
    const heads = demo
      .prepare<[], { id: number; data: string }>('SELECT * FROM passage_heads')
      .all();
    expect(heads).toHaveLength(10);
    for (const head of heads) {
      const stored = demo
        .prepare<[number, number], PassageRow>(
          'SELECT * FROM passages WHERE episode_id = ? ORDER BY id LIMIT ?',
        )
        .all(head.id, PASSAGE_HEAD_COUNT);
      expect(parsePassageHead(head.data)).toEqual(
        stored.map((row) => ({ f: row.first_word, ...parsePassageData(row.data) })),
      );
    }
  });

  it('agrees with the index: a passage matches exactly when its words hold the phrase', () => {
    const passages = demo.prepare<[], PassageRow>('SELECT * FROM passages ORDER BY id').all();
    for (const term of ['ice cream', 'axolotl', 'the', "doesn't", 'Réunion', 'on toast']) {
      const tokens = tokensOf(term);
      const indexed = demo
        .prepare<[string], { rowid: number }>(
          'SELECT rowid FROM passages_fts WHERE passages_fts MATCH ? ORDER BY rowid',
        )
        .all(passageMatch(tokens))
        .map((row) => row.rowid);
      const inWords = passages
        .filter((row) => {
          const data = parsePassageData(row.data);
          return data !== null && findPhraseInWords(passageWords(data), term).count > 0;
        })
        .map((row) => row.id);
      expect(indexed, term).toEqual(inWords);
      expect(indexed.length, term).toBeGreaterThan(0);
    }
  });
});

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

  it('reads passage ranges and passages by primary key', () => {
    expect(plan(demo, passageRangesSql(3), [1, 2, 3])).toMatch(
      /SEARCH episodes USING INTEGER PRIMARY KEY \(rowid=\?\)/,
    );
    expect(plan(demo, passagesSql(3), [1, 5, 9])).toMatch(
      /SEARCH passages USING INTEGER PRIMARY KEY \(rowid=\?\)/,
    );
    expect(plan(demo, passagesSql(3), [1, 5, 9])).not.toMatch(/TEMP B-TREE|SCAN passages/);
    expect(plan(demo, passageHeadsSql(2), [1, 5])).toMatch(
      /SEARCH passage_heads USING INTEGER PRIMARY KEY \(rowid=\?\)/,
    );
  });

  it('restricts the index by rowid: one range for contiguous rows, one per row otherwise', () => {
    const contiguous = matchingPassagesSql(rangesOf([8, 9, 10]), passageMatch(['ice', 'cream']));
    expect(contiguous?.params).toEqual(['"ice cream"', 29, 45]);
    expect(contiguous?.sql).not.toMatch(/UNION/);
    const scattered = matchingPassagesSql(rangesOf([1, 6, 10]), passageMatch(['the']));
    expect(scattered?.params).toEqual(['"the"', 1, 4, '"the"', 21, 24, '"the"', 42, 45]);
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
