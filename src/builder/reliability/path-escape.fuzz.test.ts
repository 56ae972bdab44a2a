/**
 * Names that come from inputs (episode numbers, transcript file names, version names in
 * latest.json and config.json, request paths) never reach a file outside the output folder or
 * outside what the server serves.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dbConfigSchema, latestSchema } from '../../core/site-config.ts';
import { buildPodcast } from '../build.ts';
import { startServer, type RunningServer } from '../serve/serve.ts';
import { copyPodcastInputs } from '../test-support/copy-podcast.ts';
import { DEMO_PODCAST, makeTempDir, verifyPublished } from './fuzz-support.ts';

const HOSTILE_NAMES = [
  '../../escaped',
  '..\\..\\escaped',
  '/etc/passwd',
  '1/../../escaped',
  '%2e%2e%2fescaped',
  'C:\\escaped',
  '~/escaped',
  '1/',
];

/** Transcript names that are not episode numbers (with one that is, 1.json). */
const TRANSCRIPT_NAMES = [
  '1.json',
  '...json',
  '..json',
  '%2e%2e%2fescaped.json',
  '1..json',
  '..\\..\\escaped.json',
  '~.json',
  'C:escaped.json',
  '1.json.gz.json',
  '-1.json',
  '1e3.json',
];

let root: string;

beforeAll(async () => {
  root = await makeTempDir('paths');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Every file and folder under `dir` with a hash of each file, to compare before and after. */
async function treeOf(dir: string): Promise<Map<string, string>> {
  const tree = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    const content = entry.isFile()
      ? createHash('sha256')
          .update(await readFile(path))
          .digest('hex')
      : 'dir';
    tree.set(relative(dir, path), content);
  }
  return tree;
}

/** Paths that changed between two trees, outside `inside` (relative to the tree root). */
function changedOutside(
  before: Map<string, string>,
  after: Map<string, string>,
  inside: string,
): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys].filter(
    (key) => before.get(key) !== after.get(key) && !key.startsWith(`${inside}/`) && key !== inside,
  );
}

const itemXml = (number: string, title: string) =>
  `<item><title>${title}</title><description>d</description><podcast:episode>${number}</podcast:episode><itunes:episode>${number}</itunes:episode></item>`;

describe('the builder writes only inside its output folder', () => {
  test(`${HOSTILE_NAMES.length} hostile episode numbers and ${TRANSCRIPT_NAMES.length - 1} hostile transcript file names`, async () => {
    const workspace = join(root, 'names');
    const folder = join(workspace, 'podcast');
    await mkdir(join(folder, 'transcripts'), { recursive: true });
    const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
    await writeFile(
      join(folder, 'feed.xml'),
      `<?xml version="1.0"?><rss version="2.0" xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>Paths</title>
${itemXml('1', 'Episode 1: fine')}
${HOSTILE_NAMES.map((name) => itemXml(escape(name), `Item: ${escape(name)}`)).join('\n')}
</channel></rss>`,
    );
    const transcript = JSON.stringify({
      segments: [{ start: 0, end: 1, text: 'hi', words: [{ word: 'hi', start: 0, end: 1 }] }],
    });
    for (const name of TRANSCRIPT_NAMES)
      await writeFile(join(folder, 'transcripts', name), transcript);
    const before = await treeOf(workspace);

    const result = await buildPodcast({
      folder,
      outDir: join(workspace, 'out'),
      ignoreOrphanTranscripts: true,
    });

    // The hostile "numbers" are no numbers: each item gets the next whole number (most items of
    // this feed have none of their own), and the
    // only files written outside the output folder are the podcast folder's episode-numbers.json,
    // whose names are the items' titles as JSON strings and whose numbers are plain decimals,
    // and the state folder's record of the published database (decision 0051), a fixed name.
    expect(result.episodes).toBe(1 + HOSTILE_NAMES.length);
    expect(result.transcripts).toBe(1);
    expect(changedOutside(before, await treeOf(workspace), 'out').sort()).toEqual([
      'podcast/.trawl-cache',
      'podcast/.trawl-cache/database.json',
      'podcast/episode-numbers.json',
    ]);
    const numbers: unknown = JSON.parse(
      await readFile(join(folder, 'episode-numbers.json'), 'utf8'),
    );
    expect(numbers).toMatchObject({
      numbers: Object.fromEntries(
        HOSTILE_NAMES.map((name) => [`title:Item: ${name}`, expect.stringMatching(/^\d+$/)]),
      ),
    });
    expect((await verifyPublished(join(workspace, 'out'))).episodes).toBe(1 + HOSTILE_NAMES.length);
  });

  test('a tampered latest.json and a version folder that is a symlink never make a build delete outside', async () => {
    const workspace = join(root, 'tampered');
    const outDir = join(workspace, 'out');
    const victim = join(workspace, 'victim');
    await mkdir(victim, { recursive: true });
    await writeFile(join(victim, 'precious.txt'), 'keep me');
    await mkdir(outDir, { recursive: true });
    // Named like a Trawl version, so pruning considers it; it points outside.
    await symlink(victim, join(outDir, 'v1-000000000000'));
    const folder = join(workspace, 'podcast');
    await copyPodcastInputs(DEMO_PODCAST, folder);
    for (const latest of [
      '{"latest":"../victim"}',
      '{"latest":"/etc"}',
      '{"latest":"v1-000000000000/../../victim"}',
      'not json',
    ]) {
      await writeFile(join(outDir, 'latest.json'), latest);
      await buildPodcast({ folder, outDir, keep: 0 });
      expect(await readFile(join(victim, 'precious.txt'), 'utf8')).toBe('keep me');
    }
    expect((await verifyPublished(outDir)).episodes).toBe(10);
    expect(await readdir(victim)).toEqual(['precious.txt']);
  });

  test('overrides naming an episode like "../../x" are a clear error', async () => {
    const folder = join(root, 'overrides');
    await copyPodcastInputs(DEMO_PODCAST, folder);
    await writeFile(
      join(folder, 'overrides.json'),
      JSON.stringify([{ episode: '../../x', venue: 1 }]),
    );
    await expect(buildPodcast({ folder, outDir: join(root, 'overrides-out') })).rejects.toThrow(
      /overrides\.json.*episode "\.\.\/\.\.\/x" is not an episode number/,
    );
    expect(existsSync(join(root, 'overrides-out', 'latest.json'))).toBe(false);
  });
});

