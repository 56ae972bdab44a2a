import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentName, DownloadCache } from './download-cache.ts';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trawl-download-cache-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('DownloadCache', () => {
  it('keeps the last good copy of each URL by content, and only what an entry names', async () => {
    const dir = join(root, 'plain', '.trawl-cache');
    const cache = await DownloadCache.open(dir);
    // Nothing downloaded, nothing written.
    await cache.save();
    await expect(readdir(join(root, 'plain'))).rejects.toThrow();

    const first = await cache.commit(
      'https://a.example/feed.xml',
      Buffer.from('<rss>1</rss>'),
      'xml',
      {
        etag: '"1"',
      },
    );
    expect(first.file).toBe(contentName(Buffer.from('<rss>1</rss>'), 'xml'));
    await cache.commit('https://a.example/feed.xml', Buffer.from('<rss>2</rss>'), 'xml', {
      lastModified: 'Mon, 25 Mar 2024 09:00:00 GMT',
    });
    await cache.save();
    // The older copy of the feed is gone; the index names the newer with its validators.
    expect(await readdir(join(dir, 'files'))).toEqual([
      contentName(Buffer.from('<rss>2</rss>'), 'xml'),
    ]);
    const reopened = await DownloadCache.open(dir);
    const entry = reopened.entry('https://a.example/feed.xml');
    expect(entry).toMatchObject({ lastModified: 'Mon, 25 Mar 2024 09:00:00 GMT', bytes: 12 });
    expect(entry?.etag).toBeUndefined();
    expect((await reopened.read(entry ?? first))?.toString()).toBe('<rss>2</rss>');
  });

  it('reads no copy changed by hand and no link, and refuses a cache folder that is a link', async () => {
    const dir = join(root, 'tampered', '.trawl-cache');
    const cache = await DownloadCache.open(dir);
    const entry = await cache.commit('https://a.example/t.vtt', Buffer.from('WEBVTT\n'), 'vtt', {});
    await cache.save();
    await writeFile(cache.path(entry), 'WEBVTT\n\nchanged by hand');
    expect(await cache.read(entry)).toBeUndefined();
    await rm(cache.path(entry));
    await writeFile(join(root, 'secret.txt'), 'secret');
    await symlink(join(root, 'secret.txt'), cache.path(entry));
    expect(await cache.read(entry)).toBeUndefined();

    const linked = join(root, 'linked');
    await mkdir(linked, { recursive: true });
    await symlink(join(root, 'elsewhere'), join(linked, '.trawl-cache'));
    await expect(DownloadCache.open(join(linked, '.trawl-cache'))).rejects.toThrow(
      'is not a folder (a link or a file)',
    );
  });

  it('starts afresh from an index that is not one, or names files outside the cache', async () => {
    const dir = join(root, 'hostile-index', '.trawl-cache');
    await mkdir(dir, { recursive: true });
    for (const [index, reason] of [
      ['not json', /index\.json is not JSON/],
      [
        JSON.stringify({
          version: 1,
          entries: { x: { file: '../../../etc/passwd', checked: '', bytes: 1 } },
        }),
        /not a Trawl cache index/,
      ],
      [JSON.stringify({ version: 2, entries: {} }), /not a Trawl cache index/],
    ] as const) {
      await writeFile(join(dir, 'index.json'), index);
      const cache = await DownloadCache.open(dir);
      expect(cache.discarded).toMatch(reason);
      expect(cache.entry('x')).toBeUndefined();
    }
    const cache = await DownloadCache.open(dir);
    await cache.commit('https://a.example/c.json', Buffer.from('{}'), 'json', {});
    await cache.save();
    expect(JSON.parse(await readFile(join(dir, 'index.json'), 'utf8'))).toMatchObject({
      version: 1,
      entries: { 'https://a.example/c.json': { bytes: 2 } },
    });
  });
});
