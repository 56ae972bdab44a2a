import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteMounts } from '../src/builder/serve/site-mounts.ts';
import { compressedSizer, fileFor } from './assets.ts';
import { firstScreenBytes, isRenderBlocking } from './bundle-size.ts';
import type { TrafficEntry } from './traffic.ts';

const VERSION = 'v1-0123456789ab';
let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trawl-bench-pages-'));
  const pages = join(root, 'db', VERSION, 'pages');
  await mkdir(join(pages, 'episodes'), { recursive: true });
  await writeFile(join(root, 'db', 'latest.json'), JSON.stringify({ latest: VERSION }));
  await writeFile(join(pages, 'index.html'), `<p>home</p>${'<p>row</p>'.repeat(500)}`);
  await writeFile(join(pages, 'episodes', '14.5.html'), '<p>episode</p>');
  await writeFile(join(pages, '404.html'), '<p>not found</p>');
  await mkdir(join(root, 'site', 'assets'), { recursive: true });
  await writeFile(join(root, 'site', 'index.html'), '<div id="root"></div>');
  await writeFile(join(root, 'site', 'assets', 'index-Ab12.css'), 'body{}'.repeat(200));
  await writeFile(join(root, 'site', 'assets', 'index-Ab12.js'), 'x'.repeat(5000));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

function entry(path: string, bytes: number): TrafficEntry {
  return { method: 'GET', path, status: 200, bytes, range: undefined, at: 0 };
}

describe('the bytes before the first screen', () => {
  it('weighs the pages a pages mount serves, not the app shell', () => {
    const mounts = siteMounts({ dbDir: join(root, 'db'), siteDir: join(root, 'site') });
    const pages = join(root, 'db', VERSION, 'pages');
    expect(fileFor(mounts, '/')).toBe(join(pages, 'index.html'));
    expect(fileFor(mounts, '/episodes/14.5')).toBe(join(pages, 'episodes', '14.5.html'));
    expect(fileFor(mounts, '/episodes/999')).toBe(join(pages, '404.html'));
    expect(fileFor(mounts, '/assets/index-Ab12.css')).toBe(
      join(root, 'site', 'assets', 'index-Ab12.css'),
    );
  });

  it('counts the page and its CSS, gzipped, and not the scripts or the database', () => {
    const mounts = siteMounts({ dbDir: join(root, 'db'), siteDir: join(root, 'site') });
    const visit = [
      entry('/', 5014),
      entry('/assets/index-Ab12.css', 1200),
      entry('/assets/index-Ab12.js', 5000),
      entry(`/db/${VERSION}/db.sqlite3.000`, 16_384),
    ];
    expect(visit.map(isRenderBlocking)).toEqual([true, true, false, false]);
    const bytes = firstScreenBytes(visit, compressedSizer(mounts));
    // Both files repeat one pattern: gzip shrinks them to well under a tenth.
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThan((5014 + 1200) / 10);
  });
});
