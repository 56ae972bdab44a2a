import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGzip, gzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PAGE_SIZE } from '../core/db-schema.ts';
import { siteSettingsSchema, type DbConfig } from '../core/site-config.ts';
import { bundle, type BundleResult } from './bundle.ts';
import {
  chunkSizes,
  chunkUrl,
  evaluateHost,
  findScripts,
  findWasm,
  formatFindings,
  parseCacheControl,
  PROBE_ORIGIN,
  probeRange,
  runCheckHost,
  siteRoot,
  type Finding,
  type HostObservations,
  type Outcome,
  type RecordedResponse,
} from './check-host.ts';
import { createWorkDir, publishVersion } from './publish.ts';
import { startServer, type RunningServer } from './serve.ts';

// ---------------------------------------------------------------------------------------------
// Recorded responses: what a well-configured host (the generated nginx block) answered.

const ROOT = 'https://podcast.example.org/';
const VERSION = 'v1-0123456789ab';
const CONFIG: DbConfig = {
  version: VERSION,
  serverMode: 'chunked',
  requestChunkSize: PAGE_SIZE,
  databaseLengthBytes: 150_000,
  serverChunkSize: 65_536,
  urlPrefix: 'db.sqlite3.',
  suffixLength: 3,
  site: siteSettingsSchema.parse({}),
};
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'Accept-Ranges, Content-Length, Content-Range',
};
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SQLITE_PAGE = Buffer.concat([Buffer.from('SQLite format 3\0', 'latin1'), Buffer.alloc(84)]);

function recorded(
  status: number,
  headers: Record<string, string>,
  body: string | Uint8Array = '',
  url = ROOT,
): RecordedResponse {
  return {
    status,
    headers,
    body: typeof body === 'string' ? Buffer.from(body) : body,
    truncated: false,
    url,
  };
}

const html = (status: number, cache = 'no-cache'): RecordedResponse =>
  recorded(status, { 'content-type': 'text/html', 'cache-control': cache }, '<div id="root">');

function cleanObservations(): HostObservations {
  const configUrl = `${ROOT}db/${VERSION}/config.json`;
  const json = (value: unknown, cache: string): RecordedResponse =>
    recorded(
      200,
      { 'content-type': 'application/json', 'cache-control': cache, ...CORS },
      JSON.stringify(value),
    );
  const chunkHeaders = (range: string, length: number): Record<string, string> => ({
    'content-type': 'application/octet-stream',
    'content-range': range,
    'content-length': String(length),
    'accept-ranges': 'bytes',
    'cache-control': IMMUTABLE,
    ...CORS,
  });
  return {
    rootUrl: ROOT,
    index: html(200),
    latestBusted: json({ latest: VERSION }, 'no-cache'),
    latestPlain: json({ latest: VERSION }, 'no-cache'),
    config: json(CONFIG, IMMUTABLE),
    chunks: {
      first: {
        url: chunkUrl(configUrl, CONFIG, 0),
        expectedSize: 65_536,
        start: 0,
        end: 99,
        response: recorded(206, chunkHeaders('bytes 0-99/65536', 100), SQLITE_PAGE),
      },
      other: {
        url: chunkUrl(configUrl, CONFIG, 2),
        expectedSize: 18_928,
        start: 9464,
        end: 9563,
        response: recorded(206, chunkHeaders('bytes 9464-9563/18928', 100), Buffer.alloc(100)),
      },
      head: recorded(200, { 'content-length': '65536', 'accept-ranges': 'bytes', ...CORS }),
      preflight: recorded(204, { ...CORS, 'access-control-allow-headers': 'Range, If-Range' }),
      missing: {
        url: chunkUrl(configUrl, CONFIG, 3),
        response: recorded(404, { 'content-type': 'text/html' }),
      },
    },
    asset: {
      url: `${ROOT}assets/index-Ab12Cd34.js`,
      response: recorded(200, { 'content-type': 'text/javascript', 'cache-control': IMMUTABLE }),
    },
    wasm: {
      url: `${ROOT}assets/sql-wasm-Ab12Cd34.wasm`,
      response: recorded(200, { 'content-type': 'application/wasm' }),
    },
    missingAsset: recorded(404, { 'content-type': 'text/html' }),
    spaRoute: html(200),
    spaDottedRoute: html(200),
  };
}

