import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import {
  cleanObservations,
  firstChunk,
  headersOf,
  html,
  recorded,
  verdicts,
  VERSION,
  CONFIG,
  SQLITE_PAGE,
} from '../../test-support/recorded-host.ts';
import { formatFindings } from './findings.ts';
import { evaluateHost } from './rules.ts';

describe('evaluateHost', () => {
  test('a root that does not answer gets no advice on assets or episode routes', () => {
    const obs = cleanObservations();
    obs.index = { error: 'GET http://127.0.0.1:9/: connect ECONNREFUSED' };
    const findings = evaluateHost(obs, { crossOrigin: true });
    expect(verdicts(findings)).toEqual([
      'problem site: the site root did not answer: GET http://127.0.0.1:9/: connect ECONNREFUSED',
    ]);
    expect(findings.map((finding) => finding.check)).not.toContain('spa');
    expect(formatFindings(findings)).toContain('check the URL, and that the host is up');
    expect(formatFindings(findings)).not.toContain('rewrite');
  });

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
