import Database from 'better-sqlite3';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbConfig } from '../../core/site-config.ts';
import { loadSiteBuild, writeVersionPages, type SiteBuild } from './prerender.ts';
import {
  buildFixturePodcast,
  episodeNumbers,
  publishedConfig,
} from '../test-support/fixture-podcast.ts';

const TEMPLATE =
  '<!doctype html><html><head><title>Trawl</title></head><body><div id="root"></div></body></html>';

/** A site build whose renderer writes the path it was asked for, and which queries it ran. */
function echoBuild(): SiteBuild {
  return {
    id: 'test',
    template: TEMPLATE,
    renderer: {
      async renderPage(source, path) {
        const [row] = await source.query<{ n: number }>('SELECT count(*) AS n FROM episodes');
        return {
          status: path === '/404' ? 404 : 200,
          appHtml: `<p data-path="${path}">${row?.n ?? 0} episodes</p>`,
          data: { path },
        };
      },
    },
  };
}

let dir: string;
let databaseFile: string;
let config: DbConfig;
let episodes: string[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trawl-prerender-'));
  const built = await buildFixturePodcast(dir);
  databaseFile = built.databaseFile;
  config = await publishedConfig(built.result.versionDir);
  episodes = episodeNumbers(databaseFile);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The og:image of a written page, or null. */
async function ogImage(file: string): Promise<string | null> {
  const page = await readFile(file, 'utf8');
  return /<meta property="og:image" content="([^"]*)">/.exec(page)?.[1] ?? null;
}

