import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { defineCommand } from 'citty';
import { z } from 'zod';
import { dbConfigSchema, latestSchema, type DbConfig } from '../core/site-config.ts';

/**
 * `trawl check-host <url>`: probes a deployed Trawl site the way the browser will use it and
 * says what the host does wrong and how to fix it. The checking is pure (`evaluateHost` works
 * on recorded responses); `probeHost` only fetches.
 */

// ---------------------------------------------------------------------------------------------
// Recorded responses

/** One HTTP answer as the wire delivered it: no decompression, lower-case header names. */
export interface RecordedResponse {
  status: number;
  headers: Record<string, string>;
  /** The body bytes received, at most the probe's cap. */
  body: Uint8Array;
  /** True when the body was longer than the cap and reading stopped. */
  truncated: boolean;
  /** The URL that answered, after redirects. */
  url: string;
}

/** A probe either got an answer or failed (refused, reset, timed out). */
export type Outcome = RecordedResponse | { error: string };

/** Everything `probeHost` saw. Probes that depend on an earlier answer may be missing. */
export interface HostObservations {
  /** The site root, base path included, ending in '/'. */
  rootUrl: string;
  index: Outcome;
  /** `db/latest.json?t=…`, as the site asks for it, with an `Origin` header. */
  latestBusted: Outcome;
  /** `db/latest.json` without a query: what a cache that ignores query strings stores. */
  latestPlain: Outcome;
  config?: Outcome;
  chunks?: ChunkObservations;
  /** The first script that index.html loads. */
  asset?: { url: string; response: Outcome };
  wasm?: { url: string; response: Outcome };
  missingAsset: Outcome;
  spaRoute: Outcome;
  spaDottedRoute: Outcome;
}

export interface ChunkProbe {
  url: string;
  /** The size config.json promises for this chunk file. */
  expectedSize: number;
  /** The inclusive byte range asked for. */
  start: number;
  end: number;
  response: Outcome;
}

export interface ChunkObservations {
  first: ChunkProbe;
  /** A range on another chunk (the last one); absent for a one-chunk database. */
  other?: ChunkProbe;
  head: Outcome;
  preflight: Outcome;
  /** A chunk number past the end: must be a 404, never index.html. */
  missing: { url: string; response: Outcome };
}

// ---------------------------------------------------------------------------------------------
// Pure helpers

/** The origin sent with CORS probes; no host has a reason to allow it specifically. */
export const PROBE_ORIGIN = 'https://trawl-check-host.invalid';
/** What browsers send; a host that compresses chunks will do it for this. */
export const PROBE_ACCEPT_ENCODING = 'gzip, deflate, br';

const SQLITE_HEADER = 'SQLite format 3\0';
const ONE_DAY = 86_400;

/** The URL of chunk `index` of a chunked database whose config.json is at `configUrl`. */
export function chunkUrl(configUrl: string, config: DbConfig, index: number): string {
  return new URL(
    `${config.urlPrefix}${String(index).padStart(config.suffixLength, '0')}`,
    configUrl,
  ).toString();
}

/** Sizes of the chunk files that config.json describes, in order. */
export function chunkSizes(config: DbConfig): number[] {
  const count = Math.ceil(config.databaseLengthBytes / config.serverChunkSize);
  return Array.from({ length: count }, (_, index) =>
    Math.min(config.serverChunkSize, config.databaseLengthBytes - index * config.serverChunkSize),
  );
}

/** The byte range `probeHost` asks of a chunk of `size` bytes: 100 bytes near `preferredStart`. */
export function probeRange(size: number, preferredStart: number): { start: number; end: number } {
  const length = Math.min(100, size);
  const start = Math.max(0, Math.min(preferredStart, size - length));
  return { start, end: start + length - 1 };
}

/** Script URLs of index.html, resolved against the page, in document order. */
export function findScripts(html: string, pageUrl: string): string[] {
  const urls: string[] = [];
  for (const match of html.matchAll(/<script\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/gi)) {
    const src = match[1];
    if (src) urls.push(new URL(src, pageUrl).toString());
  }
  return urls;
}

