import { chunkCount } from '../../../core/chunk-layout.ts';
import { dbConfigSchema } from '../../../core/site-config.ts';
import {
  checkLongCache,
  FIX_COMPRESSION,
  FIX_RANGES,
  ok,
  problem,
  warn,
  type Finding,
} from './findings.ts';
import {
  describeOutcome,
  encodingOf,
  isHtml,
  isResponse,
  parseCacheControl,
  parseJson,
  pathOf,
  PROBE_ACCEPT_ENCODING,
  readLatest,
  revalidates,
  type ChunkObservations,
  type ChunkProbe,
  type HostObservations,
} from './responses.ts';

/** Rules for the database folder: latest.json, config.json and the chunk files. */

const SQLITE_HEADER = 'SQLite format 3\0';

export function checkLatest(obs: HostObservations): Finding[] {
  const response = obs.latestBusted;
  if (!isResponse(response) || response.status !== 200) {
    return [
      problem(
        'latest.json',
        `db/latest.json: ${describeOutcome(response)}`,
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

export function checkConfig(obs: HostObservations, version: string | undefined): Finding[] {
  if (version === undefined || obs.config === undefined) return [];
  const response = obs.config;
  const path = `db/${version}/config.json`;
  if (!isResponse(response) || response.status !== 200) {
    return [
      problem(
        'config.json',
        `${path}: ${describeOutcome(response)}`,
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
      `${path} is valid (${chunkCount(parsed.data)} chunks, ${parsed.data.databaseLengthBytes} bytes)`,
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

export function checkRange(probe: ChunkProbe, label: string, rootUrl: string): Finding[] {
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
    return [
      problem('ranges', `${label} ${path} (${asked}): ${describeOutcome(response)}`, FIX_RANGES),
    ];
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

export function checkCompression(chunks: ChunkObservations): Finding[] {
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
export function checkHead(chunks: ChunkObservations, rootUrl: string): Finding[] {
  const head = chunks.head;
  const path = pathOf(chunks.first.url, rootUrl);
  if (!isResponse(head) || !((head.status >= 200 && head.status < 300) || head.status === 304)) {
    return [
      problem(
        'head',
        `HEAD ${path} answered ${describeOutcome(head)}: the browser's SQLite checks the first chunk with HEAD and stops when it fails`,
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

export function checkChunkCache(chunks: ChunkObservations): Finding[] {
  const response = chunks.first.response;
  if (!isResponse(response) || (response.status !== 206 && response.status !== 200)) return [];
  return [checkLongCache('cache', 'version folders (database chunks)', response)];
}

export function checkMissingChunk(chunks: ChunkObservations, rootUrl: string): Finding[] {
  const { response, url } = chunks.missing;
  const path = pathOf(url, rootUrl);
  if (isResponse(response) && response.status === 404) {
    return [ok('404', `a missing chunk (${path}) is a real 404`)];
  }
  return [
    problem(
      '404',
      `a missing chunk (${path}) answered ${describeOutcome(response)}${isResponse(response) && isHtml(response) ? ' with HTML' : ''}: SQLite would read a web page as the database`,
      'answer missing files under db/ with 404 (no single-page-app fallback there)',
    ),
  ];
}