function verdicts(findings: Finding[]): string[] {
  return findings
    .filter((finding) => finding.severity !== 'ok')
    .map((finding) => `${finding.severity} ${finding.check}: ${finding.message}`);
}

function headersOf(outcome: Outcome): Record<string, string> {
  return 'status' in outcome ? { ...outcome.headers } : {};
}

function firstChunk(obs: HostObservations): NonNullable<HostObservations['chunks']>['first'] {
  if (!obs.chunks) throw new Error('the clean observations have chunks');
  return obs.chunks.first;
}

describe('evaluateHost', () => {
  test('finds nothing wrong with a well-configured host', () => {
    const findings = evaluateHost(cleanObservations(), { crossOrigin: true });
    expect(verdicts(findings)).toEqual([]);
    expect(findings.map((finding) => finding.check)).toEqual([
      'site',
      'latest.json',
      'freshness',
      'config.json',
      'ranges',
      'ranges',
      'compression',
      'accept-ranges',
      'cors',
      'cors',
      'cache',
      '404',
      'cache',
      'wasm',
      '404',
      'spa',
      'spa',
    ]);
  });

  test('reports a host that ignores Range and gzips the chunks', () => {
    const obs = cleanObservations();
    const first = firstChunk(obs);
    const { 'content-range': _range, ...headers } = headersOf(first.response);
    first.response = recorded(
      200,
      { ...headers, 'content-encoding': 'gzip' },
      gzipSync(Buffer.alloc(65_536)),
    );
    if (obs.chunks) {
      obs.chunks.head = recorded(200, {
        ...headersOf(obs.chunks.head),
        'content-encoding': 'gzip',
      });
    }
    expect(verdicts(evaluateHost(obs, { crossOrigin: false }))).toEqual([
      `problem ranges: first chunk db/${VERSION}/db.sqlite3.000: Range bytes=0-99 was ignored (200 with the whole file instead of 206): the browser's SQLite would read wrong bytes`,
      'problem compression: database chunks are compressed (Content-Encoding: GET gzip and HEAD gzip): compression breaks byte ranges and SQLite reports "database disk image is malformed"',
    ]);
  });

  test('only warns when HEAD alone is compressed, as GitHub Pages does', () => {
    const obs = cleanObservations();
    if (obs.chunks) obs.chunks.head = recorded(200, { 'content-encoding': 'gzip' });
    const [finding] = evaluateHost(obs, { crossOrigin: false }).filter(
      (candidate) => candidate.severity !== 'ok',
    );
    expect(finding).toMatchObject({ severity: 'warning', check: 'compression' });
    expect(finding?.message).toContain('takes the length from config.json');
  });

  test('reports a HEAD that the browser’s SQLite cannot pass', () => {
    const obs = cleanObservations();
    if (obs.chunks) obs.chunks.head = recorded(405, {});
    expect(verdicts(evaluateHost(obs, { crossOrigin: false }))).toEqual([
      `problem head: HEAD db/${VERSION}/db.sqlite3.000 answered HTTP 405: the browser's SQLite checks the first chunk with HEAD and stops when it fails`,
    ]);
  });

  test('names the size mismatch when the uploaded chunk is not the built one', () => {
    const obs = cleanObservations();
    firstChunk(obs).response = recorded(
      206,
      { 'content-range': 'bytes 0-99/60000', 'content-length': '100' },
      SQLITE_PAGE,
    );
    const [finding] = evaluateHost(obs, { crossOrigin: false }).filter(
      (candidate) => candidate.severity !== 'ok',
    );
    expect(finding).toMatchObject({
      severity: 'problem',
      check: 'ranges',
      message: `first chunk db/${VERSION}/db.sqlite3.000: Content-Range is "bytes 0-99/60000", expected "bytes 0-99/65536"`,
      fix: 'the file on the host is 60000 bytes but config.json says 65536: upload the version folder again, byte for byte',
    });
  });

  test('notices a short body and a chunk that is not SQLite', () => {
    const short = cleanObservations();
    firstChunk(short).response = recorded(
      206,
      headersOf(firstChunk(short).response),
      SQLITE_PAGE.subarray(0, 40),
    );
    expect(verdicts(evaluateHost(short, { crossOrigin: false }))).toEqual([
      `problem ranges: first chunk db/${VERSION}/db.sqlite3.000: asked for 100 bytes, got 40 (Content-Length 100)`,
    ]);
    const foreign = cleanObservations();
    firstChunk(foreign).response = recorded(
      206,
      headersOf(firstChunk(foreign).response),
      Buffer.alloc(100, 0x3c),
    );
    expect(verdicts(evaluateHost(foreign, { crossOrigin: false }))).toEqual([
      `problem ranges: first chunk db/${VERSION}/db.sqlite3.000 does not start with the SQLite header: the host changes the file`,
    ]);
  });

  test('missing CORS is a warning on one origin and a problem with --cross-origin', () => {
    const obs = cleanObservations();
    const first = firstChunk(obs).response;
    if ('status' in first) {
      delete first.headers['access-control-allow-origin'];
      first.headers['access-control-expose-headers'] = 'Content-Length';
    }
    if (obs.chunks) obs.chunks.preflight = recorded(405, {});
    expect(verdicts(evaluateHost(obs, { crossOrigin: false }))).toEqual([
      'warning cors: the db folder lacks CORS headers (Access-Control-Allow-Origin, exposed Accept-Ranges, exposed Content-Range): fine while the site and the database share this origin',
    ]);
    expect(verdicts(evaluateHost(obs, { crossOrigin: true }))).toEqual([
      'problem cors: the db folder lacks CORS headers (Access-Control-Allow-Origin, exposed Accept-Ranges, exposed Content-Range): a site on another origin cannot read it',
      'problem cors: the preflight (OPTIONS with Access-Control-Request-Headers: range) answered HTTP 405 without allowing Range',
    ]);
  });

  test('judges how long latest.json may be cached and spots a stale copy', () => {
    const withCache = (cache: string | undefined): string[] => {
      const obs = cleanObservations();
      if ('status' in obs.latestBusted) {
        if (cache === undefined) delete obs.latestBusted.headers['cache-control'];
        else obs.latestBusted.headers['cache-control'] = cache;
      }
      return verdicts(evaluateHost(obs, { crossOrigin: false }));
    };
    expect(withCache('max-age=30')).toEqual([]);
    expect(withCache('public, max-age=600')).toEqual([
      'warning freshness: db/latest.json may be cached for 600 s (public, max-age=600): a new version reaches visitors late where a cache ignores the query string',
    ]);
    expect(withCache('max-age=0, s-maxage=86400')).toEqual([
      'problem freshness: db/latest.json may be cached for a long time (max-age=0, s-maxage=86400): new versions will not reach visitors',
    ]);
    expect(withCache(undefined)).toEqual([
      'warning freshness: db/latest.json has no Cache-Control: caches may guess a lifetime',
    ]);
    const stale = cleanObservations();
    stale.latestPlain = recorded(200, {}, '{"latest":"v1-aaaaaaaaaaaa"}');
    expect(verdicts(evaluateHost(stale, { crossOrigin: false }))).toEqual([
      `warning freshness: db/latest.json without a query names v1-aaaaaaaaaaaa, with one ${VERSION}: a cache holds an old copy`,
    ]);
  });

  test('stops at a missing or invalid latest.json or config.json and says what to upload', () => {
    const missing = cleanObservations();
    missing.latestBusted = recorded(404, { 'content-type': 'text/html' });
    delete missing.config;
    delete missing.chunks;
    const findings = evaluateHost(missing, { crossOrigin: false });
    expect(verdicts(findings)).toEqual(['problem latest.json: db/latest.json: HTTP 404']);
    expect(findings.find((finding) => finding.severity === 'problem')?.fix).toBe(
      'upload the db folder next to index.html (db/latest.json and the version folder it names)',
    );

    const invalid = cleanObservations();
    invalid.config = recorded(200, {}, JSON.stringify({ ...CONFIG, serverMode: 'full' }));
    delete invalid.chunks;
    expect(verdicts(evaluateHost(invalid, { crossOrigin: false }))).toEqual([
      `problem config.json: db/${VERSION}/config.json is not a Trawl database config (serverMode: Invalid input: expected "chunked")`,
    ]);
  });

  test('reports SPA fallbacks that hide missing files or break episode links', () => {
    const obs = cleanObservations();
    if (obs.chunks) obs.chunks.missing.response = html(200);
    obs.missingAsset = html(200);
    obs.spaRoute = html(404);
    obs.spaDottedRoute = recorded(404, { 'content-type': 'text/plain' });
    expect(verdicts(evaluateHost(obs, { crossOrigin: false }))).toEqual([
      `problem 404: a missing chunk (db/${VERSION}/db.sqlite3.003) answered HTTP 200 with HTML: SQLite would read a web page as the database`,
      'warning 404: a missing asset answered HTTP 200 with HTML: broken uploads show up as confusing script errors',
      'warning spa: episodes/1 is answered with an HTML page and status 404: the app works if that page is the app (404.html), but crawlers skip it',
      'problem spa: episodes/14.5 answered HTTP 404: shared links to episodes break',
    ]);
  });

  test('reports cache headers that outlive a deploy or make every visit download again', () => {
    const obs = cleanObservations();
    obs.index = html(200, 'public, max-age=31536000, immutable');
    const first = firstChunk(obs).response;
    if ('status' in first) first.headers['cache-control'] = 'no-cache';
    expect(verdicts(evaluateHost(obs, { crossOrigin: false }))).toEqual([
      'problem site: index.html may be cached for 31536000 s: visitors keep an old app after a deploy',
      'warning cache: version folders (database chunks) are not cached for long (no-cache): every visit downloads or revalidates them again',
    ]);
  });

  test('reports plain HTTP, HTTP media on an HTTPS site, wasm types and timeouts', () => {
    const obs = cleanObservations();
    obs.config = recorded(
      200,
      {},
      JSON.stringify({ ...CONFIG, site: { ...CONFIG.site, mediaBase: 'http://media.example/' } }),
    );
    if (obs.wasm) obs.wasm.response = recorded(200, { 'content-type': 'application/octet-stream' });
    firstChunk(obs).response = { error: 'GET …: no complete answer within 10000 ms' };
    expect(verdicts(evaluateHost(obs, { crossOrigin: false }))).toEqual([
      'problem media: the site is HTTPS but site.mediaBase is http://media.example/: browsers block the audio and images',
      `problem ranges: first chunk db/${VERSION}/db.sqlite3.000 (bytes=0-99): GET …: no complete answer within 10000 ms`,
      'warning wasm: assets/sql-wasm-Ab12Cd34.wasm: HTTP 200 (application/octet-stream); browsers compile it slower or not at all',
    ]);
    const plain = cleanObservations();
    plain.rootUrl = 'http://podcast.example.org/';
    expect(verdicts(evaluateHost(plain, { crossOrigin: false }))[0]).toBe(
      'warning https: http://podcast.example.org/ is plain HTTP',
    );
  });
});

