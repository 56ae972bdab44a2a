import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCommand } from 'citty';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { dbConfigSchema, latestSchema } from '../../core/site-config.ts';
import { bundleCommand } from '../commands/bundle-command.ts';
import { bundle } from './bundle.ts';
import { builtForBase } from './bundle-site.ts';
import {
  chunkPath,
  publishFixtureDatabase,
  writeBuiltSite,
} from '../test-support/bundle-fixtures.ts';
import { readVersionConfig } from '../publish/chunk-files.ts';

let root: string;
let dbOut: string;
let version: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trawl-bundle-'));
  dbOut = join(root, 'db-out');
  version = await publishFixtureDatabase(dbOut);
  await writeBuiltSite(join(root, 'site-root'), '/');
  await writeBuiltSite(join(root, 'site-sub'), '/sub/');
  await mkdir(join(root, 'media/audio'), { recursive: true });
  await mkdir(join(root, 'media/icons'), { recursive: true });
  await writeFile(join(root, 'media/audio/1.mp3'), Buffer.from([0xff, 0xfb, 0x90, 0x00]));
  await writeFile(join(root, 'media/icons/play.svg'), 'media copy\n');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}

describe('bundle', () => {
  test('on a feed-only show, says nothing must be uploaded beside the site', async () => {
    const feedOnly = join(root, 'db-feed-only');
    await publishFixtureDatabase(feedOnly, { rows: 10, localMedia: false });
    const lines: string[] = [];
    await bundle({
      db: feedOnly,
      out: join(root, 'out-feed-only'),
      site: join(root, 'site-root'),
      log: (line) => lines.push(line),
    });
    expect(lines).toContain(
      'Audio and images are read from the URLs the feed gives: nothing to upload beside the site.',
    );
    expect(lines.join('\n')).not.toMatch(/must be uploaded/);
    // A show with media of its own still hears it.
    const ownMedia = join(root, 'db-own-media');
    await publishFixtureDatabase(ownMedia, { rows: 10, localMedia: true });
    const more: string[] = [];
    await bundle({
      db: ownMedia,
      out: join(root, 'out-own-media'),
      site: join(root, 'site-root'),
      log: (line) => more.push(line),
    });
    expect(more).toContain(
      'No --media or --media-base: audio and images must be uploaded beside the site.',
    );
  });

  test('writes the site, the current version, the media and the host configs', async () => {
    const out = join(root, 'out-root');
    const lines: string[] = [];
    const result = await bundle({
      db: dbOut,
      out,
      site: join(root, 'site-root'),
      media: join(root, 'media'),
      log: (line) => lines.push(line),
    });
    expect(result).toMatchObject({ basePath: '/', version, chunks: 5, mediaFiles: 2 });
    const hashes = (await readVersionConfig(join(dbOut, version))).chunks ?? [];
    expect(new Set(hashes).size).toBe(5);
    expect(result.webRoot).toBe(join(out, 'public'));
    expect(await listFiles(out)).toEqual([
      'nginx/trawl.conf',
      'public/404.html',
      'public/_headers',
      'public/_redirects',
      'public/assets/index-Ab12Cd34.js',
      'public/audio/1.mp3',
      ...hashes.map((hash) => `public/db/chunks/${hash}.bin`).sort(),
      'public/db/latest.json',
      `public/db/${version}/config.json`,
      'public/icons/play.svg',
      'public/index.html',
    ]);
    const third = `chunks/${hashes[3] ?? ''}.bin`;
    for (const name of ['latest.json', `${version}/config.json`, third]) {
      expect(await readFile(join(out, 'public/db', name))).toEqual(
        await readFile(join(dbOut, name)),
      );
    }
    // The site's own file wins over a media file of the same name, as with `trawl serve`.
    expect(await readFile(join(out, 'public/icons/play.svg'), 'utf8')).toContain('<svg');
    expect(await readFile(join(out, 'public/404.html'), 'utf8')).toBe(
      await readFile(join(out, 'public/index.html'), 'utf8'),
    );
    const nginx = await readFile(join(out, 'nginx/trawl.conf'), 'utf8');
    expect(nginx).toContain(`root "${join(out, 'public')}";`);
    expect(nginx).toContain(`include "${join(out, 'nginx/trawl.conf')}";`);
    expect(await readFile(join(out, 'public/_redirects'), 'utf8')).toContain(
      '/episodes/*  /index.html  200',
    );
    expect(lines.at(-1)).toBe(
      `Bundle ready: upload ${join(out, 'public')} (nginx: include ${join(out, 'nginx/trawl.conf')})`,
    );
    expect((await readdir(root)).filter((name) => name.includes('.tmp-'))).toEqual([]);
  });

  test('puts everything under the base path inside the web root', async () => {
    const out = join(root, 'out-sub');
    const result = await bundle({
      db: dbOut,
      out,
      basePath: 'sub',
      site: join(root, 'site-sub'),
    });
    expect(result.basePath).toBe('/sub/');
    expect(result.siteDir).toBe(join(out, 'public/sub'));
    const files = await listFiles(join(out, 'public'));
    expect(files).toContain('sub/index.html');
    expect(files).toContain('sub/404.html');
    expect(files).toContain('404.html');
    const hashes = (await readVersionConfig(join(dbOut, version))).chunks ?? [];
    expect(files).toContain(`sub/db/chunks/${hashes[4] ?? ''}.bin`);
    expect(files).toContain('sub/db/latest.json');
    expect(files).toContain('_headers');
    expect(files.filter((file) => file.startsWith('db/'))).toEqual([]);
    expect(await readFile(join(out, 'public/_headers'), 'utf8')).toContain('/sub/db/:version/*');
    expect(await readFile(join(out, 'nginx/trawl.conf'), 'utf8')).toContain(
      'location ^~ /sub/db/ {',
    );
  });

  test('--media-base changes only site.mediaBase in the copied config.json', async () => {
    const out = join(root, 'out-media-base');
    const result = await bundle({
      db: dbOut,
      out,
      site: join(root, 'site-root'),
      mediaBase: 'https://media.example.org/podcast',
    });
    expect(result.mediaFiles).toBe(0);
    const source = dbConfigSchema.parse(
      JSON.parse(await readFile(join(dbOut, version, 'config.json'), 'utf8')),
    );
    const copied = dbConfigSchema.parse(
      JSON.parse(await readFile(join(out, 'public/db', version, 'config.json'), 'utf8')),
    );
    expect(source.site.mediaBase).toBe('');
    expect(copied).toEqual({
      ...source,
      site: { ...source.site, mediaBase: 'https://media.example.org/podcast/' },
    });
    // latest.json carries the same config, so the site sees the media host without config.json.
    const latest = latestSchema.parse(
      JSON.parse(await readFile(join(out, 'public/db/latest.json'), 'utf8')),
    );
    expect(latest).toEqual({ latest: version, config: copied });
    expect(await listFiles(join(out, 'public'))).not.toContain('audio/1.mp3');
  });

  test('keeps the previous complete version for pages opened before the deploy', async () => {
    const history = join(root, 'db-history');
    const oldest = await publishFixtureDatabase(history, { rows: 500 });
    const previous = await publishFixtureDatabase(history, { rows: 1000 });
    const newest = await publishFixtureDatabase(history, { rows: 1500 });
    await utimes(join(history, oldest), new Date(1000), new Date(1000));
    await utimes(join(history, previous), new Date(2000), new Date(2000));
    const out = join(root, 'out-history');
    const lines: string[] = [];
    const kept = await bundle({
      db: history,
      out,
      site: join(root, 'site-root'),
      log: (line) => lines.push(line),
    });
    expect(kept).toMatchObject({ version: newest, olderVersions: [previous] });
    expect((await readdir(join(out, 'public/db'))).sort()).toEqual(
      ['chunks', 'latest.json', newest, previous].sort(),
    );
    // The chunks of both versions, each once: what the newest lists and what the previous does.
    const listedBy = async (name: string): Promise<string[]> =>
      (await readVersionConfig(join(history, name))).chunks ?? [];
    expect((await readdir(join(out, 'public/db/chunks'))).sort()).toEqual(
      [...new Set([...(await listedBy(newest)), ...(await listedBy(previous))])]
        .map((hash) => `${hash}.bin`)
        .sort(),
    );
    expect(lines).toContain(`Kept older versions for open pages: ${previous}`);

    const previousFirst = await chunkPath(history, previous, 0);
    await rm(previousFirst);
    const skipping = await bundle({
      db: history,
      out,
      site: join(root, 'site-root'),
      keep: 2,
      log: (line) => lines.push(line),
    });
    expect(skipping.olderVersions).toEqual([oldest]);
    expect(lines).toContain(
      `Left out an incomplete older version: ${previousFirst}: missing, config.json expects 65536 bytes`,
    );
    const alone = await bundle({ db: history, out, site: join(root, 'site-root'), keep: 0 });
    expect(alone.olderVersions).toEqual([]);
    expect(await readdir(join(out, 'public/db'))).toHaveLength(3);
  });

  test('replaces an earlier bundle as a whole', async () => {
    const out = join(root, 'out-replace');
    await bundle({ db: dbOut, out, site: join(root, 'site-root'), media: join(root, 'media') });
    await bundle({ db: dbOut, out, site: join(root, 'site-root') });
    expect(await listFiles(join(out, 'public'))).not.toContain('audio/1.mp3');
    expect((await readdir(root)).filter((name) => name.startsWith('.out-replace'))).toEqual([]);
  });

  test('leaves the earlier bundle untouched when the new one fails', async () => {
    const out = join(root, 'out-keep');
    await bundle({ db: dbOut, out, site: join(root, 'site-root') });
    await expect(bundle({ db: dbOut, out, site: join(root, 'site-sub') })).rejects.toThrow(
      `${join(root, 'site-sub/index.html')}: not built for base path /; leave --site out to build it, or build with TRAWL_BASE_PATH=/ npm run build:site`,
    );
    expect(await listFiles(join(out, 'public'))).toContain('index.html');
    expect((await readdir(root)).filter((name) => name.startsWith('.out-keep'))).toEqual([]);
  });

  test('refuses a folder that is not a bundle, and names what is wrong with the inputs', async () => {
    const precious = join(root, 'precious');
    await mkdir(precious);
    await writeFile(join(precious, 'notes.txt'), 'keep me\n');
    await expect(
      bundle({ db: dbOut, out: precious, site: join(root, 'site-root') }),
    ).rejects.toThrow(
      `${precious}: exists and is not a Trawl bundle; give a new or empty folder for --out`,
    );
    expect(await readFile(join(precious, 'notes.txt'), 'utf8')).toBe('keep me\n');

    await expect(
      bundle({ db: dbOut, out: join(root, 'media/bundle'), media: join(root, 'media') }),
    ).rejects.toThrow(
      `--out ${join(root, 'media/bundle')} and --media ${join(root, 'media')} must not contain each other`,
    );
    const out = join(root, 'never');
    await expect(
      bundle({ db: dbOut, out, media: join(root, 'media'), mediaBase: 'https://m.example/' }),
    ).rejects.toThrow(/--media and --media-base exclude each other/);
    await expect(bundle({ db: dbOut, out, mediaBase: 'ftp://m.example/' })).rejects.toThrow(
      '--media-base must be an http(s) URL',
    );
    await expect(bundle({ db: dbOut, out, basePath: '/a b/' })).rejects.toThrow(
      /--base-path "\/a b\/"/,
    );
    await expect(bundle({ db: join(root, 'nowhere'), out })).rejects.toThrow(
      `${join(root, 'nowhere/latest.json')}: missing (is this the output folder of trawl build?)`,
    );
  });

  test('names a chunk file that is missing or cut short', async () => {
    const broken = join(root, 'db-broken');
    const brokenVersion = await publishFixtureDatabase(broken);
    const chunk = await chunkPath(broken, brokenVersion, 2);
    await writeFile(chunk, Buffer.alloc(10));
    const out = join(root, 'never');
    await expect(bundle({ db: broken, out, site: join(root, 'site-root') })).rejects.toThrow(
      `${chunk}: 10 bytes, config.json expects 65536 bytes`,
    );
    await rm(chunk);
    await expect(bundle({ db: broken, out, site: join(root, 'site-root') })).rejects.toThrow(
      `${chunk}: missing, config.json expects 65536 bytes`,
    );
    await writeFile(join(broken, 'latest.json'), '{"latest":"v1-000000000000"}\n');
    await expect(bundle({ db: broken, out })).rejects.toThrow(
      `names version v1-000000000000, but ${join(broken, 'v1-000000000000')} is missing`,
    );
  });

  test('refuses a config.json whose chunk list names a path or a URL, copying nothing', async () => {
    const hostileDb = join(root, 'db-hostile');
    const hostileVersion = await publishFixtureDatabase(hostileDb);
    const configPath = join(hostileDb, hostileVersion, 'config.json');
    const config = await readVersionConfig(join(hostileDb, hostileVersion));
    const out = join(root, 'out-hostile');
    for (const hostile of ['../x', '../../../etc/passwd', 'https://evil.example/x.bin']) {
      await writeFile(
        configPath,
        JSON.stringify({ ...config, chunks: [hostile, ...(config.chunks ?? []).slice(1)] }),
      );
      await expect(bundle({ db: hostileDb, out, site: join(root, 'site-root') })).rejects.toThrow(
        `${configPath}: invalid at chunks.0: must be 32 hex digits (a chunk hash)`,
      );
      expect(existsSync(out)).toBe(false);
    }
  });
});

