import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../../core/db-schema.ts';
import { siteSettingsSchema } from '../../core/site-config.ts';
import { pruneChunks } from './chunk-store.ts';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trawl-chunk-store-test-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const hash = (digit: string): string => digit.repeat(32);

/** A version folder whose config.json lists `hashes`, one page each. */
async function versionListing(outDir: string, version: string, hashes: string[]): Promise<void> {
  await mkdir(join(outDir, version), { recursive: true });
  const config = {
    version,
    serverMode: 'chunked',
    requestChunkSize: PAGE_SIZE,
    databaseLengthBytes: hashes.length * PAGE_SIZE,
    serverChunkSize: PAGE_SIZE,
    urlPrefix: 'db.sqlite3.',
    suffixLength: 3,
    chunks: hashes,
    site: siteSettingsSchema.parse({}),
  };
  await writeFile(join(outDir, version, 'config.json'), JSON.stringify(config));
}

async function chunkFolder(outDir: string, names: string[]): Promise<void> {
  await mkdir(join(outDir, 'chunks'), { recursive: true });
  for (const name of names) await writeFile(join(outDir, 'chunks', name), 'x');
}

describe('pruneChunks', () => {
  it('deletes only the chunk files no kept version lists, never one the latest or an older one uses', async () => {
    const out = join(root, 'kept');
    await versionListing(out, 'v1-aaaaaaaaaaaa', [hash('1'), hash('2'), hash('1')]);
    await versionListing(out, 'v1-bbbbbbbbbbbb', [hash('2'), hash('3')]);
    await chunkFolder(out, [
      ...['1', '2', '3', '4', '5'].map((digit) => `${hash(digit)}.bin`),
      // Not a name Trawl writes: never touched.
      'README.txt',
      `${hash('6')}.bin.part`,
    ]);
    const pruned = await pruneChunks(out, ['v1-aaaaaaaaaaaa', 'v1-bbbbbbbbbbbb']);
    expect(pruned.sort()).toEqual([`${hash('4')}.bin`, `${hash('5')}.bin`]);
    expect((await readdir(join(out, 'chunks'))).sort()).toEqual(
      [
        `${hash('1')}.bin`,
        `${hash('2')}.bin`,
        `${hash('3')}.bin`,
        'README.txt',
        `${hash('6')}.bin.part`,
      ].sort(),
    );
  });

  it('deletes nothing while a version folder has no readable config.json', async () => {
    const out = join(root, 'unreadable');
    await versionListing(out, 'v1-aaaaaaaaaaaa', [hash('1')]);
    await mkdir(join(out, 'v1-cccccccccccc'));
    await writeFile(join(out, 'v1-cccccccccccc', 'config.json'), '{"version": "v1-cccc');
    await chunkFolder(out, [`${hash('1')}.bin`, `${hash('2')}.bin`]);
    expect(await pruneChunks(out, ['v1-aaaaaaaaaaaa', 'v1-cccccccccccc'])).toEqual([]);
    expect(await readdir(join(out, 'chunks'))).toHaveLength(2);
  });

  it('is a no-op without a chunks folder (an output folder of older builds)', async () => {
    const out = join(root, 'old');
    await versionListing(out, 'v1-aaaaaaaaaaaa', [hash('1')]);
    expect(await pruneChunks(out, ['v1-aaaaaaaaaaaa'])).toEqual([]);
  });
});
