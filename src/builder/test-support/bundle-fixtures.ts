import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { PAGE_SIZE } from '../../core/db-schema.ts';
import { siteSettingsSchema } from '../../core/site-config.ts';
import { chunkName } from '../../core/chunk-layout.ts';
import { readVersionConfig } from '../publish/chunk-files.ts';
import { createWorkDir, publishVersion } from '../publish/publish.ts';

/**
 * A database output folder as `trawl build` publishes it, in several 64 KiB chunk files (five
 * for the default 2,000 rows), without building a podcast. Returns the version published.
 */
export async function publishFixtureDatabase(
  outDir: string,
  {
    rows = 2000,
    title = 'Fixture',
    localMedia,
  }: { rows?: number; title?: string; localMedia?: boolean } = {},
): Promise<string> {
  const workDir = await createWorkDir(outDir);
  const databasePath = join(workDir, 'fixture.sqlite3');
  const db = new Database(databasePath);
  db.pragma(`page_size = ${PAGE_SIZE}`);
  db.exec('CREATE TABLE lines (text TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO lines VALUES (?)');
  db.transaction(() => {
    for (let index = 0; index < rows; index += 1) insert.run(`line ${index} `.repeat(12));
  })();
  db.close();
  const published = await publishVersion({
    outDir,
    workDir,
    databasePath,
    site: siteSettingsSchema.parse({ title }),
    mediaOrigins: [],
    ...(localMedia === undefined ? {} : { localMedia }),
    chunkSize: 64 * 1024,
    keep: 3,
  });
  await rm(workDir, { recursive: true, force: true });
  return published.version;
}

/** The path of chunk `index` of a published version, as its config.json lists it. */
export async function chunkPath(outDir: string, version: string, index: number): Promise<string> {
  const config = await readVersionConfig(join(outDir, version));
  return join(outDir, version, chunkName(config, index));
}

/** What `vite build` writes for a base path: index.html loading hashed assets from it. */
export async function writeBuiltSite(dir: string, basePath: string): Promise<void> {
  await mkdir(join(dir, 'assets'), { recursive: true });
  await mkdir(join(dir, 'icons'), { recursive: true });
  await writeFile(
    join(dir, 'index.html'),
    `<!doctype html><html><head><script type="module" crossorigin src="${basePath}assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>\n`,
  );
  await writeFile(join(dir, 'assets/index-Ab12Cd34.js'), 'document.title = "Fixture";\n');
  await writeFile(join(dir, 'icons/play.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
}

/**
 * A built site with a server entry, as `npm run build:site` writes it (`<dir>/site` and
 * `<dir>/server/render-page.js`), for a base path. Its renderer is plain JavaScript that reads
 * the version's real database: an episode's page names that episode's title, the home page the
 * number of episodes, and links carry the base path. `tag` changes the hashed asset's name, as
 * a changed build of the site would.
 */
export async function writeBuiltSiteWithServer(
  dir: string,
  basePath: string,
  tag = 'Ab12Cd34',
): Promise<string> {
  const site = join(dir, 'site');
  await mkdir(join(site, 'assets'), { recursive: true });
  await mkdir(join(dir, 'server'), { recursive: true });
  await writeFile(
    join(site, 'index.html'),
    `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'self'"><title>Trawl</title><script type="module" crossorigin src="${basePath}assets/index-${tag}.js"></script></head><body><div id="root"></div></body></html>\n`,
  );
  await writeFile(join(site, `assets/index-${tag}.js`), 'document.title = "Fixture";\n');
  const renderer = `
export async function renderPage(source, path) {
  const base = ${JSON.stringify(basePath)};
  const match = /^\\/episodes\\/([^/]+)$/.exec(path);
  if (match) {
    const [row] = await source.query('SELECT title FROM episodes WHERE episode = ?', [match[1]]);
    if (row) {
      return { status: 200, appHtml: '<h1>' + row.title + '</h1><a href="' + base + '">All episodes</a>', data: { path } };
    }
  }
  if (path === '/') {
    const rows = await source.query('SELECT episode, title FROM episodes ORDER BY id');
    const links = rows.map((r) => '<a href="' + base + 'episodes/' + r.episode + '">' + r.title + '</a>');
    return { status: 200, appHtml: '<p>' + rows.length + ' episodes</p>' + links.join(''), data: { path } };
  }
  return { status: 404, appHtml: '<h1>No such page</h1><p>media ' + source.config.site.mediaBase + '</p>', data: { path } };
}
`;
  await writeFile(join(dir, 'server', 'render-page.js'), renderer);
  return site;
}