/** The first `.wasm` file a script names, resolved as Vite emits it (absolute or relative). */
export function findWasm(script: string, scriptUrl: string): string | undefined {
  const match = /["'`]([^"'`\s]*?[A-Za-z0-9_-]+\.wasm)["'`]/.exec(script);
  return match?.[1] ? new URL(match[1], scriptUrl).toString() : undefined;
}

export interface CacheControl {
  noCache: boolean;
  noStore: boolean;
  immutable: boolean;
  /** `s-maxage` when present (what a CDN uses), else `max-age`. */
  maxAge: number | undefined;
}

/** Parses a Cache-Control header; `undefined` when the header is absent. */
export function parseCacheControl(value: string | undefined): CacheControl | undefined {
  if (value === undefined) return undefined;
  const directives = new Map<string, string>();
  for (const part of value.split(',')) {
    const [name = '', arg = ''] = part.trim().split('=');
    if (name) directives.set(name.toLowerCase(), arg.replace(/"/g, ''));
  }
  const seconds = (name: string): number | undefined => {
    const raw = directives.get(name);
    return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : undefined;
  };
  return {
    noCache: directives.has('no-cache'),
    noStore: directives.has('no-store'),
    immutable: directives.has('immutable'),
    maxAge: seconds('s-maxage') ?? seconds('max-age'),
  };
}

function revalidates(cache: CacheControl): boolean {
  return cache.noCache || cache.noStore || cache.maxAge === 0;
}

function isResponse(outcome: Outcome | undefined): outcome is RecordedResponse {
  return outcome !== undefined && 'status' in outcome;
}

/** The body as text, decompressed according to its Content-Encoding. */
export function bodyText(response: RecordedResponse): string {
  const encoding = (response.headers['content-encoding'] ?? 'identity').toLowerCase().trim();
  const raw = Buffer.from(response.body);
  try {
    if (encoding === 'gzip' || encoding === 'x-gzip') return gunzipSync(raw).toString('utf8');
    if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8');
    if (encoding === 'deflate') return inflateSync(raw).toString('utf8');
  } catch {
    return '';
  }
  return raw.toString('utf8');
}

function parseJson(response: RecordedResponse): unknown {
  try {
    return JSON.parse(bodyText(response));
  } catch {
    return undefined;
  }
}

/** The version latest.json names, or undefined. */
export function readLatest(outcome: Outcome | undefined): string | undefined {
  if (!isResponse(outcome) || outcome.status !== 200) return undefined;
  const parsed = latestSchema.safeParse(parseJson(outcome));
  return parsed.success ? parsed.data.latest : undefined;
}

/** The validated config.json, or undefined. */
export function readConfig(outcome: Outcome | undefined): DbConfig | undefined {
  if (!isResponse(outcome) || outcome.status !== 200) return undefined;
  const parsed = dbConfigSchema.safeParse(parseJson(outcome));
  return parsed.success ? parsed.data : undefined;
}

function encodingOf(response: RecordedResponse): string | undefined {
  const value = response.headers['content-encoding']?.trim().toLowerCase();
  return value && value !== 'identity' ? value : undefined;
}

function isHtml(response: RecordedResponse): boolean {
  return (response.headers['content-type'] ?? '').toLowerCase().includes('text/html');
}

function describe(outcome: Outcome): string {
  return isResponse(outcome) ? `HTTP ${outcome.status}` : outcome.error;
}

function pathOf(url: string, rootUrl: string): string {
  return url.startsWith(rootUrl) ? url.slice(rootUrl.length) || '/' : url;
}

// ---------------------------------------------------------------------------------------------
// Findings

export type Severity = 'ok' | 'warning' | 'problem';

export interface Finding {
  severity: Severity;
  /** Short name of the check: 'ranges', 'compression', 'cors', … */
  check: string;
  message: string;
  /** How to fix it; present on warnings and problems. */
  fix?: string;
}

export interface EvaluateOptions {
  /** The database or media are read from another origin, so CORS headers are required. */
  crossOrigin: boolean;
}

const ok = (check: string, message: string): Finding => ({ severity: 'ok', check, message });
const warn = (check: string, message: string, fix: string): Finding => ({
  severity: 'warning',
  check,
  message,
  fix,
});
const problem = (check: string, message: string, fix: string): Finding => ({
  severity: 'problem',
  check,
  message,
  fix,
});

const FIX_RANGES =
  'serve the db folder as plain static files with byte ranges (nginx: no max_ranges 0, no proxy that drops Range; S3/CloudFront, Netlify and Cloudflare Pages do this by default)';
const FIX_COMPRESSION =
  'turn compression off for the db folder (nginx: "gzip off;" and "brotli off;" in its location; CDNs: do not compress application/octet-stream), see docs/deploy.md';
const FIX_CORS =
  'add "Access-Control-Allow-Origin: *" and "Access-Control-Expose-Headers: Accept-Ranges, Content-Length, Content-Range" to the db and media folders (the bundle\'s _headers and nginx/trawl.conf do)';

function checkIndex(index: Outcome): Finding[] {
  if (!isResponse(index)) {
    return [problem('site', `the site root did not answer: ${index.error}`, 'check the URL')];
  }
  if (index.status !== 200 || !isHtml(index)) {
    return [
      problem(
        'site',
        `the site root answered ${describe(index)} (${index.headers['content-type'] ?? 'no type'})`,
        'give the URL of the site root, base path included (for example https://example.org/podcast/)',
      ),
    ];
  }
  const cache = parseCacheControl(index.headers['cache-control']);
  if (cache && revalidates(cache)) {
    return [ok('site', `index.html loads and is revalidated (${index.headers['cache-control']})`)];
  }
  const fix =
    'serve index.html with "Cache-Control: no-cache" so a new deploy reaches visitors at once';
  if (cache?.maxAge !== undefined && (cache.maxAge > ONE_DAY || cache.immutable)) {
    return [
      problem(
        'site',
        `index.html may be cached for ${cache.maxAge} s: visitors keep an old app after a deploy`,
        fix,
      ),
    ];
  }
  return [
    warn(
      'site',
      `index.html loads but caches may keep it (${index.headers['cache-control'] ?? 'no Cache-Control'})`,
      fix,
    ),
  ];
}

function checkLatest(obs: HostObservations): Finding[] {
  const response = obs.latestBusted;
  if (!isResponse(response) || response.status !== 200) {
    return [
      problem(
        'latest.json',
        `db/latest.json: ${describe(response)}`,
        'upload the db folder next to index.html (db/latest.json and the version folder it names)',
      ),
    ];
  }
  const version = readLatest(response);
  if (version === undefined) {
    return [
      problem(
        'latest.json',
        'db/latest.json is not {"latest":"<version>"}',
        'upload the latest.json that trawl build wrote, unchanged',
      ),
    ];
  }
  const findings = [ok('latest.json', `db/latest.json names version ${version}`)];
  const header = response.headers['cache-control'];
  const cache = parseCacheControl(header);
  const fix =
    'serve db/latest.json with "Cache-Control: no-cache" (and purge it from the CDN after each upload)';
  if (cache === undefined) {
    findings.push(
      warn('freshness', 'db/latest.json has no Cache-Control: caches may guess a lifetime', fix),
    );
  } else if (revalidates(cache) || (cache.maxAge !== undefined && cache.maxAge <= 60)) {
    findings.push(ok('freshness', `db/latest.json is revalidated (${header})`));
  } else if (!cache.immutable && cache.maxAge !== undefined && cache.maxAge <= 3600) {
    findings.push(
      warn(
        'freshness',
        `db/latest.json may be cached for ${cache.maxAge} s (${header}): a new version reaches visitors late where a cache ignores the query string`,
        fix,
      ),
    );
  } else {
    findings.push(
      problem(
        'freshness',
        `db/latest.json may be cached for a long time (${header}): new versions will not reach visitors`,
        fix,
      ),
    );
  }
  const plain = readLatest(obs.latestPlain);
  if (plain !== undefined && plain !== version) {
    findings.push(
      warn(
        'freshness',
        `db/latest.json without a query names ${plain}, with one ${version}: a cache holds an old copy`,
        fix,
      ),
    );
  }
  return findings;
}

function checkConfig(obs: HostObservations, version: string | undefined): Finding[] {
  if (version === undefined || obs.config === undefined) return [];
  const response = obs.config;
  const path = `db/${version}/config.json`;
  if (!isResponse(response) || response.status !== 200) {
    return [
      problem(
        'config.json',
        `${path}: ${describe(response)}`,
        'upload the whole version folder before latest.json',
      ),
    ];
  }
  const parsed = dbConfigSchema.safeParse(parseJson(response));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return [
      problem(
        'config.json',
        `${path} is not a Trawl database config (${issue?.path.join('.') || 'root'}: ${issue?.message ?? 'invalid'})`,
        'upload the config.json that trawl build (or trawl bundle) wrote, unchanged',
      ),
    ];
  }
  const findings = [
    ok(
      'config.json',
      `${path} is valid (${chunkSizes(parsed.data).length} chunks, ${parsed.data.databaseLengthBytes} bytes)`,
    ),
  ];
  const mediaBase = parsed.data.site.mediaBase;
  if (obs.rootUrl.startsWith('https:') && mediaBase.startsWith('http:')) {
    findings.push(
      problem(
        'media',
        `the site is HTTPS but site.mediaBase is ${mediaBase}: browsers block the audio and images`,
        'serve the media over HTTPS and bundle again with --media-base https://…',
      ),
    );
  }
  return findings;
}

function checkRange(probe: ChunkProbe, label: string, rootUrl: string): Finding[] {
  const response = probe.response;
  const path = pathOf(probe.url, rootUrl);
  const asked = `bytes=${probe.start}-${probe.end}`;
  if (!isResponse(response)) {
    return [problem('ranges', `${label} ${path} (${asked}): ${response.error}`, FIX_RANGES)];
  }
  if (response.status === 404) {
    return [
      problem(
        'ranges',
        `${label} ${path} is missing (404)`,
        'upload every file of the version folder before latest.json',
      ),
    ];
  }
  if (response.status === 200) {
    return [
      problem(
        'ranges',
        `${label} ${path}: Range ${asked} was ignored (200 with the whole file instead of 206): the browser's SQLite would read wrong bytes`,
        FIX_RANGES,
      ),
    ];
  }
  if (response.status !== 206) {
    return [problem('ranges', `${label} ${path} (${asked}): ${describe(response)}`, FIX_RANGES)];
  }
  const expected = `bytes ${probe.start}-${probe.end}/${probe.expectedSize}`;
  const contentRange = response.headers['content-range'];
  if (contentRange !== expected) {
    const total = /\/(\d+)$/.exec(contentRange ?? '')?.[1];
    const fix =
      total !== undefined && Number(total) !== probe.expectedSize
        ? `the file on the host is ${total} bytes but config.json says ${probe.expectedSize}: upload the version folder again, byte for byte`
        : FIX_RANGES;
    return [
      problem(
        'ranges',
        `${label} ${path}: Content-Range is "${contentRange ?? 'missing'}", expected "${expected}"`,
        fix,
      ),
    ];
  }
  const length = probe.end - probe.start + 1;
  const contentLength = response.headers['content-length'];
  if (encodingOf(response) === undefined) {
    if (
      (contentLength !== undefined && Number(contentLength) !== length) ||
      response.body.length !== length
    ) {
      return [
        problem(
          'ranges',
          `${label} ${path}: asked for ${length} bytes, got ${response.body.length} (Content-Length ${contentLength ?? 'missing'})`,
          FIX_RANGES,
        ),
      ];
    }
    if (
      probe.start === 0 &&
      Buffer.from(response.body).toString('latin1', 0, 16) !== SQLITE_HEADER
    ) {
      return [
        problem(
          'ranges',
          `${label} ${path} does not start with the SQLite header: the host changes the file`,
          'upload the chunk files as binary, unchanged',
        ),
      ];
    }
  }
  return [ok('ranges', `${label} ${path}: ${asked} → 206 ${contentRange}`)];
}

