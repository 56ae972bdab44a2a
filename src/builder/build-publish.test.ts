import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../core/db-schema.ts';
import { latestSchema } from '../core/site-config.ts';
import { buildPodcast } from './build.ts';
import { checkChunkFiles, joinChunks, readVersionConfig } from './publish/chunk-files.ts';
import { FIXTURE_PODCAST_DIR, useBuiltFixture } from './test-support/fixture-podcast.ts';

const built = useBuiltFixture('trawl-build-publish-');

describe('buildPodcast publishing', () => {
  it('splits into chunks that join to exactly databaseLengthBytes', async () => {
    const out = join(built.root, 'chunked');
    const result = await buildPodcast({
      folder: FIXTURE_PODCAST_DIR,
      outDir: out,
      chunkSize: 4 * PAGE_SIZE,
    });
    const config = await readVersionConfig(result.versionDir);
    const count = Math.ceil(result.databaseBytes / (4 * PAGE_SIZE));
    expect(config.chunks).toHaveLength(count);
    // Named by their bytes, beside the version folders; the version folder holds none.
    expect(await readdir(join(out, 'chunks'))).toHaveLength(new Set(config.chunks).size);
    expect(await readdir(result.versionDir)).toEqual(['config.json']);
    const joined = join(built.root, 'chunked.sqlite3');
    await joinChunks(result.versionDir, joined);
    const bytes = await readFile(joined);
    expect(bytes.length).toBe(result.databaseBytes);
    expect(bytes.equals(await readFile(built.fixture.databaseFile))).toBe(true);
  });

  it('gives the same version for the same inputs, and byte-identical chunks', async () => {
    const again = await buildPodcast({
      folder: FIXTURE_PODCAST_DIR,
      outDir: join(built.root, 'again'),
    });
    expect(again.version).toBe(built.fixture.result.version);
    const hashes = (await readVersionConfig(again.versionDir)).chunks ?? [];
    expect(hashes).toEqual((await readVersionConfig(built.fixture.result.versionDir)).chunks);
    const name = join('chunks', `${hashes[0] ?? ''}.bin`);
    const first = await readFile(join(built.fixture.result.outDir, name));
    expect((await readFile(join(again.outDir, name))).equals(first)).toBe(true);
  });

  it('rebuilding into the same folder keeps one version and leaves no temporary folders', async () => {
    const out = join(built.root, 'rebuild');
    const first = await buildPodcast({ folder: FIXTURE_PODCAST_DIR, outDir: out });
    const second = await buildPodcast({ folder: FIXTURE_PODCAST_DIR, outDir: out });
    expect(second.version).toBe(first.version);
    expect((await readdir(out)).sort()).toEqual(['chunks', 'latest.json', first.version]);
  });

  it('a failing build leaves the previous version and latest.json untouched', async () => {
    const out = join(built.root, 'failing');
    const good = await buildPodcast({ folder: FIXTURE_PODCAST_DIR, outDir: out });
    const latestBefore = await readFile(join(out, 'latest.json'), 'utf8');
    const broken = await built.copy('broken');
    await writeFile(
      join(broken, 'transcripts', '15.json'),
      '{"segments":[{"words":[{"word":" late","start":9,"end":10},{"word":" early","start":1,"end":2}]}]}',
    );
    await rm(join(broken, 'transcripts', '015.json'));
    await expect(
      buildPodcast({ folder: broken, outDir: out, chunkSize: 2 * PAGE_SIZE }),
    ).rejects.toThrow(
      /15\.json: segment 1, word "early": starts at 1 s, before the previous word \(9 s\): times go backwards/,
    );
    expect(await readFile(join(out, 'latest.json'), 'utf8')).toBe(latestBefore);
    expect((await readdir(out)).sort()).toEqual(['chunks', 'latest.json', good.version]);
    expect(await readdir(good.versionDir)).toEqual(['config.json']);
    expect(
      await checkChunkFiles(good.versionDir, await readVersionConfig(good.versionDir)),
    ).toEqual({
      names: [`../chunks/${(await readVersionConfig(good.versionDir)).chunks?.[0] ?? ''}.bin`],
    });
    // The failed build left none of its chunk files behind.
    expect(await readdir(join(out, 'chunks'))).toHaveLength(1);
  });

  it('prunes versions beyond --keep, newest kept, never the latest', async () => {
    const out = join(built.root, 'pruning');
    const versions: string[] = [];
    for (const pages of [1, 2, 4, 8]) {
      const result = await buildPodcast({
        folder: FIXTURE_PODCAST_DIR,
        outDir: out,
        chunkSize: pages * PAGE_SIZE,
        keep: 1,
      });
      versions.push(result.version);
    }
    expect(new Set(versions).size).toBe(4);
    const remaining = (await readdir(out)).filter((name) => name.startsWith('v1-')).sort();
    expect(remaining).toEqual([versions[2], versions[3]].sort());
    expect(
      latestSchema.parse(JSON.parse(await readFile(join(out, 'latest.json'), 'utf8'))).latest,
    ).toBe(versions[3]);
  });

  it('rejects a chunk size that is not a multiple of the page size', async () => {
    await expect(
      buildPodcast({
        folder: FIXTURE_PODCAST_DIR,
        outDir: join(built.root, 'odd'),
        chunkSize: 1000,
      }),
    ).rejects.toThrow(/chunkSize: must be a multiple of the 16384-byte page size/);
  });
});
