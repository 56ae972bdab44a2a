/**
 * `trawl serve` answers only with files whose real path is inside a mount: a link in the media
 * or database folder that leads out (to a file, a folder, through a chain) is not served.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, type RunningServer } from './serve.ts';

const SECRET = 'root:x:0:0:the secret outside every mount';

describe('startServer with links in its folders', () => {
  let root: string;
  let server: RunningServer;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'trawl-serve-links-'));
    const outside = join(root, 'outside');
    await mkdir(join(outside, 'etc'), { recursive: true });
    await writeFile(join(outside, 'etc/passwd'), SECRET);
    await writeFile(join(outside, 'index.html'), SECRET);
    const media = join(root, 'media');
    await mkdir(join(media, 'audio'), { recursive: true });
    await writeFile(join(media, 'audio/1.mp3'), 'episode one');
    // Links out of the folder: to a file, to a folder, and a chain that ends outside.
    await symlink(join(outside, 'etc/passwd'), join(media, 'audio/passwd.mp3'));
    await symlink(join(outside, 'etc'), join(media, 'etc'));
    await symlink(join(outside, 'etc/passwd'), join(media, 'chain-end.mp3'));
    await symlink(join(media, 'chain-end.mp3'), join(media, 'audio/chain.mp3'));
    await symlink('../../outside/etc/passwd', join(media, 'audio/relative.mp3'));
    await symlink(join(media, 'audio/missing.mp3'), join(media, 'audio/dangling.mp3'));
    await symlink(join(media, 'audio/loop-b.mp3'), join(media, 'audio/loop-a.mp3'));
    await symlink(join(media, 'audio/loop-a.mp3'), join(media, 'audio/loop-b.mp3'));
    // Links that stay inside are fine, and so is a mount folder that is itself a link.
    await symlink(join(media, 'audio/1.mp3'), join(media, 'audio/again.mp3'));
    await symlink(join(media, 'audio'), join(media, 'sounds'));
    await symlink(media, join(root, 'media-link'));
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

  const OUT_OF_ROOT = [
    '/audio/passwd.mp3',
    '/etc/passwd',
    '/audio/chain.mp3',
    '/chain-end.mp3',
    '/audio/relative.mp3',
    '/db/v1/etc/passwd',
    '/db/v1/index.html',
  ];

  test.each(OUT_OF_ROOT)('%s leads out of its folder and is not served', async (path) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain(SECRET);
  });

  test('dangling and looping links are not found', async () => {
    for (const path of ['/audio/dangling.mp3', '/audio/loop-a.mp3']) {
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(404);
    }
  });

  test('links that stay inside the folder are served', async () => {
    for (const path of ['/audio/1.mp3', '/audio/again.mp3', '/sounds/1.mp3']) {
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
      expect(await response.text(), path).not.toContain(SECRET);
    }
  });
});
