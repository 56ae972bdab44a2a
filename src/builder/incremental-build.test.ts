import { mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { buildPodcast, type BuildResult } from './build.ts';
import { MAX_SEGMENTS, segmentRowId } from '../core/row-segments.ts';
import { readBaseDatabase, segmentCount } from './index/episode-fingerprint.ts';
import { chunkName } from '../core/chunk-layout.ts';
import { PAGE_SIZE } from '../core/db-schema.ts';
import { checkChunkFiles, joinChunks, readPublished } from './publish/chunk-files.ts';
import { RESUME_RECORD_FILE } from './resume-record.ts';
import { databaseAnswers } from './test-support/compare-databases.ts';
import { copyFixturePodcast } from './test-support/fixture-podcast.ts';
import { writeSyntheticPodcast } from './test-support/synthetic-podcast.ts';

let root = '';

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trawl-incremental-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** The published database of a build, joined into one file. */
async function joined(result: BuildResult, name: string): Promise<string> {
  const file = join(root, `${name}.sqlite3`);
  await joinChunks(result.versionDir, file);
  return file;
}

/**
 * The fixture podcast without its newest item (episode 15), that item's transcript and its
 * override; `restore` puts them back, as if the episode came out a week later.
 */
async function fixtureWithoutNewest(
  name: string,
): Promise<{ folder: string; restore: () => Promise<void> }> {
  const folder = await copyFixturePodcast(join(root, name));
  const feedFile = join(folder, 'feed.xml');
  const feed = await readFile(feedFile, 'utf8');
  const first = feed.indexOf('<item>');
  const end = feed.indexOf('</item>', first) + '</item>'.length;
  expect(feed.slice(first, end)).toContain('Episode Fifteen');
  await writeFile(feedFile, feed.slice(0, first) + feed.slice(end));
  const overridesFile = join(folder, 'overrides.json');
  const overrides = await readFile(overridesFile, 'utf8');
  const withoutNewest = overrides.replace(/,\s*\{ "episode": "15"[^}]*\}/, '');
  expect(withoutNewest).not.toBe(overrides);
  await writeFile(overridesFile, withoutNewest);
  const transcript = join(folder, 'transcripts', '015.json');
  const aside = join(root, `${name}-015.json`);
  await rename(transcript, aside);
  return {
    folder,
    restore: async () => {
      await writeFile(feedFile, feed);
      await writeFile(overridesFile, overrides);
      await rename(aside, transcript);
    },
  };
}