describe('formatFindings', () => {
  test('prints one line per check, the fix under each warning and problem, and totals', () => {
    expect(
      formatFindings([
        { severity: 'ok', check: 'ranges', message: 'fine', fix: 'not shown' },
        { severity: 'warning', check: 'cors', message: 'missing', fix: 'add them' },
        { severity: 'problem', check: 'compression', message: 'gzip', fix: 'turn it off' },
      ]),
    ).toMatchInlineSnapshot(`
      "ok       ranges: fine
      warning  cors: missing
               fix: add them
      PROBLEM  compression: gzip
               fix: turn it off
      1 ok, 1 warning(s), 1 problem(s)
      "
    `);
  });
});

describe('helpers', () => {
  test('chunk names, sizes and probe ranges follow config.json', () => {
    expect(chunkSizes(CONFIG)).toEqual([65_536, 65_536, 18_928]);
    expect(chunkUrl(`${ROOT}db/${VERSION}/config.json`, CONFIG, 2)).toBe(
      `${ROOT}db/${VERSION}/db.sqlite3.002`,
    );
    expect(probeRange(65_536, 0)).toEqual({ start: 0, end: 99 });
    expect(probeRange(18_928, 9464)).toEqual({ start: 9464, end: 9563 });
    expect(probeRange(40, 20)).toEqual({ start: 0, end: 39 });
  });

  test('parses Cache-Control', () => {
    expect(parseCacheControl('public, max-age=31536000, immutable')).toEqual({
      noCache: false,
      noStore: false,
      immutable: true,
      maxAge: 31_536_000,
    });
    expect(parseCacheControl('max-age=60, s-maxage="600"')?.maxAge).toBe(600);
    expect(parseCacheControl('No-Cache')?.noCache).toBe(true);
    expect(parseCacheControl(undefined)).toBeUndefined();
  });

  test('finds the scripts of index.html and the wasm a script names', () => {
    const page = `${ROOT}sub/`;
    expect(
      findScripts(
        '<script type="module" crossorigin src="/sub/assets/index-A1.js"></script><script src=\'x.js\'>',
        page,
      ),
    ).toEqual([`${ROOT}sub/assets/index-A1.js`, `${ROOT}sub/x.js`]);
    const script = `${ROOT}sub/assets/index-A1.js`;
    expect(findWasm('const u = "/sub/assets/sql-wasm-Ab_1.wasm";', script)).toBe(
      `${ROOT}sub/assets/sql-wasm-Ab_1.wasm`,
    );
    expect(findWasm('new URL("sql-wasm-Ab.wasm", import.meta.url)', script)).toBe(
      `${ROOT}sub/assets/sql-wasm-Ab.wasm`,
    );
    expect(findWasm('no wasm here', script)).toBeUndefined();
  });

  test('normalises the site URL to its root', () => {
    expect(siteRoot('https://example.org/podcast?x=1#top')).toBe('https://example.org/podcast/');
    expect(() => siteRoot('ftp://example.org/')).toThrow('only http:// and https://');
  });
});