describe('writeVersionPages', () => {
  it('writes the home page, one page per episode and the 404 page', async () => {
    const pagesDir = join(dir, 'pages-a');
    const count = await writeVersionPages({
      databasePath: databaseFile,
      config,
      build: echoBuild(),
      pagesDir,
      siteUrl: '',
    });
    // 5 a page: '/' and '/page/2' for the fixture's episodes.
    const listPages = Math.ceil(episodes.length / 5);
    expect(listPages).toBe(2);
    expect(count).toBe(episodes.length + (listPages - 1) + 2);
    expect(await readdir(join(pagesDir, 'page'))).toEqual(['2.html']);
    const second = await readFile(join(pagesDir, 'page', '2.html'), 'utf8');
    expect(second).toContain(`<p data-path="/page/2">`);
    expect(second).toContain('<title>Fixture Facts · page 2 of 2</title>');
    expect((await readdir(join(pagesDir, 'episodes'))).sort()).toEqual(
      episodes.map((episode) => `${episode}.html`).sort(),
    );
    const page = await readFile(join(pagesDir, 'episodes', '14.5.html'), 'utf8');
    expect(page).toContain(`<p data-path="/episodes/14.5">${episodes.length} episodes</p>`);
    expect(page).toContain('<meta property="og:type" content="article">');
    // The tab's title the app gives the page: the number once, before the title.
    expect(await readFile(join(pagesDir, 'episodes', '5.html'), 'utf8')).toContain(
      '<title>5: Nothing Said Yet · Fixture Facts</title>',
    );
    expect(page).not.toContain('rel="canonical"');
    expect(await readFile(join(pagesDir, '404.html'), 'utf8')).toContain('<title>Not found · ');
    // Without a site URL there is nothing absolute to list: robots.txt only.
    expect((await readdir(pagesDir)).sort()).toEqual([
      '404.html',
      'episodes',
      'index.html',
      'page',
      'robots.txt',
    ]);
  });

  it('lists every episode of the database in the sitemap under the site URL', async () => {
    const pagesDir = join(dir, 'pages-b');
    await writeVersionPages({
      databasePath: databaseFile,
      config,
      build: echoBuild(),
      pagesDir,
      siteUrl: 'https://podcast.example.org/archive',
    });
    const sitemap = await readFile(join(pagesDir, 'sitemap.xml'), 'utf8');
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual([
      'https://podcast.example.org/archive/',
      'https://podcast.example.org/archive/page/2',
      ...episodes.map((episode) => `https://podcast.example.org/archive/episodes/${episode}`),
    ]);
    expect(await readFile(join(pagesDir, 'robots.txt'), 'utf8')).toContain(
      'Sitemap: https://podcast.example.org/archive/sitemap.xml',
    );
    const page = await readFile(join(pagesDir, 'episodes', '1.html'), 'utf8');
    expect(page).toContain(
      '<link rel="canonical" href="https://podcast.example.org/archive/episodes/1">',
    );
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(page)?.[1];
    expect(JSON.parse(jsonLd ?? '{}')).toMatchObject({
      '@type': 'PodcastEpisode',
      episodeNumber: '1',
      url: 'https://podcast.example.org/archive/episodes/1',
      partOfSeries: { '@type': 'PodcastSeries', url: 'https://podcast.example.org/archive/' },
    });
  });

  it("gives every page an og:image: the episode's artwork, else the show's", async () => {
    const pagesDir = join(dir, 'pages-c');
    const site = { ...config.site, logo: 'images/cover.png', mediaBase: '' };
    await writeVersionPages({
      databasePath: databaseFile,
      config: { ...config, site },
      build: echoBuild(),
      pagesDir,
      siteUrl: 'https://podcast.example.org/archive/',
    });
    const showImage = 'https://podcast.example.org/archive/images/cover.png';
    expect(await ogImage(join(pagesDir, 'index.html'))).toBe(showImage);
    expect(await ogImage(join(pagesDir, 'page', '2.html'))).toBe(showImage);
    expect(await ogImage(join(pagesDir, '404.html'))).toBe(showImage);
    // The feed names artwork for 14.5 and 1; the fixture's media folder holds none.
    expect(await ogImage(join(pagesDir, 'episodes', '14.5.html'))).toBe(
      'https://example.org/images/14.5.jpg',
    );
    const sqlite = new Database(databaseFile, { readonly: true });
    const withoutOwn = sqlite
      .prepare<[], { episode: string }>(
        'SELECT episode FROM episodes WHERE image IS NULL AND image_local IS NULL',
      )
      .all();
    sqlite.close();
    for (const { episode } of withoutOwn) {
      expect(await ogImage(join(pagesDir, 'episodes', `${episode}.html`))).toBe(showImage);
    }
    // Every page has one.
    for (const episode of episodes) {
      expect(await ogImage(join(pagesDir, 'episodes', `${episode}.html`))).toMatch(/^https:\/\//);
    }
  });

  it('fails, naming the file, when a page cannot be written, with no write still running', async () => {
    // The episodes' folder is a file: every episode page fails, after the list pages wrote.
    const pagesDir = join(dir, 'pages-blocked');
    await mkdir(pagesDir, { recursive: true });
    await writeFile(join(pagesDir, 'episodes'), 'not a folder');
    const failing = writeVersionPages({
      databasePath: databaseFile,
      config,
      build: echoBuild(),
      pagesDir,
      siteUrl: '',
    });
    await expect(failing).rejects.toThrow(/pages-blocked\/episodes/);
    expect(await readFile(join(pagesDir, 'episodes'), 'utf8')).toBe('not a folder');
    expect(await readdir(pagesDir)).toEqual(['episodes', 'index.html', 'page']);
  });
});

describe('episode pages on helper threads (decision 0085)', () => {
  /**
   * A site build on disk, as `loadSiteBuild` finds one: its server entry echoes the path and
   * notes which thread rendered it, and a helper thread may be told to die or throw at a page.
   */
  async function siteOnDisk(name: string, helperDoes = ''): Promise<string> {
    const root = join(dir, name);
    await mkdir(join(root, 'site'), { recursive: true });
    await mkdir(join(root, 'server'), { recursive: true });
    await writeFile(join(root, 'site', 'index.html'), TEMPLATE);
    // An ES module, as the site's own entry is under the package's `"type": "module"`.
    await writeFile(join(root, 'package.json'), '{ "type": "module" }');
    await writeFile(
      join(root, 'server', 'render-page.js'),
      [
        "import { appendFileSync } from 'node:fs';",
        "import { isMainThread, threadId } from 'node:worker_threads';",
        'export async function renderPage(source, path) {',
        `  if (!isMainThread) { ${helperDoes} }`,
        `  appendFileSync(${JSON.stringify(join(root, 'threads.txt'))}, threadId + ' ' + path + '\\n');`,
        "  const [row] = await source.query('SELECT count(*) AS n FROM episodes');",
        '  return { status: 200, appHtml: `<p data-path="${path}">${row.n} episodes</p>`, data: { path } };',
        '}',
      ].join('\n'),
    );
    return root;
  }

  /** Every file a run wrote (pages and the version's index), by path, with its text. */
  async function written(root: string): Promise<Record<string, string>> {
    const files: Record<string, string> = {};
    for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = join(entry.parentPath, entry.name);
      files[file.slice(root.length)] = await readFile(file, 'utf8');
    }
    return files;
  }

  /** Writes the fixture's pages with `helpers` helpers; returns the files and the threads. */
  async function run(
    root: string,
    name: string,
    helpers: number,
    helperSource?: string,
  ): Promise<{ files: Record<string, string>; threads: string[] }> {
    const build = await loadSiteBuild(join(root, 'site'));
    if (!build) throw new Error('the site on disk did not load');
    const out = join(root, name);
    await rm(join(root, 'threads.txt'), { force: true });
    await writeVersionPages({
      databasePath: databaseFile,
      config,
      build,
      pagesDir: join(out, 'pages'),
      siteUrl: 'https://fixture.example',
      helpers,
      helperSource,
    });
    const threads = (await readFile(join(root, 'threads.txt'), 'utf8')).trim().split('\n');
    return { files: await written(out), threads };
  }

  const helperPages = (threads: string[]): string[] =>
    threads.filter((line) => !line.startsWith('0 ')).map((line) => line.split(' ')[1] ?? '');

  it('writes the same files with a helper as without, the helper rendering some pages', async () => {
    const root = await siteOnDisk('site-helped');
    const alone = await run(root, 'alone', 0);
    const helped = await run(root, 'helped', 1);
    expect(Object.keys(alone.files)).toContain('/pages/episodes/14.5.html');
    expect(Object.keys(alone.files)).toContain('/pages.json');
    expect(helped.files).toEqual(alone.files);
    expect(helperPages(alone.threads)).toEqual([]);
    expect(helperPages(helped.threads).length).toBeGreaterThan(0);
    expect(helperPages(helped.threads).every((path) => path.startsWith('/episodes/'))).toBe(true);
  }, 60_000);

  it('renders here the pages of a helper that dies, losing none', async () => {
    const root = await siteOnDisk('site-dying', 'process.exit(1);');
    const alone = await run(root, 'alone', 0);
    const helped = await run(root, 'helped', 1);
    expect(helped.files).toEqual(alone.files);
    expect(helperPages(helped.threads)).toEqual([]);
  }, 60_000);

  it('renders every page here when a helper cannot load', async () => {
    const root = await siteOnDisk('site-unloadable');
    const alone = await run(root, 'alone', 0);
    const helped = await run(root, 'helped', 1, join(root, 'no-such-helper.ts'));
    expect(helped.files).toEqual(alone.files);
  }, 60_000);

  it('fails the build with the error of a page a helper could not render', async () => {
    const root = await siteOnDisk(
      'site-throwing',
      "throw new Error('the renderer broke at ' + path);",
    );
    await expect(run(root, 'helped', 1)).rejects.toThrow(/the renderer broke at \/episodes\//);
  }, 60_000);
});
