import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkChunkFiles, joinChunks, readChunks, writeChunks } from './chunk-files.ts';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trawl-chunk-files-test-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('chunk files on disk', () => {
  it('cuts a file into fixed-size chunks, checks them and joins them back byte for byte', async () => {
    const dir = join(root, 'chunks');
    await mkdir(dir);
    const source = join(root, 'source.bin');
    const bytes = Buffer.from(Array.from({ length: 2500 }, (_, index) => index % 251));
    await writeFile(source, bytes);
    const layout = await writeChunks(source, dir, 1024);
    expect(layout).toEqual({
      databaseLengthBytes: 2500,
      serverChunkSize: 1024,
      urlPrefix: 'db.sqlite3.',
      suffixLength: 3,
    });
    const sizes = await Promise.all(
      ['db.sqlite3.000', 'db.sqlite3.001', 'db.sqlite3.002'].map(
        async (name) => (await readFile(join(dir, name))).length,
      ),
    );
    expect(sizes).toEqual([1024, 1024, 452]);
    expect(await checkChunkFiles(dir, layout)).toEqual({
      names: ['db.sqlite3.000', 'db.sqlite3.001', 'db.sqlite3.002'],
    });
    await writeFile(join(dir, 'config.json'), JSON.stringify(configFor(layout)));
    await joinChunks(dir, join(root, 'joined.bin'));
    expect((await readFile(join(root, 'joined.bin'))).equals(bytes)).toBe(true);
  });

  it('names a missing or cut chunk file and the size config.json expects', async () => {
    const dir = join(root, 'broken');
    await mkdir(dir);
    const source = join(root, 'source2.bin');
    await writeFile(source, Buffer.alloc(2048, 1));
    const layout = await writeChunks(source, dir, 1024);
    await writeFile(join(dir, 'db.sqlite3.001'), Buffer.alloc(1000));
    expect(await checkChunkFiles(dir, layout)).toEqual({
      problem: `${join(dir, 'db.sqlite3.001')}: 1000 bytes, config.json expects 1024 bytes`,
    });
    await expect(readChunks(dir, layout)).rejects.toThrow(
      /db\.sqlite3\.001: 1000 bytes, config\.json expects 1024/,
    );
    await rm(join(dir, 'db.sqlite3.000'));
    expect(await checkChunkFiles(dir, layout)).toEqual({
      problem: `${join(dir, 'db.sqlite3.000')}: missing, config.json expects 1024 bytes`,
    });
  });
});

function configFor(layout: Awaited<ReturnType<typeof writeChunks>>): unknown {
  return {
    version: 'v1-000000000000',
    serverMode: 'chunked',
    requestChunkSize: 1024,
    ...layout,
    site: {},
  };
}
