/**
 * `trawl bundle` copies nothing that resolves outside the folder it copies from: links in the
 * media, site and database folders that lead out (or dangle) never reach `public/`.
 */
import { lstat, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bundle } from './bundle.ts';
import {
  chunkPath,
  publishFixtureDatabase,
  writeBuiltSite,
} from '../test-support/bundle-fixtures.ts';
import { addHostileLinks, OUTSIDE_SECRET } from '../test-support/hostile-links.ts';

let root: string;
let dbOut: string;
let outside: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trawl-bundle-links-'));
  dbOut = join(root, 'db-out');
  await publishFixtureDatabase(dbOut);
  await writeBuiltSite(join(root, 'site'), '/');
  outside = join(root, 'outside');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Every entry under `dir`, with links marked, and whether any file holds the secret. */
async function inspect(dir: string): Promise<{ links: string[]; leaked: string[] }> {
  const links: string[] = [];
  const leaked: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if ((await lstat(path)).isSymbolicLink()) links.push(path);
    else if (entry.isFile() && (await readFile(path, 'utf8')).includes(OUTSIDE_SECRET))
      leaked.push(path);
  }
  return { links, leaked };
}

describe('bundle with links in its inputs', () => {
  test('media links that lead out or dangle are left out and named; links inside are copied', async () => {
    const media = join(root, 'media');
    const links = await addHostileLinks(media, outside);
    const out = join(root, 'out-media');
    const lines: string[] = [];
    const result = await bundle({
      db: dbOut,
      out,
      site: join(root, 'site'),
      media,
      log: (line) => lines.push(line),
    });

    const publicDir = join(out, 'public');
    expect(await inspect(publicDir)).toEqual({ links: [], leaked: [] });
    expect(await readFile(join(publicDir, 'audio/again.mp3'), 'utf8')).toBe('episode one');
    expect(await readFile(join(publicDir, 'sounds/1.mp3'), 'utf8')).toBe('episode one');
    const leftOut = lines.filter((line) => line.startsWith('Left out '));
    // `sounds` links to `audio`, so each bad link in audio/ is met (and left out) twice.
    const bad = [...links.leadingOut, ...links.broken, links.upward];
    const expected = [
      ...bad,
      ...bad
        .filter((path) => path.startsWith('audio/'))
        .map((path) => path.replace('audio/', 'sounds/')),
    ];
    expect(leftOut.sort()).toEqual(
      expected
        .map(
          (path) =>
            `Left out ${join(media, path)}: a link that dangles, loops or leads outside ${media}`,
        )
        .sort(),
    );
    expect(result.mediaFiles).toBe(4);
  });

  test('a database version whose chunk links out of the database folder is refused', async () => {
    const db = join(root, 'db-linked');
    const linkedVersion = await publishFixtureDatabase(db);
    const chunk = await chunkPath(db, linkedVersion, 2);
    await writeFile(join(outside, 'chunk'), await readFile(chunk));
    await rm(chunk);
    await symlink(join(outside, 'chunk'), chunk);
    await expect(
      bundle({ db, out: join(root, 'out-db'), site: join(root, 'site') }),
    ).rejects.toThrow(`${chunk}: a link that leads outside ${db}`);
  });

  test('a link to another file of the database folder is copied as a file', async () => {
    const db = join(root, 'db-inside');
    const insideVersion = await publishFixtureDatabase(db);
    const config = join(db, insideVersion, 'config.json');
    await writeFile(join(db, 'config-copy.json'), await readFile(config));
    await rm(config);
    await symlink(join(db, 'config-copy.json'), config);
    const out = join(root, 'out-db-inside');
    await bundle({ db, out, site: join(root, 'site') });
    expect(await inspect(join(out, 'public'))).toEqual({ links: [], leaked: [] });
    expect(await readFile(join(out, 'public/db', insideVersion, 'config.json'), 'utf8')).toBe(
      await readFile(join(db, 'config-copy.json'), 'utf8'),
    );
  });

  test('a site file that links out stops the bundle with its name', async () => {
    const site = join(root, 'site-linked');
    await writeBuiltSite(site, '/');
    await symlink(join(outside, 'etc/passwd'), join(site, 'assets/leak.js'));
    await expect(bundle({ db: dbOut, out: join(root, 'out-site'), site })).rejects.toThrow(
      `${join(site, 'assets/leak.js')}: links that dangle, loop or lead outside ${site}`,
    );
  });
});