describe('builtForBase', () => {
  test('recognises the base path Vite wrote into index.html', () => {
    const html = '<script type="module" crossorigin src="/sub/assets/index-Ab12Cd34.js"></script>';
    expect(builtForBase(html, '/sub/')).toBe(true);
    expect(builtForBase(html, '/')).toBe(false);
  });
});

describe('trawl bundle', () => {
  test('maps its flags onto bundle() and prints what it did', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const out = join(root, 'out-command');
    await runCommand(bundleCommand, {
      rawArgs: [
        '--db',
        dbOut,
        '--out',
        out,
        '--base-path',
        '/sub/',
        '--site',
        join(root, 'site-sub'),
      ],
    });
    expect(await listFiles(join(out, 'public'))).toContain('sub/index.html');
    expect(log).toHaveBeenCalledWith(`Copied database version ${version} (5 chunks)`);
  });

  test('rejects a --keep that is not a whole number', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await runCommand(bundleCommand, {
      rawArgs: ['--db', dbOut, '--out', join(root, 'never'), '--keep', 'two'],
    });
    expect(error).toHaveBeenCalledWith('trawl bundle: --keep is a whole number of older versions');
    expect(process.exitCode).toBe(1);
    process.exitCode = 0;
  });

  test('reports bad input on stderr with exit code 1', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    await runCommand(bundleCommand, {
      rawArgs: ['--db', join(root, 'nowhere'), '--out', join(root, 'never')],
    });
    expect(error).toHaveBeenCalledWith(
      `trawl bundle: ${join(root, 'nowhere/latest.json')}: missing (is this the output folder of trawl build?)`,
    );
    expect(process.exitCode).toBe(1);
    process.exitCode = 0;
  });

  test('names an --out it cannot write, and one nginx cannot hold, without a stack trace', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const file = join(root, 'a-file');
    await writeFile(file, 'not a folder');
    await runCommand(bundleCommand, {
      rawArgs: ['--db', dbOut, '--out', join(file, 'bundle'), '--site', join(root, 'site-root')],
    });
    expect(error).toHaveBeenLastCalledWith(
      expect.stringMatching(
        /^trawl bundle: .*a-file: is a file, where a folder is needed \(EEXIST\)$/,
      ),
    );
    expect(process.exitCode).toBe(1);
    process.exitCode = 0;
    await runCommand(bundleCommand, {
      rawArgs: ['--db', dbOut, '--out', join(root, '$host'), '--site', join(root, 'site-root')],
    });
    expect(error).toHaveBeenLastCalledWith(
      expect.stringMatching(
        /^trawl bundle: --out: ".*\$host\/public" cannot be written into an nginx config/,
      ),
    );
    expect(existsSync(join(root, '$host'))).toBe(false);
    process.exitCode = 0;
  });
});