function checkCompression(chunks: ChunkObservations): Finding[] {
  const encoded: string[] = [];
  const gets = [chunks.first, chunks.other].filter((probe) => probe !== undefined);
  for (const probe of gets) {
    if (isResponse(probe.response)) {
      const encoding = encodingOf(probe.response);
      if (encoding) encoded.push(`GET ${encoding}`);
    }
  }
  const headEncoding = isResponse(chunks.head) ? encodingOf(chunks.head) : undefined;
  if (encoded.length > 0) {
    const also = headEncoding ? ` and HEAD ${headEncoding}` : '';
    return [
      problem(
        'compression',
        `database chunks are compressed (Content-Encoding: ${[...new Set(encoded)].join(', ')}${also}): compression breaks byte ranges and SQLite reports "database disk image is malformed"`,
        FIX_COMPRESSION,
      ),
    ];
  }
  if (headEncoding) {
    return [
      warn(
        'compression',
        `HEAD on a chunk answers Content-Encoding: ${headEncoding} while GET does not: Trawl's chunked mode takes the length from config.json, so SQLite only logs a warning, but single-file mode would break`,
        'nothing to do for Trawl (keep the database chunked, the default); turn compression off for the db folder where the host allows it',
      ),
    ];
  }
  return [
    ok(
      'compression',
      `chunks are not compressed, even for Accept-Encoding: ${PROBE_ACCEPT_ENCODING} (GET and HEAD)`,
    ),
  ];
}