// ---------------------------------------------------------------------------------------------
// Against real servers on 127.0.0.1: the lead's static server, a misbehaving one, a stalled one.

let root: string;
let built: BundleResult;

async function publishFixtureDatabase(outDir: string): Promise<void> {
  const workDir = await createWorkDir(outDir);
  const databasePath = join(workDir, 'fixture.sqlite3');
  const db = new Database(databasePath);
  db.pragma(`page_size = ${PAGE_SIZE}`);
  db.exec('CREATE TABLE lines (text TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO lines VALUES (?)');
  db.transaction(() => {
    for (let index = 0; index < 2000; index += 1) insert.run(`line ${index} `.repeat(12));
  })();
  db.close();
  await publishVersion({
    outDir,
    workDir,
    databasePath,
    site: siteSettingsSchema.parse({}),
    chunkSize: 64 * 1024,
    keep: 1,
  });
  await rm(workDir, { recursive: true, force: true });
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trawl-check-host-'));
  await publishFixtureDatabase(join(root, 'db-out'));
  const site = join(root, 'site');
  await mkdir(join(site, 'assets'), { recursive: true });
  await writeFile(
    join(site, 'index.html'),
    '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>\n',
  );
  await writeFile(
    join(site, 'assets/index-Ab12Cd34.js'),
    `const wasm = "/assets/sql-wasm-Ef56Gh78.wasm";\n${'// padding\n'.repeat(100)}`,
  );
  await writeFile(join(site, 'assets/sql-wasm-Ef56Gh78.wasm'), Buffer.from('\0asm\x01\0\0\0'));
  built = await bundle({ db: join(root, 'db-out'), out: join(root, 'bundle'), site });
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function checkHost(
  url: string,
  options: { crossOrigin?: boolean; timeoutSeconds?: number } = {},
): Promise<{ code: number; output: string }> {
  let output = '';
  const code = await runCheckHost({ url, ...options, write: (text) => (output += text) });
  return { code, output };
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`);
    });
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

describe('runCheckHost', () => {
  let clean: RunningServer;

  beforeAll(async () => {
    clean = await startServer({
      mounts: [
        { prefix: '/db/', dir: join(built.webRoot, 'db') },
        { prefix: '/', dir: built.webRoot, spaFallback: true },
      ],
    });
  });

  afterAll(async () => {
    await clean.close();
  });

  test('reports the static server of `trawl serve` clean, also for a cross-origin site', async () => {
    const { code, output } = await checkHost(clean.url, { crossOrigin: true });
    expect(output).not.toMatch(/^(PROBLEM|warning)/m);
    expect(output).toContain(`Checking ${clean.url}/\n`);
    expect(output).toMatch(
      /^ok {7}ranges: first chunk db\/v1-[0-9a-f]{12}\/db\.sqlite3\.000: bytes=0-99 → 206 bytes 0-99\/65536$/m,
    );
    expect(output).toMatch(/^ok {7}ranges: last chunk db\/v1-[0-9a-f]{12}\/db\.sqlite3\.004: /m);
    expect(output).toMatch(/^17 ok, 0 warning\(s\), 0 problem\(s\)$/m);
    expect(code).toBe(0);
  });

  test('reports a server that ignores ranges, gzips everything and answers every path', async () => {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(`${req.method} ${req.headers.origin === PROBE_ORIGIN ? 'cors ' : ''}${req.url}`);
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const file = join(built.webRoot, path.endsWith('/') ? `${path}index.html` : path);
      void stat(file)
        .then((info) => (info.isFile() ? file : join(built.webRoot, 'index.html')))
        .catch(() => join(built.webRoot, 'index.html'))
        .then((served) => {
          const type = served.endsWith('.html') ? 'text/html' : 'application/octet-stream';
          res.writeHead(200, { 'Content-Type': type, 'Content-Encoding': 'gzip' });
          if (req.method === 'HEAD') res.end();
          else createReadStream(served).pipe(createGzip()).pipe(res);
        });
    });
    const url = await listen(server);
    try {
      const { code, output } = await checkHost(url);
      expect(code).toBe(1);
      expect(output).toMatch(
        /^PROBLEM {2}ranges: first chunk .*Range bytes=0-99 was ignored \(200 with the whole file instead of 206\)/m,
      );
      expect(output).toMatch(
        /^PROBLEM {2}compression: database chunks are compressed \(Content-Encoding: GET gzip and HEAD gzip\)/m,
      );
      expect(output).toMatch(/^PROBLEM {2}404: a missing chunk .* answered HTTP 200 with HTML/m);
      expect(output).toMatch(/^warning {2}cors: the db folder lacks CORS headers/m);
      expect(output).toContain('fix: turn compression off for the db folder');
      expect(seen).toContain(`OPTIONS cors ${new URL(await chunkPath()).pathname}`);
    } finally {
      await close(server);
    }
  });

  test('gives up on a host that never answers, within the timeout', async () => {
    const server = createServer(() => undefined);
    const url = await listen(server);
    try {
      const started = Date.now();
      const { code, output } = await checkHost(url, { timeoutSeconds: 0.3 });
      expect(Date.now() - started).toBeLessThan(5000);
      expect(code).toBe(1);
      expect(output).toContain(
        `PROBLEM  site: the site root did not answer: GET ${url}: no complete answer within 300 ms`,
      );
      expect(output).toContain('PROBLEM  latest.json: db/latest.json: GET');
    } finally {
      await close(server);
    }
  });

  test('refuses a URL it cannot check', async () => {
    expect(await checkHost('ftp://example.org/')).toEqual({
      code: 2,
      output: 'trawl check-host: give the http(s) URL of the deployed site\n',
    });
    expect((await checkHost('http://127.0.0.1:1/', { timeoutSeconds: -1 })).output).toBe(
      'trawl check-host: --timeout is a number of seconds above 0\n',
    );
  });
});

async function chunkPath(): Promise<string> {
  const latest: unknown = JSON.parse(await readFile(join(built.webRoot, 'db/latest.json'), 'utf8'));
  const version =
    typeof latest === 'object' && latest !== null && 'latest' in latest
      ? String(latest.latest)
      : '';
  return `http://x/db/${version}/db.sqlite3.000`;
}