describe('a rebuild after new episodes resumes the previous database (decision 0051)', () => {
  it('adds only the new episode, and its database answers as a full build of the same inputs', async () => {
    const { folder, restore } = await fixtureWithoutNewest('fixture-weekly');
    const out = join(root, 'fixture-weekly-out');
    const first = await buildPodcast({ folder, outDir: out });
    expect(first.episodes).toBe(6);
    expect(first.episodesWritten).toBe(6);
    await restore();
    const rebuild = await buildPodcast({ folder, outDir: out });
    expect(rebuild.episodes).toBe(7);
    expect(rebuild.episodesWritten).toBe(1);
    const full = await buildPodcast({ folder, outDir: join(root, 'fixture-full-out') });
    expect(full.episodesWritten).toBe(7);
    // The summary's counts do not depend on which episodes were written.
    expect(rebuild.transcripts).toBe(full.transcripts);
    expect(rebuild.words).toBe(full.words);
    expect(rebuild.warnings).toEqual(full.warnings);
    expect(rebuild.links).toEqual(full.links);
    expect(databaseAnswers(await joined(rebuild, 'fixture-rebuild'))).toEqual(
      databaseAnswers(await joined(full, 'fixture-full')),
    );
  });

  it('answers as a full build after two weeks of a generated show, prefixes and pairs included', async () => {
    const folder = join(root, 'synthetic');
    const out = join(root, 'synthetic-out');
    await writeSyntheticPodcast(folder, { episodes: 5, wordsPerEpisode: 400 });
    await buildPodcast({ folder, outDir: out });
    await writeSyntheticPodcast(folder, { episodes: 6, wordsPerEpisode: 400 });
    expect((await buildPodcast({ folder, outDir: out })).episodesWritten).toBe(1);
    await writeSyntheticPodcast(folder, { episodes: 8, wordsPerEpisode: 400 });
    const rebuild = await buildPodcast({ folder, outDir: out });
    expect(rebuild.episodesWritten).toBe(2);
    const full = await buildPodcast({ folder, outDir: join(root, 'synthetic-full-out') });
    expect(databaseAnswers(await joined(rebuild, 'synthetic-rebuild'))).toEqual(
      databaseAnswers(await joined(full, 'synthetic-full')),
    );
  });

  it('keeps the ready-made snippets a full build writes, as keys pass ten transcripts (decision 0082)', async () => {
    const folder = join(root, 'heads');
    const out = join(root, 'heads-out');
    type Heads = { key: string; coveredFrom: number }[];
    const headsOf = async (result: BuildResult, name: string): Promise<Heads> =>
      databaseAnswers(await joined(result, name)).snippet_heads as Heads;
    await writeSyntheticPodcast(folder, { episodes: 8, wordsPerEpisode: 300 });
    const before = await headsOf(await buildPodcast({ folder, outDir: out }), 'heads-8');
    await writeSyntheticPodcast(folder, { episodes: 13, wordsPerEpisode: 300 });
    expect((await buildPodcast({ folder, outDir: out })).episodesWritten).toBe(5);
    await writeSyntheticPodcast(folder, { episodes: 24, wordsPerEpisode: 300 });
    const rebuild = await buildPodcast({ folder, outDir: out });
    expect(rebuild.episodesWritten).toBe(11);
    const full = await buildPodcast({ folder, outDir: join(root, 'heads-full-out') });
    const rebuilt = await headsOf(rebuild, 'heads-rebuild');
    expect(rebuilt).toEqual(await headsOf(full, 'heads-full'));
    // What the comparison covers: pairs that came to ten transcripts in a resumed build (none
    // had before), and keys whose newest ten leave older transcripts out.
    const pairs = rebuilt.filter((head) => head.key.includes(' '));
    expect(before.filter((head) => head.key.includes(' '))).toEqual([]);
    expect(pairs.length).toBeGreaterThan(10);
    expect(rebuilt.filter((head) => head.coveredFrom > 13).length).toBeGreaterThan(10);
  });

  it('publishes the same version when nothing changed', async () => {
    const folder = await copyFixturePodcast(join(root, 'fixture-same'));
    const out = join(root, 'fixture-same-out');
    const first = await buildPodcast({ folder, outDir: out });
    const again = await buildPodcast({ folder, outDir: out });
    expect(again.episodesWritten).toBe(0);
    expect(again.version).toBe(first.version);
  });

  it('writes every episode again when an older one changed or went, and answers as a full build', async () => {
    const folder = await copyFixturePodcast(join(root, 'fixture-edit'));
    const out = join(root, 'fixture-edit-out');
    await buildPodcast({ folder, outDir: out });
    const feedFile = join(folder, 'feed.xml');
    const feed = await readFile(feedFile, 'utf8');
    await writeFile(feedFile, feed.replace('Narwhal Special', 'Narwhal Special, Corrected'));
    const edited = await buildPodcast({ folder, outDir: out });
    expect(edited.episodesWritten).toBe(7);
    const full = await buildPodcast({ folder, outDir: join(root, 'fixture-edit-full') });
    // The episodes read twice (once to compare, once to write) warn and count once.
    expect(edited.warnings).toEqual(full.warnings);
    expect([edited.transcripts, edited.words]).toEqual([full.transcripts, full.words]);
    expect(edited.links).toEqual(full.links);
    expect(databaseAnswers(await joined(edited, 'fixture-edited'))).toEqual(
      databaseAnswers(await joined(full, 'fixture-edit-full')),
    );

    const { folder: fewer, restore } = await fixtureWithoutNewest('fixture-fewer');
    const fewerOut = join(root, 'fixture-fewer-out');
    const withoutNewest = await readFile(join(fewer, 'feed.xml'), 'utf8');
    const overridesWithout = await readFile(join(fewer, 'overrides.json'), 'utf8');
    await restore();
    expect((await buildPodcast({ folder: fewer, outDir: fewerOut })).episodes).toBe(7);
    await writeFile(join(fewer, 'feed.xml'), withoutNewest);
    await writeFile(join(fewer, 'overrides.json'), overridesWithout);
    const removed = await buildPodcast({
      folder: fewer,
      outDir: fewerOut,
      ignoreOrphanTranscripts: true,
    });
    expect(removed.episodes).toBe(6);
    expect(removed.episodesWritten).toBe(6);
  });

  it('compacts again (a full build) once a resumed database has grown a quarter past its compact size', async () => {
    const folder = await copyFixturePodcast(join(root, 'fixture-grown'));
    const built = await buildPodcast({ folder, outDir: join(root, 'fixture-grown-out') });
    const file = await joined(built, 'fixture-grown');
    expect(readBaseDatabase(file)?.fingerprints).toHaveLength(7);
    const db = new Database(file);
    const pages = Number(db.pragma('page_count', { simple: true }));
    const record = (perEpisode: number): void => {
      db.prepare('INSERT OR REPLACE INTO build_episodes (id, fingerprint) VALUES (0, ?)').run(
        JSON.stringify({ compactPagesPerEpisode: perEpisode }),
      );
    };
    record(pages / 7);
    expect(readBaseDatabase(file)?.compactPagesPerEpisode).toBe(pages / 7);
    record(pages / 7 / 1.3);
    db.close();
    expect(readBaseDatabase(file)).toBeUndefined();
  });

  it('writes every episode again once a resumed database holds MAX_SEGMENTS segments (decision 0059)', async () => {
    const folder = await copyFixturePodcast(join(root, 'fixture-segments'));
    const built = await buildPodcast({ folder, outDir: join(root, 'fixture-segments-out') });
    const file = await joined(built, 'fixture-segments');
    const db = new Database(file);
    expect(segmentCount(db)).toBe(1);
    const insert = db.prepare('INSERT INTO passage_blocks (id, data) VALUES (?, ?)');
    insert.run(segmentRowId(1, MAX_SEGMENTS - 2), Buffer.from('x'));
    expect(segmentCount(db)).toBe(MAX_SEGMENTS - 1);
    db.close();
    expect(readBaseDatabase(file)?.fingerprints).toHaveLength(7);
    const again = new Database(file);
    again
      .prepare('INSERT INTO search_pairs (id, data) VALUES (?, ?)')
      .run(segmentRowId(1, MAX_SEGMENTS - 1), Buffer.from('x'));
    again.close();
    expect(readBaseDatabase(file)).toBeUndefined();
  });

  it('publishes only the chunk files whose bytes changed, and prunes only those no kept version lists (decision 0060)', async () => {
    const folder = join(root, 'chunks');
    const out = join(root, 'chunks-out');
    const chunkSize = 2 * PAGE_SIZE;
    const chunkFilesIn = async (): Promise<string[]> => (await readdir(join(out, 'chunks'))).sort();
    const listed = (hashes: (string[] | undefined)[]): string[] =>
      [...new Set(hashes.flatMap((list) => list ?? []))].map((hash) => `${hash}.bin`).sort();
    await writeSyntheticPodcast(folder, { episodes: 5, wordsPerEpisode: 400 });
    await buildPodcast({ folder, outDir: out, chunkSize, keep: 0 });
    const week1 = (await readPublished(out)).config;
    expect(week1.chunks?.length).toBeGreaterThan(4);
    await writeSyntheticPodcast(folder, { episodes: 6, wordsPerEpisode: 400 });
    const week2 = await buildPodcast({ folder, outDir: out, chunkSize, keep: 1 });
    expect(week2.episodesWritten).toBe(1);
    const week2Config = (await readPublished(out)).config;
    // The resumed database keeps the old pages' bytes, so chunk files of them keep their names
    // (4 of 15 here, where one episode is a sixth of the show).
    const kept = (week2Config.chunks ?? []).filter((hash) => week1.chunks?.includes(hash));
    expect(kept.length).toBeGreaterThan(0);
    // Both versions are kept (--keep 1): every chunk either lists is there, and no other.
    expect(await chunkFilesIn()).toEqual(listed([week1.chunks, week2Config.chunks]));
    await writeSyntheticPodcast(folder, { episodes: 7, wordsPerEpisode: 400 });
    const week3 = await buildPodcast({ folder, outDir: out, chunkSize, keep: 0 });
    expect(week3.episodesWritten).toBe(1);
    const published = await readPublished(out);
    // --keep 0: the older versions went, and with them only the chunks the latest does not list.
    expect(await chunkFilesIn()).toEqual(listed([published.config.chunks]));
    expect(
      await checkChunkFiles(published.versionDir, published.config, { root: out }),
    ).not.toHaveProperty('problem');
    const full = await buildPodcast({ folder, outDir: join(root, 'chunks-full-out') });
    expect(databaseAnswers(await joined(week3, 'chunks-week3'))).toEqual(
      databaseAnswers(await joined(full, 'chunks-full')),
    );
  });

  it('resumes no database but the one this machine last published from the folder', async () => {
    const { folder, restore } = await fixtureWithoutNewest('fixture-foreign');
    const out = join(root, 'fixture-foreign-out');
    await buildPodcast({ folder, outDir: out });
    const recordFile = join(folder, '.trawl-cache', RESUME_RECORD_FILE);
    const record = await readFile(recordFile, 'utf8');
    // Signed by another machine's key: refused.
    await writeFile(
      recordFile,
      record.replace(
        /"mac":"[0-9a-f]/,
        (text) => `${text.slice(0, -1)}${text.endsWith('0') ? '1' : '0'}`,
      ),
    );
    await restore();
    expect((await buildPodcast({ folder, outDir: out })).episodesWritten).toBe(7);
    // The published database changed behind the record's back: refused.
    const { versionDir, config } = await readPublished(out);
    const chunk = join(versionDir, chunkName(config, 0));
    const bytes = await readFile(chunk);
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    await writeFile(chunk, bytes);
    // Same inputs as the last build: only the changed bytes keep it from being resumed.
    expect((await buildPodcast({ folder, outDir: out })).episodesWritten).toBe(7);
  });
});
