// @vitest-environment node
/* eslint-disable no-restricted-imports --
 * The site's own queries, run on databases the real builder wrote: a resumed one, whose new
 * episodes' term rows and passage blocks are in segments of their own, and a full build of the
 * same inputs. Node's file system and the builder are needed for that alone. */
import Database from 'better-sqlite3';
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPodcast, type BuildResult } from '../../builder/build.ts';
import { joinChunks } from '../../builder/publish/chunk-files.ts';
import { copyFixturePodcast } from '../../builder/test-support/fixture-podcast.ts';
import { writeSyntheticPodcast } from '../../builder/test-support/synthetic-podcast.ts';
import { checkSearchTerm } from '../../core/fts-query.ts';
import { segmentOf } from '../../core/row-segments.ts';
import { FTS_COLUMNS } from '../../core/db-schema.ts';
import { ENGLISH } from '../../core/test-support/analyzers.ts';
import type { QueryRunner } from './database-types.ts';
import { loadShowSpeakers, searchEpisodes } from './queries.ts';
import { loadSnippets } from './snippet-queries.ts';
import { saidByEpisodes } from './speech-queries.ts';
import { runnerOver } from './test-support/fixture-database.ts';

let root = '';
const open: Database.Database[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trawl-segmented-'));
});

afterAll(async () => {
  for (const db of open) db.close();
  await rm(root, { recursive: true, force: true });
});

/** A build's published database, joined and opened for the site's queries. */
async function opened(
  result: BuildResult,
  name: string,
): Promise<{ sqlite: Database.Database; db: QueryRunner }> {
  const file = join(root, `${name}.sqlite3`);
  await joinChunks(result.versionDir, file);
  const sqlite = new Database(file, { readonly: true });
  open.push(sqlite);
  return { sqlite, db: { query: runnerOver(() => sqlite) } };
}

/** The highest segment of a table's rows (0: a full build's). */
function topSegment(sqlite: Database.Database, table: string): number {
  const row = sqlite.prepare<[], { top: number }>(`SELECT max(id) AS top FROM ${table}`).get();
  return segmentOf(row?.top ?? 0);
}

/** Every token the full build's index holds, as FTS5 folded it. */
function vocabulary(sqlite: Database.Database): string[] {
  return sqlite
    .prepare<[], { term: string }>(
      "SELECT term FROM temp.vocab WHERE term GLOB '[a-z]*' ORDER BY term",
    )
    .all()
    .map((row) => row.term);
}

/** What the site shows for a search term: the episodes, each part's hits and the snippets. */
async function answers(db: QueryRunner, term: string): Promise<unknown> {
  const check = checkSearchTerm(term, 1, ENGLISH);
  if (check.kind !== 'search') return check.kind;
  const hits = await searchEpisodes(db, check.parsed, FTS_COLUMNS);
  const ids = [...hits.ids].sort((a, b) => a - b);
  const snippets = await loadSnippets(db, ids, check.parsed);
  return { ids, parts: hits.parts, snippets: [...snippets].sort(([a], [b]) => a - b) };
}

/** Compares the site's answers for every token (as typed, so the last word is a prefix too). */
async function expectSameAnswers(
  resumed: QueryRunner,
  full: { sqlite: Database.Database; db: QueryRunner },
  extra: readonly string[],
): Promise<number> {
  full.sqlite.exec(
    "CREATE VIRTUAL TABLE IF NOT EXISTS temp.vocab USING fts5vocab(main, 'words_fts', 'row')",
  );
  const terms = [...vocabulary(full.sqlite), ...extra];
  for (const term of terms) {
    expect(await answers(resumed, term), term).toEqual(await answers(full.db, term));
  }
  return terms.length;
}

describe("the site's queries on a resumed database (decision 0059)", () => {
  it('answer as on a full build after a week, "said by" included', async () => {
    const folder = await copyFixturePodcast(join(root, 'fixture'));
    const feedFile = join(folder, 'feed.xml');
    const feed = await readFile(feedFile, 'utf8');
    const first = feed.indexOf('<item>');
    const end = feed.indexOf('</item>', first) + '</item>'.length;
    await writeFile(feedFile, feed.slice(0, first) + feed.slice(end));
    const overridesFile = join(folder, 'overrides.json');
    const overrides = await readFile(overridesFile, 'utf8');
    await writeFile(overridesFile, overrides.replace(/,\s*\{ "episode": "15"[^}]*\}/, ''));
    const transcript = join(folder, 'transcripts', '015.json');
    await rename(transcript, join(root, '015.json'));
    const out = join(root, 'fixture-out');
    await buildPodcast({ folder, outDir: out });
    await writeFile(feedFile, feed);
    await writeFile(overridesFile, overrides);
    await rename(join(root, '015.json'), transcript);
    const rebuild = await buildPodcast({ folder, outDir: out });
    expect(rebuild.episodesWritten).toBe(1);
    const resumed = await opened(rebuild, 'fixture-resumed');
    const full = await opened(
      await buildPodcast({ folder, outDir: join(root, 'fixture-full') }),
      'fixture-full',
    );
    // Episode 15 (id 7) is in segment 1 of every table it adds to, speakers included.
    for (const table of ['search_terms', 'search_stems', 'speaker_terms', 'passage_blocks']) {
      expect(topSegment(resumed.sqlite, table), table).toBe(1);
      expect(topSegment(full.sqlite, table), table).toBe(0);
    }
    expect(
      await expectSameAnswers(resumed.db, full, ['narwhal tusk', 'ice cream']),
    ).toBeGreaterThan(80);
    const speakers = await loadShowSpeakers(full.db);
    expect(speakers.map((speaker) => speaker.name)).toContain('Ada Fairweather');
    for (const term of ['the', 'narwhal', 'and', 'we']) {
      const check = checkSearchTerm(term, 1, ENGLISH);
      if (check.kind !== 'search') throw new Error(term);
      for (const speaker of speakers) {
        const said = (db: QueryRunner) => saidByEpisodes(db, check.parsed, [speaker.id]);
        expect((await said(resumed.db)).ids, `${term} by ${speaker.name}`).toEqual(
          (await said(full.db)).ids,
        );
      }
    }
  });

  it('answer as on a full build after two weeks of a generated show (two segments)', async () => {
    const folder = join(root, 'synthetic');
    const out = join(root, 'synthetic-out');
    await writeSyntheticPodcast(folder, { episodes: 5, wordsPerEpisode: 400 });
    await buildPodcast({ folder, outDir: out });
    await writeSyntheticPodcast(folder, { episodes: 6, wordsPerEpisode: 400 });
    await buildPodcast({ folder, outDir: out });
    await writeSyntheticPodcast(folder, { episodes: 8, wordsPerEpisode: 400 });
    const resumed = await opened(await buildPodcast({ folder, outDir: out }), 'synthetic-resumed');
    const full = await opened(
      await buildPodcast({ folder, outDir: join(root, 'synthetic-full') }),
      'synthetic-full',
    );
    for (const table of ['search_terms', 'search_pairs', 'search_prefixes', 'passage_blocks']) {
      expect(topSegment(resumed.sqlite, table), table).toBe(2);
    }
    await expectSameAnswers(resumed.db, full, ['ice cream', 'lighthouse penguin', 'elep', 'ice c']);
  });
});
