import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { latestSchema } from '../src/core/site-config.ts';
import { bundle } from '../src/builder/deploy/bundle.ts';
import { readVersionConfig } from '../src/builder/publish/chunk-files.ts';
import { writeBuiltSiteWithServer } from '../src/builder/test-support/bundle-fixtures.ts';
import { writeSyntheticPodcast } from '../src/builder/test-support/synthetic-podcast.ts';
import { bundleFiles, newToHost } from './weekly-update.ts';

const REPO_ROOT = resolve(import.meta.dirname, '..');
const run = promisify(execFile);

const folders: string[] = [];

afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function bundleOf(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'trawl-weekly-'));
  folders.push(dir);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return dir;
}

describe('newToHost', () => {
  it('counts a file as new when its path is new or its bytes changed, and by its folder', async () => {
    const before = await bundleOf({
      'index.html': 'home 1',
      'episodes/1.html': 'one',
      'episodes/2.html': 'two',
      'db/v1-aaaaaaaaaaaa/db.sqlite3.000': 'chunk',
      'assets/app.js': 'app',
    });
    const after = await bundleOf({
      'index.html': 'home 2',
      'episodes/1.html': 'one',
      'episodes/2.html': 'two, next: 3',
      'episodes/3.html': 'three',
      'db/v1-aaaaaaaaaaaa/db.sqlite3.000': 'chunk',
      'db/v1-bbbbbbbbbbbb/db.sqlite3.000': 'chunk',
      'assets/app.js': 'app',
    });
    const result = newToHost(await bundleFiles(before), await bundleFiles(after));
    expect(result).toEqual({
      files: 4,
      bytes: 'home 2'.length + 'two, next: 3'.length + 'three'.length + 'chunk'.length,
      totalFiles: 7,
      totalBytes: 6 + 3 + 12 + 5 + 5 + 5 + 3,
      byFolder: {
        '.': { files: 1, bytes: 6 },
        episodes: { files: 2, bytes: 17 },
        // The same bytes at a new URL are new to a host and to every cache in front of it.
        'db/v1-bbbbbbbbbbbb': { files: 1, bytes: 5 },
      },
    });
  });

  it('finds nothing new in the same bundle twice', async () => {
    const dir = await bundleOf({ 'index.html': 'home', 'episodes/1.html': 'one' });
    const files = await bundleFiles(dir);
    expect(newToHost(files, files)).toMatchObject({ files: 0, bytes: 0, totalFiles: 2 });
  });
});

async function trawl(...args: string[]): Promise<void> {
  await run(process.execPath, [join(REPO_ROOT, 'bin/trawl.js'), ...args], { cwd: REPO_ROOT });
}

async function latestVersion(out: string): Promise<string> {
  return latestSchema.parse(JSON.parse(await readFile(join(out, 'latest.json'), 'utf8'))).latest;
}

describe('a weekly update with the real CLI', () => {
  it('sends the new version, the new pages and the pages that list it; the rest stays as the host has it', async () => {
    const root = await mkdtemp(join(tmpdir(), 'trawl-weekly-cli-'));
    folders.push(root);
    // The first five episodes of both folders are byte-identical: one generator, one seed.
    await writeSyntheticPodcast(join(root, 'week-1'), { episodes: 5, wordsPerEpisode: 200 });
    await writeSyntheticPodcast(join(root, 'week-2'), { episodes: 6, wordsPerEpisode: 200 });
    // A renderer that shows an episode's own title and the home page's list (no archive-wide
    // count on an episode's page), so this measures what the builder itself adds to pages.
    const site = await writeBuiltSiteWithServer(join(root, 'built'), '/');
    // Outside the repository, the CLI's own Node reads the entry as a module only when told.
    await writeFile(join(root, 'built', 'package.json'), '{"type":"module"}\n');
    const podcast = join(root, 'podcast');
    const out = join(root, 'out');
    await cp(join(root, 'week-1'), podcast, { recursive: true });
    const build = (): Promise<void> =>
      trawl('build', podcast, '--out', out, '--site', site, '--keep', '1');
    // The builds are the CLI's; the bundles are the same function `trawl bundle` calls.
    const bundleTo = async (target: string): Promise<void> => {
      await bundle({ db: out, out: target, site, keep: 1 });
    };

    await build();
    const first = await latestVersion(out);
    await bundleTo(join(root, 'bundle-1'));
    await cp(join(root, 'week-2'), podcast, { recursive: true, force: true });
    await build();
    const second = await latestVersion(out);
    await bundleTo(join(root, 'bundle-2'));
    expect(second).not.toBe(first);

    const before = await bundleFiles(join(root, 'bundle-1', 'public'));
    const after = await bundleFiles(join(root, 'bundle-2', 'public'));
    const update = newToHost(before, after);
    const fresh = [...after.keys()].filter(
      (path) => before.get(path)?.sha256 !== after.get(path)?.sha256,
    );
    // The previous version is still there, byte for byte, for pages still open on it.
    expect([...after.keys()].filter((path) => path.startsWith(`db/${first}/`))).toEqual(
      [...before.keys()].filter((path) => path.startsWith(`db/${first}/`)),
    );
    expect(fresh.filter((path) => path.startsWith(`db/${first}/`))).toEqual([]);
    // The site's own files are the same build: nothing new.
    expect(fresh.filter((path) => path.startsWith('assets/'))).toEqual([]);
    // Pages: the new episode's, and the home page that lists every episode (no site URL, so
    // no sitemap). Episodes 1-5 keep their bytes: the builder bakes nothing archive-wide into
    // a page; what the site's renderer puts in it is its own (the bench measures the real one).
    expect(fresh.filter((path) => !path.startsWith('db/')).sort()).toEqual([
      'episodes/6.html',
      'index.html',
    ]);
    expect(fresh).not.toContain('episodes/5.html');
    // The database: the new version folder, latest.json, and only the chunk files whose bytes
    // the previous version did not publish (decision 0060): the rest keep their names.
    const listed = async (version: string): Promise<string[]> =>
      (await readVersionConfig(join(out, version))).chunks ?? [];
    const earlier = new Set(await listed(first));
    const newChunks = (await listed(second)).filter((hash) => !earlier.has(hash));
    expect(fresh.filter((path) => path.startsWith('db/')).sort()).toEqual(
      [
        ...[...after.keys()].filter(
          (path) => path.startsWith(`db/${second}/`) || path === 'db/latest.json',
        ),
        ...new Set(newChunks.map((hash) => `db/chunks/${hash}.bin`)),
      ].sort(),
    );
    expect(update.byFolder['db/chunks']?.files ?? 0).toBe(new Set(newChunks).size);
    expect(newChunks.length).toBeGreaterThan(0);
    // Two CLI runs, each a fresh Node with its TypeScript loader.
  }, 180_000);
});