/**
 * sql.js-httpvfs sends one HEAD to the first chunk before reading: it stops on a failed HEAD
 * and warns in the console when the answer lacks `Accept-Ranges: bytes`.
 */
function checkHead(chunks: ChunkObservations, rootUrl: string): Finding[] {
  const head = chunks.head;
  const path = pathOf(chunks.first.url, rootUrl);
  if (!isResponse(head) || !((head.status >= 200 && head.status < 300) || head.status === 304)) {
    return [
      problem(
        'head',
        `HEAD ${path} answered ${describe(head)}: the browser's SQLite checks the first chunk with HEAD and stops when it fails`,
        'allow HEAD on the db folder (static hosts do by default)',
      ),
    ];
  }
  const said = [chunks.first.response, head].some(
    (outcome) => isResponse(outcome) && outcome.headers['accept-ranges']?.toLowerCase() === 'bytes',
  );
  return said
    ? [ok('accept-ranges', 'chunks say Accept-Ranges: bytes')]
    : [
        warn(
          'accept-ranges',
          "chunks do not say Accept-Ranges: bytes: the browser's SQLite warns that results may be wrong",
          'serve the db folder as static files, which advertise byte ranges',
        ),
      ];
}

function corsGaps(response: RecordedResponse): string[] {
  const gaps: string[] = [];
  const allow = response.headers['access-control-allow-origin'];
  if (allow !== '*' && allow !== PROBE_ORIGIN) gaps.push('Access-Control-Allow-Origin');
  const exposed = (response.headers['access-control-expose-headers'] ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());
  if (!exposed.includes('*')) {
    for (const name of ['Accept-Ranges', 'Content-Length', 'Content-Range']) {
      if (!exposed.includes(name.toLowerCase())) gaps.push(`exposed ${name}`);
    }
  }
  return gaps;
}

