import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './serve.ts';
import { siteMounts } from './site-mounts.ts';
import { pageFileFor } from '../publish/version-pages.ts';

const VERSION = 'v1-0123456789ab';

let dir: string;
let server: RunningServer;

async function get(path: string): Promise<{ status: number; body: string; type: string }> {
  const response = await fetch(`${server.url}${path}`);
  return {
    status: response.status,
    body: await response.text(),
    type: response.headers.get('content-type') ?? '',
  };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trawl-serve-pages-'));
  const site = join(dir, 'site');
  const db = join(dir, 'db');
  const pages = join(db, VERSION, 'pages');
  await mkdir(join(pages, 'episodes'), { recursive: true });
  await mkdir(site);
  await writeFile(join(site, 'index.html'), 'spa shell');
  await writeFile(join(site, 'app.js'), 'code');
  await writeFile(join(db, 'latest.json'), JSON.stringify({ latest: VERSION }));
  await writeFile(join(pages, 'index.html'), 'home page');
  await writeFile(join(pages, 'episodes', '14.5.html'), 'episode 14.5');
  await writeFile(join(pages, '404.html'), 'not found page');
  await writeFile(join(pages, 'sitemap.xml'), '<urlset/>');
  await writeFile(join(dir, 'secret.txt'), 'secret');
  await symlink(join(dir, 'secret.txt'), join(pages, 'episodes', '7.html'));
  server = await startServer({ mounts: siteMounts({ dbDir: db, siteDir: site }) });
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('trawl serve with pre-rendered pages', () => {
  it('answers the home page and an episode page with their own pages', async () => {
    expect(await get('/')).toMatchObject({ status: 200, body: 'home page' });
    expect(await get('/?q=vanilla')).toMatchObject({ status: 200, body: 'home page' });
    const episode = await get('/episodes/14.5');
    expect(episode).toMatchObject({ status: 200, body: 'episode 14.5' });
    expect(episode.type).toBe('text/html; charset=utf-8');
    expect(await get('/sitemap.xml')).toMatchObject({ status: 200, body: '<urlset/>' });
  });

  it('answers an unknown route with the 404 page and status 404, and assets as files', async () => {
    expect(await get('/episodes/999')).toMatchObject({ status: 404, body: 'not found page' });
    // Canonical numbers only (decision 0038), as nginx answers them.
    expect(await get('/episodes/014.50')).toMatchObject({ status: 404, body: 'not found page' });
    expect(await get('/episodes/14.50/')).toMatchObject({ status: 404, body: 'not found page' });
    expect(await get('/no/such/page')).toMatchObject({ status: 404, body: 'not found page' });
    expect(await get('/app.js')).toMatchObject({ status: 200, body: 'code' });
    expect((await get('/missing.js')).status).toBe(404);
  });

  it('never serves a page file whose link leads out of the pages folder', async () => {
    expect(await get('/episodes/7')).toMatchObject({ status: 404, body: 'not found page' });
  });
});

describe('pageFileFor', () => {
  it('names a file only for the site paths that have pages', () => {
    expect(pageFileFor('/')).toBe('index.html');
    expect(pageFileFor('/episodes/12')).toBe('episodes/12.html');
    expect(pageFileFor('/episodes/12/')).toBe('episodes/12.html');
    expect(pageFileFor('/robots.txt')).toBe('robots.txt');
    for (const hostile of [
      '/episodes/014.50',
      '/episodes/01',
      '/episodes/4.50',
      '/episodes/../../etc/passwd',
      '/episodes/1%2F..',
      '/episodes/',
      '/x',
    ]) {
      expect(pageFileFor(hostile)).toBeUndefined();
    }
  });
});
