import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { assetReferences, renderedWith } from './bundle-pages.ts';
import { bundle } from './bundle.ts';
import { loadSiteBuild } from '../publish/prerender.ts';
import { writeBuiltSiteWithServer } from '../test-support/bundle-fixtures.ts';
import { buildFixturePodcast } from '../test-support/fixture-podcast.ts';

// `trawl bundle` with pre-rendered pages: the fixture podcast built by the real builder with a
// site build whose server entry reads the real database, bundled as a host would serve it.

let root: string;
let dbDir: string;
let version: string;
let siteRoot: string;
let episodes: { episode: string; title: string }[];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trawl-bundle-pages-'));
  siteRoot = await writeBuiltSiteWithServer(join(root, 'build-root'), '/');
  const siteBuild = await loadSiteBuild(siteRoot);
  const built = await buildFixturePodcast(join(root, 'fixture'), { siteBuild });
  dbDir = join(root, 'fixture', 'db');
  version = built.result.version;
  const sqlite = new Database(built.databaseFile, { readonly: true });
  episodes = sqlite
    .prepare<[], { episode: string; title: string }>('SELECT episode, title FROM episodes')
    .all();
  sqlite.close();
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function pageFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && /\.(html|xml|txt)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}

function read(path: string): Promise<string> {
  return readFile(path, 'utf8');
}

describe('bundle with pre-rendered pages', () => {
  test('publishes each route as its own page in the web root, copied when the site matches', async () => {
    const out = join(root, 'out-root');
    const lines: string[] = [];
    const result = await bundle({ db: dbDir, out, site: siteRoot, log: (l) => lines.push(l) });
    const web = result.webRoot;
    // The fixture's 5 a page: '/' and 'page/2.html' for the list.
    expect(result.pages).toBe(episodes.length + 3);
    expect(lines).toContain(
      `Copied ${episodes.length + 3} pre-rendered pages of version ${version}`,
    );
    expect(await pageFiles(web)).toEqual(
      [
        '404.html',
        'index.html',
        'page/2.html',
        'robots.txt',
        ...episodes.map((row) => `episodes/${row.episode}.html`),
      ].sort(),
    );
    for (const row of episodes) {
      const page = await read(join(web, 'episodes', `${row.episode}.html`));
      expect(page).toContain(`<h1>${row.title}</h1>`);
    }
    expect(await read(join(web, 'index.html'))).toContain(`<p>${episodes.length} episodes</p>`);
    expect(await read(join(web, '404.html'))).toContain('<h1>No such page</h1>');
    // Pages live in the site folder only, not beside the chunks.
    expect(existsSync(join(web, 'db', version, 'pages'))).toBe(false);
    // No rewrite sends an episode to the home page; nginx answers each route its own page.
    expect(await read(join(web, '_redirects'))).not.toContain('index.html');
    const nginx = await read(join(out, 'nginx/trawl.conf'));
    expect(nginx).toContain('try_files /episodes/$1.html =404;');
    expect(nginx).toContain('try_files /page/$1.html =404;');
    expect(nginx).toContain('error_page 404 /404.html;');
    expect(nginx).not.toContain('try_files $uri $uri/ /index.html;');
  });

  test('renders the pages again for another base path, with that build of the site', async () => {
    const site = await writeBuiltSiteWithServer(join(root, 'build-sub'), '/sub/');
    const lines: string[] = [];
    const result = await bundle({
      db: dbDir,
      out: join(root, 'out-sub'),
      site,
      basePath: '/sub/',
      log: (line) => lines.push(line),
    });
    expect(lines).toContain(
      `Rendered ${episodes.length + 3} pre-rendered pages of version ${version}`,
    );
    const sub = result.siteDir;
    const first = episodes[0];
    if (first === undefined) throw new Error('the fixture has episodes');
    const page = await read(join(sub, 'episodes', `${first.episode}.html`));
    expect(page).toContain(`<h1>${first.title}</h1><a href="/sub/">All episodes</a>`);
    expect(assetReferences(page)).toEqual(['/sub/assets/index-Ab12Cd34.js']);
    expect(await read(join(sub, 'index.html'))).toContain(
      `<a href="/sub/episodes/${first.episode}">`,
    );
    // The host's own 404 page (at the web root) is the site's.
    expect(await read(join(result.webRoot, '404.html'))).toBe(await read(join(sub, '404.html')));
    expect(await read(join(root, 'out-sub/nginx/trawl.conf'))).toContain(
      'try_files /sub/episodes/$1.html =404;',
    );
  });

  test('renders the pages again when the bundled site is another build than the one that rendered them', async () => {
    const site = await writeBuiltSiteWithServer(join(root, 'build-new'), '/', 'Zz98Yy76');
    const result = await bundle({ db: dbDir, out: join(root, 'out-new'), site });
    const home = await read(join(result.webRoot, 'index.html'));
    expect(assetReferences(home)).toEqual(['/assets/index-Zz98Yy76.js']);
    expect(existsSync(join(result.webRoot, 'assets/index-Zz98Yy76.js'))).toBe(true);
  });

  test('refuses a site of another build that cannot render the pages again', async () => {
    const build = join(root, 'build-noserver');
    const site = await writeBuiltSiteWithServer(build, '/', 'Qq11Ww22');
    await rm(join(build, 'server'), { recursive: true });
    await expect(bundle({ db: dbDir, out: join(root, 'out-noserver'), site })).rejects.toThrow(
      /were rendered with another build of the site, and --site has no server entry/,
    );
    expect(existsSync(join(root, 'out-noserver'))).toBe(false);
  });

  test('--media-base renders the pages with the media host and lets their policy load from it', async () => {
    const result = await bundle({
      db: dbDir,
      out: join(root, 'out-media'),
      site: siteRoot,
      mediaBase: 'https://media.example.org/pod',
    });
    const notFound = await read(join(result.webRoot, '404.html'));
    expect(notFound).toContain('media https://media.example.org/pod/');
    const first = episodes[0];
    if (first === undefined) throw new Error('the fixture has episodes');
    const page = await read(join(result.webRoot, 'episodes', `${first.episode}.html`));
    expect(page).toMatch(/Content-Security-Policy" content="[^"]*https:\/\/media\.example\.org/);
  });
});

describe('renderedWith', () => {
  const site =
    '<script type="module" src="/assets/index-A.js"></script><link rel="stylesheet" href="/assets/index-B.css">';

  test('matches a page of the same build, whatever its content', () => {
    expect(renderedWith(`<h1>Page</h1>${site}`, site)).toBe(true);
  });

  test('refuses a page of another build or base path, and a site without assets', () => {
    expect(renderedWith(site.replace('index-B', 'index-C'), site)).toBe(false);
    expect(renderedWith(site.replaceAll('/assets/', '/sub/assets/'), site)).toBe(false);
    expect(renderedWith('<p>no assets</p>', '<p>no assets</p>')).toBe(false);
  });
});