function checkCors(obs: HostObservations, options: EvaluateOptions): Finding[] {
  const chunks = obs.chunks;
  if (!chunks || !isResponse(chunks.first.response)) return [];
  const gaps = corsGaps(chunks.first.response);
  if (isResponse(obs.latestBusted) && !obs.latestBusted.headers['access-control-allow-origin']) {
    gaps.push('Access-Control-Allow-Origin on latest.json');
  }
  const findings: Finding[] = [];
  if (gaps.length === 0) {
    findings.push(ok('cors', 'the db folder answers other origins and exposes the range headers'));
  } else {
    const message = `the db folder lacks CORS headers (${gaps.join(', ')})`;
    findings.push(
      options.crossOrigin
        ? problem('cors', `${message}: a site on another origin cannot read it`, FIX_CORS)
        : warn(
            'cors',
            `${message}: fine while the site and the database share this origin`,
            `${FIX_CORS}; needed before the db or media move to another origin`,
          ),
    );
  }
  if (options.crossOrigin) {
    const preflight = chunks.preflight;
    const allowed = isResponse(preflight)
      ? (preflight.headers['access-control-allow-headers'] ?? '').toLowerCase()
      : '';
    const passes =
      isResponse(preflight) &&
      preflight.status >= 200 &&
      preflight.status < 300 &&
      (allowed.includes('range') || allowed.includes('*'));
    findings.push(
      passes
        ? ok('cors', 'the preflight for a Range request is allowed')
        : problem(
            'cors',
            `the preflight (OPTIONS with Access-Control-Request-Headers: range) answered ${describe(preflight)} without allowing Range`,
            'answer OPTIONS on the db folder with 204 and "Access-Control-Allow-Headers: Range"',
          ),
    );
  }
  return findings;
}

function checkLongCache(check: string, what: string, response: RecordedResponse): Finding {
  const header = response.headers['cache-control'];
  const cache = parseCacheControl(header);
  if (cache && !revalidates(cache) && (cache.immutable || (cache.maxAge ?? 0) >= ONE_DAY)) {
    return ok(check, `${what} are cached for long (${header})`);
  }
  return warn(
    check,
    `${what} are not cached for long (${header ?? 'no Cache-Control'}): every visit downloads or revalidates them again`,
    `serve them with "Cache-Control: public, max-age=31536000, immutable"; they never change`,
  );
}

function checkChunkCache(chunks: ChunkObservations): Finding[] {
  const response = chunks.first.response;
  if (!isResponse(response) || (response.status !== 206 && response.status !== 200)) return [];
  return [checkLongCache('cache', 'version folders (database chunks)', response)];
}

function checkMissingChunk(chunks: ChunkObservations, rootUrl: string): Finding[] {
  const { response, url } = chunks.missing;
  const path = pathOf(url, rootUrl);
  if (isResponse(response) && response.status === 404) {
    return [ok('404', `a missing chunk (${path}) is a real 404`)];
  }
  return [
    problem(
      '404',
      `a missing chunk (${path}) answered ${describe(response)}${isResponse(response) && isHtml(response) ? ' with HTML' : ''}: SQLite would read a web page as the database`,
      'answer missing files under db/ with 404 (no single-page-app fallback there)',
    ),
  ];
}