describe('the site only follows version and chunk names without a path', () => {
  const validConfig = {
    version: 'v1-0123456789ab',
    serverMode: 'chunked',
    requestChunkSize: 16384,
    databaseLengthBytes: 16384,
    serverChunkSize: 16384,
    urlPrefix: 'db.sqlite3.',
    suffixLength: 3,
    site: {},
  };

  test.each([
    '../victim',
    '/etc',
    'https://elsewhere.example/x',
    'v1/../../x',
    '..',
    '%2e%2e',
    'a b',
    '',
  ])('latest.json and config.json reject %j as a version or chunk prefix', (name) => {
    expect(latestSchema.safeParse({ latest: name }).success).toBe(false);
    expect(dbConfigSchema.safeParse({ ...validConfig, version: name }).success).toBe(false);
    expect(dbConfigSchema.safeParse({ ...validConfig, urlPrefix: name }).success).toBe(false);
  });

  test('the valid names still parse', () => {
    expect(dbConfigSchema.safeParse(validConfig).success).toBe(true);
  });
});

describe('the server never answers with a file outside its mounts', () => {
  let server: RunningServer;
  let secret: string;

  beforeAll(async () => {
    const workspace = join(root, 'serve');
    const dbDir = join(workspace, 'public', 'db');
    const siteDir = join(workspace, 'public', 'site');
    await mkdir(join(dbDir, 'v1-0123456789ab'), { recursive: true });
    await mkdir(siteDir, { recursive: true });
    await writeFile(join(dbDir, 'latest.json'), '{"latest":"v1-0123456789ab"}');
    await writeFile(join(siteDir, 'index.html'), '<!doctype html><title>site</title>');
    secret = `secret-${Date.now()}`;
    await writeFile(join(workspace, 'secret.txt'), secret);
    await writeFile(join(workspace, 'public', 'secret.txt'), secret);
    server = await startServer({
      mounts: [
        { prefix: '/db/', dir: dbDir },
        { prefix: '/', dir: siteDir, spaFallback: true },
      ],
    });
  });

  afterAll(async () => {
    await server.close();
  });

  /** Sends the path exactly as written (no URL normalisation on the way). */
  function rawGet(path: string): Promise<{ status: number; body: string }> {
    return new Promise((done, fail) => {
      const req = request({ host: '127.0.0.1', port: server.port, path, method: 'GET' }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (text: string) => (body += text));
        res.on('end', () => done({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', fail);
      req.end();
    });
  }

  const TRAVERSALS = [
    '/db/../secret.txt',
    '/db/../../secret.txt',
    '/db/%2e%2e/secret.txt',
    '/db/%2e%2e/%2e%2e/secret.txt',
    '/db/..%2fsecret.txt',
    '/db/..%2f..%2fsecret.txt',
    '/db/..%5c..%5csecret.txt',
    '/db/v1-0123456789ab/../../secret.txt',
    '/db/latest.json/../../secret.txt',
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2e%2e/%2e%2e/secret.txt',
    '//secret.txt',
    '/db/%00../secret.txt',
    '/db/%c0%ae%c0%ae/secret.txt',
    '/db/%252e%252e/secret.txt',
  ];

  test(`${TRAVERSALS.length} traversal paths get 400, 404 or the app, never the secret`, async () => {
    for (const path of TRAVERSALS) {
      const { status, body } = await rawGet(path);
      expect(body, path).not.toContain(secret);
      expect([200, 400, 404], path).toContain(status);
      if (status === 200) expect(body, path).toContain('<title>site</title>');
    }
    expect((await stat(join(root, 'serve', 'secret.txt'))).isFile()).toBe(true);
  });
});
