import Database from 'better-sqlite3';
import {
  copyFile,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagesIndexSchema } from '../../core/prerendered-page.ts';
import type { DbConfig } from '../../core/site-config.ts';
import {
  buildFixturePodcast,
  episodeNumbers,
  publishedConfig,
} from '../test-support/fixture-podcast.ts';
import { writeVersionPages, type SiteBuild } from './prerender.ts';
import { hashResults, RENDER_CACHE_FOLDER } from './render-cache.ts';

const TEMPLATE =
  '<!doctype html><html><head><title>Trawl</title></head><body><div id="root"></div></body></html>';

/** A site build whose episode pages show their own title, counting the paths it renders. */
function titleBuild(rendered: string[]): SiteBuild {
  return {
    id: 'test',
    template: TEMPLATE,
    renderer: {
      async renderPage(source, path) {
        rendered.push(path);
        const episode = /^\/episodes\/(.+)$/.exec(path)?.[1];
        const [row] =
          episode === undefined
            ? []
            : await source.query<{ title: string }>(
                'SELECT title FROM episodes WHERE episode = ?',
                [episode],
              );
        return { status: 200, appHtml: `<h1>${row?.title ?? path}</h1>`, data: { path } };
      },
    },
    snapshot: (_source, path) => Promise.resolve({ path }),
  };
}

let dir: string;
let databaseFile: string;
let config: DbConfig;
let episodes: string[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trawl-render-cache-'));
  const built = await buildFixturePodcast(dir);
  databaseFile = join(dir, 'copy.sqlite3');
  await copyFile(built.databaseFile, databaseFile);
  config = await publishedConfig(built.result.versionDir);
  episodes = episodeNumbers(databaseFile);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Renders every page into `<dir>/<name>/pages` with the cache in `<dir>/cache`. */
async function pagesOf(
  name: string,
  keyFile = join(dir, 'render.key'),
): Promise<{ rendered: string[]; pagesDir: string }> {
  const rendered: string[] = [];
  const pagesDir = join(dir, name, 'pages');
  await writeVersionPages({
    databasePath: databaseFile,
    config,
    build: titleBuild(rendered),
    pagesDir,
    siteUrl: '',
    cacheDir: join(dir, 'cache'),
    cacheKeyFile: keyFile,
  });
  return { rendered: rendered.filter((path) => path.startsWith('/episodes/')), pagesDir };
}

async function episodePage(pagesDir: string, episode: string): Promise<string> {
  return readFile(join(pagesDir, 'episodes', `${episode}.html`), 'utf8');
}

describe('the render cache of episode pages', () => {
  it('renders a page again only when what it shows changed, and lists every hash', async () => {
    const first = await pagesOf('week-1');
    expect(first.rendered).toHaveLength(episodes.length);
    const index = pagesIndexSchema.parse(
      JSON.parse(await readFile(join(dir, 'week-1', 'pages.json'), 'utf8')),
    );
    expect(Object.keys(index.pages).sort()).toEqual(
      episodes.map((episode) => `/episodes/${episode}`).sort(),
    );
    // Each page carries the hash its version lists for it.
    const page = await episodePage(first.pagesDir, '14.5');
    expect(page).toContain(
      `<meta name="trawl-page-hash" content="${index.pages['/episodes/14.5']}">`,
    );

    // Nothing changed: no episode page is rendered, and each keeps its bytes.
    const second = await pagesOf('week-2');
    expect(second.rendered).toEqual([]);
    for (const episode of episodes) {
      expect(await episodePage(second.pagesDir, episode)).toBe(
        await episodePage(first.pagesDir, episode),
      );
    }
    expect(await readFile(join(dir, 'week-2', 'pages.json'), 'utf8')).toBe(
      await readFile(join(dir, 'week-1', 'pages.json'), 'utf8'),
    );

    // One episode's title changes in the database: that page alone is rendered again.
    const sqlite = new Database(databaseFile);
    sqlite.prepare("UPDATE episodes SET title = 'A New Title' WHERE episode = '1'").run();
    sqlite.close();
    const third = await pagesOf('week-3');
    expect(third.rendered).toEqual(['/episodes/1']);
    expect(await episodePage(third.pagesDir, '1')).toContain('<h1>A New Title</h1>');
    expect(await episodePage(third.pagesDir, '5')).toBe(await episodePage(first.pagesDir, '5'));
  });

  it('renders again over a torn or foreign cache file, without failing', async () => {
    await pagesOf('warm');
    const cacheDir = join(dir, 'cache', RENDER_CACHE_FOLDER);
    const files = await readdir(cacheDir);
    expect(files.length).toBeGreaterThan(0);
    for (const [at, file] of files.entries()) {
      await writeFile(join(cacheDir, file), at % 2 === 0 ? '{"key": tor' : '{"key":"x"}');
    }
    const again = await pagesOf('torn');
    expect(again.rendered).toHaveLength(episodes.length);
    expect(await episodePage(again.pagesDir, '14.5')).toContain('<h1>');
  });

  it("never uses another machine's entries (a copied folder) or a cache folder that is a link", async () => {
    await pagesOf('mine');
    expect((await pagesOf('mine-again')).rendered).toEqual([]);
    // Another key: the same entries, as a folder copied from elsewhere brings them.
    const foreign = await pagesOf('foreign', join(dir, 'other.key'));
    expect(foreign.rendered).toHaveLength(episodes.length);
    // The cache folder replaced by a link to a folder of (valid) entries: not read through.
    const cacheDir = join(dir, 'cache', RENDER_CACHE_FOLDER);
    await pagesOf('fill');
    await rename(cacheDir, join(dir, 'elsewhere'));
    await symlink(join(dir, 'elsewhere'), cacheDir);
    const linked = await pagesOf('linked');
    expect(linked.rendered).toHaveLength(episodes.length);
    await rm(cacheDir);
    await rename(join(dir, 'elsewhere'), cacheDir);
  });
});

describe('hashResults', () => {
  it('tells rows apart by their values, bytes included, and by the query they came from', () => {
    const one = hashResults([[{ id: 1, data: Buffer.from([1, 2]) }]]);
    expect(hashResults([[{ id: 1, data: Buffer.from([1, 2]) }]])).toBe(one);
    expect(hashResults([[{ id: 1, data: Buffer.from([1, 3]) }]])).not.toBe(one);
    expect(hashResults([[{ id: 1 }], [{ data: Buffer.from([1, 2]) }]])).not.toBe(one);
    expect(hashResults([[{ a: 'x' }, { a: 'y' }]])).not.toBe(hashResults([[{ a: 'xy' }]]));
  });
});