function checkAssets(obs: HostObservations): Finding[] {
  const findings: Finding[] = [];
  if (obs.asset && isResponse(obs.asset.response) && obs.asset.response.status === 200) {
    findings.push(checkLongCache('cache', 'hashed assets', obs.asset.response));
  } else if (obs.asset) {
    findings.push(
      problem(
        'site',
        `the app's script ${pathOf(obs.asset.url, obs.rootUrl)}: ${describe(obs.asset.response)}`,
        'upload the whole site folder (assets/ included), built with the same --base-path',
      ),
    );
  }
  if (obs.wasm && isResponse(obs.wasm.response)) {
    const type = obs.wasm.response.headers['content-type'] ?? '';
    findings.push(
      obs.wasm.response.status === 200 && type.startsWith('application/wasm')
        ? ok('wasm', 'SQLite’s wasm is served as application/wasm')
        : warn(
            'wasm',
            `${pathOf(obs.wasm.url, obs.rootUrl)}: ${describe(obs.wasm.response)} (${type || 'no Content-Type'}); browsers compile it slower or not at all`,
            'serve .wasm files as application/wasm',
          ),
    );
  }
  const missing = obs.missingAsset;
  if (isResponse(missing) && missing.status === 404) {
    findings.push(ok('404', 'a missing asset is a real 404'));
  } else {
    findings.push(
      warn(
        '404',
        `a missing asset answered ${describe(missing)}${isResponse(missing) && isHtml(missing) ? ' with HTML' : ''}: broken uploads show up as confusing script errors`,
        'rewrite only route paths (episodes/*) to index.html, not every missing file',
      ),
    );
  }
  return findings;
}

function checkSpa(obs: HostObservations): Finding[] {
  const routes = [
    { path: 'episodes/1', outcome: obs.spaRoute },
    { path: 'episodes/14.5', outcome: obs.spaDottedRoute },
  ];
  return routes.map(({ path, outcome }): Finding => {
    if (isResponse(outcome) && outcome.status === 200 && isHtml(outcome)) {
      return ok('spa', `${path} is answered with the app`);
    }
    if (isResponse(outcome) && outcome.status === 404 && isHtml(outcome)) {
      return warn(
        'spa',
        `${path} is answered with an HTML page and status 404: the app works if that page is the app (404.html), but crawlers skip it`,
        'rewrite episodes/* to index.html with status 200 (the bundle’s _redirects and nginx/trawl.conf do)',
      );
    }
    return problem(
      'spa',
      `${path} answered ${describe(outcome)}: shared links to episodes break`,
      'rewrite route paths (episodes/*, dots included) to index.html',
    );
  });
}

function checkTransport(rootUrl: string): Finding[] {
  const { protocol, hostname } = new URL(rootUrl);
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(hostname);
  return protocol === 'https:' || local
    ? []
    : [
        warn(
          'https',
          `${rootUrl} is plain HTTP`,
          'serve the public site over HTTPS (every host in docs/deploy.md can)',
        ),
      ];
}

/** Turns what a probe saw into findings, in the order they are printed. */
export function evaluateHost(obs: HostObservations, options: EvaluateOptions): Finding[] {
  const findings = [...checkTransport(obs.rootUrl), ...checkIndex(obs.index)];
  findings.push(...checkLatest(obs));
  findings.push(...checkConfig(obs, readLatest(obs.latestBusted)));
  const chunks = obs.chunks;
  if (chunks) {
    findings.push(...checkRange(chunks.first, 'first chunk', obs.rootUrl));
    if (chunks.other) findings.push(...checkRange(chunks.other, 'last chunk', obs.rootUrl));
    findings.push(...checkCompression(chunks), ...checkHead(chunks, obs.rootUrl));
  }
  findings.push(...checkCors(obs, options));
  if (chunks) findings.push(...checkChunkCache(chunks), ...checkMissingChunk(chunks, obs.rootUrl));
  findings.push(...checkAssets(obs), ...checkSpa(obs));
  return findings;
}

const LABELS: Record<Severity, string> = { ok: 'ok', warning: 'warning', problem: 'PROBLEM' };

/** One line per finding (`ok`, `warning`, `PROBLEM`), with the fix indented below. */
export function formatFindings(findings: Finding[]): string {
  const lines = findings.flatMap((finding) => {
    const head = `${LABELS[finding.severity].padEnd(8)} ${finding.check}: ${finding.message}`;
    return finding.fix && finding.severity !== 'ok'
      ? [head, `         fix: ${finding.fix}`]
      : [head];
  });
  const count = (severity: Severity): number =>
    findings.filter((finding) => finding.severity === severity).length;
  lines.push(`${count('ok')} ok, ${count('warning')} warning(s), ${count('problem')} problem(s)`);
  return `${lines.join('\n')}\n`;
}

// ---------------------------------------------------------------------------------------------
// Fetching

export interface FetchOptions {
  method?: 'GET' | 'HEAD' | 'OPTIONS';
  headers?: Record<string, string>;
  /** Whole request, connection to last byte. */
  timeoutMs: number;
  /** Stop reading the body after this many bytes. */
  maxBody?: number;
  /** Redirects to follow (3xx with Location). */
  redirects?: number;
}

function flattenHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

/** One HTTP request with a hard deadline, no decompression and no connection reuse. */
export function fetchRaw(url: string, options: FetchOptions): Promise<Outcome> {
  const { method = 'GET', timeoutMs, maxBody = 1 << 20, redirects = 5 } = options;
  return new Promise((resolve) => {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    let settled = false;
    const finish = (outcome: Outcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(outcome);
    };
    const req = send(target, { method, headers: options.headers, agent: false }, (res) => {
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (status >= 300 && status < 400 && location && redirects > 0) {
        res.resume();
        const next = new URL(location, target).toString();
        settled = true;
        clearTimeout(timer);
        req.destroy();
        resolve(fetchRaw(next, { ...options, redirects: redirects - 1 }));
        return;
      }
      const parts: Buffer[] = [];
      let received = 0;
      const done = (truncated: boolean): void =>
        finish({
          status,
          headers: flattenHeaders(res.headers),
          body: Buffer.concat(parts),
          truncated,
          url: target.toString(),
        });
      res.on('data', (part: Buffer) => {
        const room = maxBody - received;
        parts.push(part.length > room ? part.subarray(0, room) : part);
        received += part.length;
        if (received > maxBody) done(true);
      });
      res.on('end', () => done(false));
      res.on('error', (error) => finish({ error: `${method} ${url}: ${error.message}` }));
    });
    const timer = setTimeout(
      () => finish({ error: `${method} ${url}: no complete answer within ${timeoutMs} ms` }),
      timeoutMs,
    );
    req.on('error', (error) => finish({ error: `${method} ${url}: ${error.message}` }));
    req.end();
  });
}

export interface ProbeOptions {
  timeoutMs: number;
}

/** Normalises a site URL to its root with a trailing slash; throws on anything but http(s). */
export function siteRoot(raw: string): string {
  const url = new URL(raw);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${raw}: only http:// and https:// URLs can be checked`);
  }
  url.search = '';
  url.hash = '';
  if (!url.pathname.endsWith('/')) url.pathname = `${url.pathname}/`;
  return url.toString();
}

async function probeChunks(
  configUrl: string,
  config: DbConfig,
  get: (
    url: string,
    headers: Record<string, string>,
    method?: FetchOptions['method'],
  ) => Promise<Outcome>,
): Promise<ChunkObservations> {
  const sizes = chunkSizes(config);
  const firstSize = sizes[0] ?? 0;
  const lastIndex = sizes.length - 1;
  const rangeHeaders = (start: number, end: number): Record<string, string> => ({
    Range: `bytes=${start}-${end}`,
    'Accept-Encoding': PROBE_ACCEPT_ENCODING,
    Origin: PROBE_ORIGIN,
  });
  const firstUrl = chunkUrl(configUrl, config, 0);
  const firstRange = probeRange(firstSize, 0);
  const otherSize = sizes[lastIndex] ?? 0;
  const otherRange = probeRange(otherSize, Math.floor(otherSize / 2));
  const otherUrl = chunkUrl(configUrl, config, lastIndex);
  const missingUrl = chunkUrl(configUrl, config, sizes.length);
  const [first, other, head, preflight, missing] = await Promise.all([
    get(firstUrl, rangeHeaders(firstRange.start, firstRange.end)),
    lastIndex > 0
      ? get(otherUrl, rangeHeaders(otherRange.start, otherRange.end))
      : Promise.resolve(undefined),
    get(firstUrl, { 'Accept-Encoding': PROBE_ACCEPT_ENCODING, Origin: PROBE_ORIGIN }, 'HEAD'),
    get(
      firstUrl,
      {
        Origin: PROBE_ORIGIN,
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'range',
      },
      'OPTIONS',
    ),
    get(missingUrl, { Range: 'bytes=0-99' }),
  ]);
  return {
    first: { url: firstUrl, expectedSize: firstSize, ...firstRange, response: first },
    ...(other && {
      other: { url: otherUrl, expectedSize: otherSize, ...otherRange, response: other },
    }),
    head,
    preflight,
    missing: { url: missingUrl, response: missing },
  };
}

