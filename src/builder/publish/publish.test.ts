import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDirectories, pruneVersions, readLatest, writeLatest } from './publish.ts';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trawl-publish-test-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function version(out: string, name: string, ageSeconds: number): Promise<void> {
  await mkdir(join(out, name), { recursive: true });
  const when = new Date(Date.now() - ageSeconds * 1000);
  await utimes(join(out, name), when, when);
}

describe('pruneVersions', () => {
  it('keeps the newest versions and the one latest.json names, and nothing else of ours', async () => {
    const out = join(root, 'prune');
    await version(out, 'v1-000000000001', 40);
    await version(out, 'v1-000000000002', 30);
    await version(out, 'v1-000000000003', 20);
    await version(out, 'v1-000000000004', 10);
    await mkdir(join(out, 'not-a-version'));
    await writeLatest(out, 'v1-000000000001');
    const pruned = await pruneVersions(out, 1);
    expect(pruned.sort()).toEqual(['v1-000000000002', 'v1-000000000003']);
    expect((await readdir(out)).sort()).toEqual([
      'latest.json',
      'not-a-version',
      'v1-000000000001',
      'v1-000000000004',
    ]);
  });
});

describe('writeLatest and readLatest', () => {
  it('round-trip the version and leave no temporary file', async () => {
    const out = join(root, 'latest');
    await mkdir(out);
    await writeLatest(out, 'v1-abcdefabcdef');
    expect(await readLatest(out)).toEqual({ latest: 'v1-abcdefabcdef' });
    expect(await readdir(out)).toEqual(['latest.json']);
    expect(await readFile(join(out, 'latest.json'), 'utf8')).toBe('{"latest":"v1-abcdefabcdef"}\n');
  });

  it('reads a missing or broken latest.json as absent', async () => {
    const out = join(root, 'broken-latest');
    await mkdir(out);
    expect(await readLatest(out)).toBeUndefined();
    await writeFile(join(out, 'latest.json'), '{"latest":"../escape"}');
    expect(await readLatest(out)).toBeUndefined();
  });
});

describe('makeDirectories', () => {
  it('creates missing parents and refuses a path through a file', async () => {
    await makeDirectories(join(root, 'a', 'b', 'c'));
    expect(await readdir(join(root, 'a', 'b'))).toEqual(['c']);
    await writeFile(join(root, 'file'), 'x');
    await expect(makeDirectories(join(root, 'file', 'sub'))).rejects.toThrow(
      /file is not a folder/,
    );
  });
});
