import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { PAGE_SIZE } from '../../core/db-schema.ts';
import { siteSettingsSchema } from '../../core/site-config.ts';
import { createWorkDir, publishVersion } from '../publish.ts';

/**
 * A database output folder as `trawl build` publishes it, in several 64 KiB chunk files (five
 * for the default 2,000 rows), without building a podcast. Returns the version published.
 */
export async function publishFixtureDatabase(
  outDir: string,
  { rows = 2000, title = 'Fixture' }: { rows?: number; title?: string } = {},
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
    chunkSize: 64 * 1024,
    keep: 3,
  });
  await rm(workDir, { recursive: true, force: true });
  return published.version;
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
