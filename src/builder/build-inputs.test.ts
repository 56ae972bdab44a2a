import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { buildPodcast } from './build.ts';
import { joinChunks } from './publish/chunk-files.ts';
import { FIXTURE_PODCAST_DIR, useBuiltFixture } from './test-support/fixture-podcast.ts';

const built = useBuiltFixture('trawl-build-inputs-');

describe('buildPodcast input errors', () => {
  it('rejects a transcript whose episode is not in the feed, or skips it when asked', async () => {
    const dir = await built.copy('orphan');
    await writeFile(
      join(dir, 'transcripts', '99.vtt'),
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nhello\n',
    );
    await expect(
      buildPodcast({ folder: dir, outDir: join(built.root, 'orphan-out') }),
    ).rejects.toThrow(
      /99\.vtt: episode 99 is not in the feed; remove the transcript or pass --ignore-orphan-transcripts/,
    );
    const result = await buildPodcast({
      folder: dir,
      outDir: join(built.root, 'orphan-out'),
      ignoreOrphanTranscripts: true,
    });
    expect(result.warnings.find((warning) => warning.code === 'orphan-transcript')).toMatchObject({
      count: 1,
    });
    expect(result.version).toBe(built.fixture.result.version);
  });

  it('rejects two transcripts for one episode', async () => {
    const dir = await built.copy('twice');
    await cp(join(dir, 'transcripts', '1.json'), join(dir, 'transcripts', '01.json'));
    await expect(
      buildPodcast({ folder: dir, outDir: join(built.root, 'twice-out') }),
    ).rejects.toThrow(
      /1\.json \(episode 1\): episode 1 already has a transcript, .*01\.json: keep one/,
    );
  });

  it('rejects an unknown presenter id in the overrides, naming the file and episode', async () => {
    const dir = await built.copy('unknown-presenter');
    await writeFile(join(dir, 'overrides.json'), '[{ "episode": "3", "presenter2": 42 }]');
    await expect(
      buildPodcast({ folder: dir, outDir: join(built.root, 'unknown-out') }),
    ).rejects.toThrow(/overrides\.json \(episode 3\): presenter2 is 42, an unknown presenter id/);
  });

  it('rejects host ids the presenters file does not have', async () => {
    const dir = await built.copy('unknown-host');
    await writeFile(join(dir, 'trawl.config.json'), '{ "site": { "hostIds": [6, 77] } }');
    await expect(
      buildPodcast({ folder: dir, outDir: join(built.root, 'host-out') }),
    ).rejects.toThrow(/trawl\.config\.json: site\.hostIds: 77 is an unknown presenter id/);
  });

  it('rejects an empty transcript and a folder without a feed', async () => {
    const dir = await built.copy('empty-transcript');
    await writeFile(join(dir, 'transcripts', '1.json'), '');
    await expect(
      buildPodcast({ folder: dir, outDir: join(built.root, 'empty-out') }),
    ).rejects.toThrow(/1\.json: the transcript file is empty/);
    await rm(join(dir, 'feed.xml'));
    await expect(
      buildPodcast({ folder: dir, outDir: join(built.root, 'empty-out') }),
    ).rejects.toThrow(
      /no feed: put the RSS feed in feed\.xml, set "feedUrl" in trawl\.config\.json, or pass --feed <file or URL>/,
    );
  });

  it('derives presenters, hosts and venues from the feed when there are no files for them', async () => {
    const dir = join(built.root, 'derived');
    await cp(join(FIXTURE_PODCAST_DIR, 'transcripts'), join(dir, 'transcripts'), {
      recursive: true,
    });
    const feed = (await readFile(join(FIXTURE_PODCAST_DIR, 'feed.xml'), 'utf8'))
      .replace(
        '<title>Fixture Facts (feed title)</title>',
        '<title>Derived</title><pc:person role="host">Ada Fairweather</pc:person><pc:location country="gb">London</pc:location>',
      )
      .replace(
        '<pc:episode>1</pc:episode>',
        '<pc:episode>1</pc:episode><pc:person role="guest">Gus Guest</pc:person><pc:location rel="creator">Sydney</pc:location>',
      );
    await writeFile(join(dir, 'feed.xml'), feed);
    const result = await buildPodcast({ folder: dir, outDir: join(dir, 'out') });
    expect(result.site).toMatchObject({ title: 'Derived', hostIds: [1] });
    const derivedFile = join(dir, 'derived.sqlite3');
    await joinChunks(result.versionDir, derivedFile);
    const derived = new Database(derivedFile, { readonly: true });
    try {
      expect(derived.prepare('SELECT id, first_name, guest FROM presenters').all()).toEqual([
        { id: 1, first_name: 'Ada Fairweather', guest: 0 },
        { id: 2, first_name: 'Gus Guest', guest: 1 },
      ]);
      expect(derived.prepare('SELECT id, name, country FROM venues').all()).toEqual([
        { id: 1, name: 'London', country: 'GB' },
        { id: 2, name: 'Sydney', country: null },
      ]);
      expect(
        derived
          .prepare(
            "SELECT presenter1, presenter2, venue FROM episodes WHERE episode IN ('1', '2') ORDER BY id",
          )
          .all(),
      ).toEqual([
        // Episode 1 names only its guest: the channel's host presents it too (decision 0014).
        { presenter1: 1, presenter2: 2, venue: 2 },
        { presenter1: 1, presenter2: null, venue: 1 },
      ]);
    } finally {
      derived.close();
    }
  });
});
