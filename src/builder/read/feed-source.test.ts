import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFeedFile } from './feed-source.ts';
import { initPodcast } from '../init.ts';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trawl-feed-source-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('readFeedFile', () => {
  it('refuses a feed file over the limit, naming its size and the limit', async () => {
    // Sparse: 560 MiB on paper, nothing on disk.
    const huge = join(root, 'huge.xml');
    const handle = await open(huge, 'w');
    await handle.truncate(560 * 1024 * 1024);
    await handle.close();
    await expect(readFeedFile(huge)).rejects.toThrow(
      `${huge}: the feed is too large: 560.0 MiB (limit 64 MiB)`,
    );
    await expect(initPodcast({ dir: join(root, 'show'), feed: huge })).rejects.toThrow(
      'the feed is too large: 560.0 MiB (limit 64 MiB)',
    );
  });

  it('names a missing file', async () => {
    await expect(readFeedFile(join(root, 'none.xml'))).rejects.toThrow(/none\.xml: cannot read/);
  });
});