/** Asks a deployed site everything `evaluateHost` needs, every request under a deadline. */
export async function probeHost(rawUrl: string, options: ProbeOptions): Promise<HostObservations> {
  const rootUrl = siteRoot(rawUrl);
  const get = (
    url: string,
    headers: Record<string, string> = {},
    method: FetchOptions['method'] = 'GET',
    maxBody = 1 << 20,
  ): Promise<Outcome> => fetchRaw(url, { method, headers, timeoutMs: options.timeoutMs, maxBody });
  const textHeaders = { 'Accept-Encoding': PROBE_ACCEPT_ENCODING };
  const stamp = Date.now();
  const [index, latestBusted, latestPlain, missingAsset, spaRoute, spaDottedRoute] =
    await Promise.all([
      get(rootUrl, textHeaders),
      get(new URL(`db/latest.json?t=${stamp}`, rootUrl).toString(), {
        ...textHeaders,
        Origin: PROBE_ORIGIN,
      }),
      get(new URL('db/latest.json', rootUrl).toString(), textHeaders),
      get(new URL(`assets/trawl-check-host-missing-${stamp}.js`, rootUrl).toString(), textHeaders),
      get(new URL('episodes/1', rootUrl).toString(), textHeaders),
      get(new URL('episodes/14.5', rootUrl).toString(), textHeaders),
    ]);
  const observations: HostObservations = {
    rootUrl,
    index,
    latestBusted,
    latestPlain,
    missingAsset,
    spaRoute,
    spaDottedRoute,
  };

  const assetsProbe = async (): Promise<void> => {
    if (!isResponse(index) || index.status !== 200) return;
    const script = findScripts(bodyText(index), index.url)[0];
    if (script === undefined) return;
    const response = await get(script, textHeaders, 'GET', 8 << 20);
    observations.asset = { url: script, response };
    if (!isResponse(response) || response.status !== 200) return;
    const wasm = findWasm(bodyText(response), script);
    if (wasm) observations.wasm = { url: wasm, response: await get(wasm, textHeaders, 'HEAD') };
  };

  const databaseProbe = async (): Promise<void> => {
    const version = readLatest(latestBusted);
    if (version === undefined) return;
    const configUrl = new URL(`db/${version}/config.json`, rootUrl).toString();
    observations.config = await get(configUrl, textHeaders);
    const config = readConfig(observations.config);
    if (config === undefined) return;
    observations.chunks = await probeChunks(configUrl, config, (url, headers, method) =>
      get(url, headers, method, 64 << 10),
    );
  };

  await Promise.all([assetsProbe(), databaseProbe()]);
  return observations;
}

// ---------------------------------------------------------------------------------------------
// Command

const checkHostArgsSchema = z.object({
  url: z.url({ protocol: /^https?$/, error: 'give the http(s) URL of the deployed site' }),
  crossOrigin: z.boolean(),
  timeoutSeconds: z.coerce
    .number({ error: '--timeout is a number of seconds' })
    .positive('--timeout is a number of seconds above 0')
    .max(600),
});

export interface CheckHostOptions {
  url: string;
  crossOrigin?: boolean;
  timeoutSeconds?: number | string;
  /** Where the report goes; standard output by default. */
  write?: (text: string) => void;
}

/** Probes a site, prints one line per check and returns the exit code (1 on any problem). */
export async function runCheckHost(options: CheckHostOptions): Promise<number> {
  const write = options.write ?? ((text: string) => process.stdout.write(text));
  const parsed = checkHostArgsSchema.safeParse({
    url: options.url,
    crossOrigin: options.crossOrigin ?? false,
    timeoutSeconds: options.timeoutSeconds ?? 10,
  });
  if (!parsed.success) {
    write(`trawl check-host: ${parsed.error.issues.map((issue) => issue.message).join('; ')}\n`);
    return 2;
  }
  const { url, crossOrigin, timeoutSeconds } = parsed.data;
  write(`Checking ${siteRoot(url)}\n`);
  const observations = await probeHost(url, { timeoutMs: timeoutSeconds * 1000 });
  const findings = evaluateHost(observations, { crossOrigin });
  write(formatFindings(findings));
  return findings.some((finding) => finding.severity === 'problem') ? 1 : 0;
}

/** The `trawl check-host` command for the CLI's command table. */
export const checkHostCommand = defineCommand({
  meta: {
    name: 'check-host',
    description:
      'Check a deployed site: byte ranges, no compression on the database, CORS, cache headers',
  },
  args: {
    url: {
      type: 'positional',
      required: true,
      description: 'URL of the site root, base path included (https://example.org/podcast/)',
    },
    'cross-origin': {
      type: 'boolean',
      default: false,
      description: 'the database or media are read from another origin: missing CORS is a problem',
    },
    timeout: {
      type: 'string',
      default: '10',
      description: 'seconds to wait for each request',
    },
  },
  async run({ args }) {
    process.exitCode = await runCheckHost({
      url: args.url,
      crossOrigin: args['cross-origin'],
      timeoutSeconds: args.timeout,
    });
  },
});
