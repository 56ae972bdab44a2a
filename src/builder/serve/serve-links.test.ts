/**
 * `trawl serve` answers only with files whose real path is inside a mount: a link in the media
 * or database folder that leads out (to a file, a folder, through a chain) is not served.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, type RunningServer } from './serve.ts';
import {
  addHostileLinks,
  OUTSIDE_SECRET,
  type HostileLinks,
} from '../test-support/hostile-links.ts';

describe('startServer with links in its folders', () => {
  let root: string;
  let server: RunningServer;
  let links: HostileLinks;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'trawl-serve-links-'));
    const outside = join(root, 'outside');
    const media = join(root, 'media');
    links = await addHostileLinks(media, outside);
    // A mount folder that is itself a link is fine.
    await symlink(media, join(root, 'media-link'));
    await writeFile(join(outside, 'index.html'), OUTSIDE_SECRET);
    const db = join(root, 'db');
    await mkdir(db);
    await writeFile(join(db, 'latest.json'), '{"latest":"v1"}');
    await symlink(outside, join(db, 'v1'));
    const site = join(root, 'site');
    await mkdir(site);
    await symlink(join(outside, 'index.html'), join(site, 'index.html'));
    server = await startServer({
      mounts: [
        { prefix: '/db/', dir: db },
        { prefix: '/', dir: site, spaFallback: true },
        { prefix: '/', dir: join(root, 'media-link') },
      ],
    });
  });

  afterAll(async () => {
    await server.close();
    await rm(root, { recursive: true, force: true });
  });

  test('links that lead out of their folder, or dangle, or loop, are not served', async () => {
    const paths = [
      ...links.leadingOut.map((path) => (path === 'etc' ? '/etc/passwd' : `/${path}`)),
      ...links.broken.map((path) => `/${path}`),
      '/db/v1/etc/passwd',
      '/db/v1/index.html',
    ];
    expect(paths).toHaveLength(10);
    for (const path of paths) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain(OUTSIDE_SECRET);
    }
  });

  test('links that stay inside the folder are served', async () => {
    for (const path of [
      '/audio/1.mp3',
      '/audio/again.mp3',
      '/sounds/1.mp3',
      '/audio/up/audio/1.mp3',
    ]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toBe('audio/mpeg');
      expect(await response.text(), path).toBe('episode one');
    }
  });

  test('an index.html that links out is no SPA fallback', async () => {
    for (const path of ['/', '/episodes/1']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain(OUTSIDE_SECRET);
    }
  });
});
