import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, resolve } from 'node:path';
import { isInside, realPathInside, realRoot } from '../contained-path.ts';
import type { CspOptions } from '../../../vite-csp-plugin.ts';
import {
  CompressedBodies,
  isCompressible,
  MIN_COMPRESS_BYTES,
  negotiateCoding,
  weakEtag,
} from './compression.ts';
import { receiveErrorReport, type ErrorReportReceiver } from './error-reports.ts';
import { isNotModified, rangeApplies, validatorsFor } from './http-validators.ts';
import { latestPagesDir, pageFileFor } from '../publish/version-pages.ts';
import { answerPage, FRAME_HEADERS } from './serve-page.ts';

/** One folder served under a URL prefix. The first mount that has the file answers. */
export interface Mount {
  /** URL path prefix, starting and ending with '/'. */
  prefix: string;
  dir: string;
  /** Answer unknown paths without a file extension with this mount's index.html (the SPA). */
  spaFallback?: boolean;
  /**
   * A database output folder whose latest version's pre-rendered pages answer the site's
   * routes (`/`, `/episodes/<n>`, the 404 page, sitemap.xml, robots.txt) under this prefix.
   */
  pagesFrom?: string;
}

export interface ServeOptions {
  mounts: Mount[];
  port?: number;
  host?: string;
  /** Milliseconds added before every response (the benchmark's simulated round trip). */
  delayMs?: number;
  /** Called once per answered request, for counting in tests and benchmarks. */
  onResponse?: (entry: ServedRequest) => void;
  /**
   * The policy of the site's pages, asked for on every `.html` answer: a page's CSP meta tag
   * is rewritten to it, so it allows exactly the media origins of the database being served
   * (`servedPagePolicy`). Without it, pages are served as built.
   */
  pagePolicy?: () => Promise<CspOptions>;
  /** Receives the error reports the site posts to the show's report path (`errorReports`). */
  errorReports?: ErrorReportReceiver;
  /** A connection that moves no byte for this long is dropped (default `IDLE_TIMEOUT_MS`). */
  idleTimeoutMs?: number;
}

/**
 * A reader that takes nothing for 30 s is dropped: without it, 500 range requests that never
 * read their answer held 500 sockets for good and new visitors were refused.
 */
export const IDLE_TIMEOUT_MS = 30_000;

export interface ServedRequest {
  method: string;
  path: string;
  status: number;
  /** Bytes of body sent. */
  bytes: number;
  range: string | undefined;
}

export interface RunningServer {
  url: string;
  port: number;
  server: Server;
  close: () => Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.mp3': 'audio/mpeg',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.vtt': 'text/vtt; charset=utf-8',
  '.srt': 'application/x-subrip',
};

/** Content type of a served file; database chunks and unknown files are plain bytes. */
export function contentTypeFor(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Cache policy: version folders and hashed assets never change, so caches may keep them for
 * ever; `latest.json` and `index.html` name the current version and must be revalidated.
 */
export function cacheControlFor(urlPath: string): string {
  if (urlPath.endsWith('/latest.json') || urlPath.endsWith('.html') || urlPath.endsWith('/')) {
    return 'no-cache';
  }
  if (/\/assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/.test(urlPath)) {
    return 'public, max-age=31536000, immutable';
  }
  if (/\/db\/[^/]+\/[^/]+$/.test(urlPath)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

export type ByteRange = { start: number; end: number } | 'unsatisfiable' | undefined;

/** Parses a single `Range: bytes=…` header against a file size; multi-range asks get the first. */
export function parseRange(header: string | undefined, size: number): ByteRange {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)(?:,.*)?$/.exec(header.trim());
  if (!match) return undefined;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return undefined;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * A path the SPA router should answer: not under a data mount such as /db/ (a missing chunk
 * must be a 404, never index.html) and not an asset by its extension. Route paths may hold
 * dots: /episodes/14.5 is a route.
 */
function isRoutePath(mounts: Mount[], urlPath: string): boolean {
  if (
    mounts.some(
      (mount) => mount.prefix !== '/' && !mount.spaFallback && urlPath.startsWith(mount.prefix),
    )
  ) {
    return false;
  }
  return !(extname(urlPath).toLowerCase() in CONTENT_TYPES);
}

/** A file to answer with: its real path to read and the path it was asked by (for its type). */
interface FoundFile {
  real: string;
  asked: string;
  /** 404 for the pre-rendered not-found page; 200 or 206 otherwise. */
  status?: number;
}

/**
 * The latest version's pre-rendered page for a route path under a `pagesFrom` mount, or with
 * `notFound` that version's 404 page (answered with status 404). Undefined when there is no
 * such mount or the version has no pages: the SPA answers then.
 */
async function findPage(
  mounts: Mount[],
  urlPath: string,
  notFound: boolean,
): Promise<FoundFile | undefined> {
  const mount = mounts.find(
    (each) => each.pagesFrom !== undefined && urlPath.startsWith(each.prefix),
  );
  if (mount?.pagesFrom === undefined) return undefined;
  const pages = await latestPagesDir(mount.pagesFrom);
  const file = notFound ? '404.html' : pageFileFor(`/${urlPath.slice(mount.prefix.length)}`);
  if (pages === undefined || file === undefined) return undefined;
  const real = await realPathInside(pages, join(pages, file));
  const info = real === undefined ? undefined : await stat(real).catch(() => undefined);
  if (real === undefined || !info?.isFile()) return undefined;
  return { real, asked: join(pages, file), status: notFound ? 404 : undefined };
}

/**
 * The file a URL path names in the first mount that has it. Only real paths count: a link
 * (or a chain of them) that leads out of the mount's folder is not found, nor is a dangling one.
 */
async function findFile(mounts: Mount[], urlPath: string): Promise<FoundFile | undefined> {
  const page = await findPage(mounts, urlPath, false);
  if (page !== undefined) return page;
  for (const mount of mounts) {
    if (!urlPath.startsWith(mount.prefix)) continue;
    const root = await realRoot(mount.dir);
    if (root === undefined) continue;
    const asked = resolve(join(root, urlPath.slice(mount.prefix.length)));
    if (!isInside(asked, root)) continue;
    const real = await realPathInside(root, asked);
    const info = real === undefined ? undefined : await stat(real).catch(() => undefined);
    if (real !== undefined && info?.isFile()) return { real, asked };
    if (real !== undefined && info?.isDirectory()) {
      const index = await realPathInside(root, join(real, 'index.html'));
      if (index !== undefined && (await stat(index).catch(() => undefined))?.isFile()) {
        return { real: index, asked: join(asked, 'index.html') };
      }
    }
  }
  if (!isRoutePath(mounts, urlPath)) return undefined;
  const notFound = await findPage(mounts, urlPath, true);
  if (notFound !== undefined) return notFound;
  const spa = mounts.find((mount) => mount.spaFallback && urlPath.startsWith(mount.prefix));
  const spaRoot = spa === undefined ? undefined : await realRoot(spa.dir);
  if (spaRoot === undefined) return undefined;
  const index = await realPathInside(spaRoot, join(spaRoot, 'index.html'));
  return index === undefined ? undefined : { real: index, asked: join(spaRoot, 'index.html') };
}

function decodePath(rawUrl: string | undefined): string | undefined {
  try {
    const path = decodeURIComponent(new URL(rawUrl ?? '/', 'http://localhost').pathname);
    return path.includes('\0') ? undefined : path;
  } catch {
    return undefined;
  }
}

async function answer(
  options: ServeOptions,
  bodies: CompressedBodies,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<{ status: number; bytes: number }> {
  const { mounts } = options;
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader(
    'Access-Control-Expose-Headers',
    'Accept-Ranges, Content-Length, Content-Range, ETag, Last-Modified',
  );
  res.setHeader('X-Content-Type-Options', 'nosniff');
  const method = req.method ?? 'GET';
  if (method === 'OPTIONS') {
    res.setHeader('Access-Control-Allow-Headers', 'Range');
    res.writeHead(204).end();
    return { status: 204, bytes: 0 };
  }
  if (method === 'POST' && options.errorReports !== undefined) {
    const received = await receiveErrorReport(options.errorReports, decodePath(req.url), req, res);
    if (received !== null) return received;
  }
  if (method !== 'GET' && method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD, OPTIONS' }).end();
    return { status: 405, bytes: 0 };
  }
  const urlPath = decodePath(req.url);
  const file = urlPath === undefined ? undefined : await findFile(mounts, urlPath);
  if (urlPath === undefined || file === undefined) {
    const body = 'Not found\n';
    res.writeHead(urlPath === undefined ? 400 : 404, {
      'Content-Type': 'text/plain; charset=utf-8',
    });
    res.end(method === 'HEAD' ? undefined : body);
    return { status: urlPath === undefined ? 400 : 404, bytes: body.length };
  }
  if (options.pagePolicy !== undefined && extname(file.asked).toLowerCase() === '.html') {
    return answerPage(file.real, file.status ?? 200, await options.pagePolicy(), req, res);
  }
  const { size, mtimeMs } = await stat(file.real);
  const validators = validatorsFor(size, mtimeMs);
  const type = contentTypeFor(file.asked);
  const compressible = isCompressible(type);
  if (type.startsWith('text/html'))
    for (const [name, value] of Object.entries(FRAME_HEADERS)) res.setHeader(name, value);
  // A range is of the stored bytes, so a request with one is answered plain.
  const coding =
    compressible && req.headers.range === undefined && size >= MIN_COMPRESS_BYTES
      ? negotiateCoding(req.headers['accept-encoding'])
      : undefined;
  if (compressible) res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('ETag', coding === undefined ? validators.etag : weakEtag(validators.etag));
  res.setHeader('Last-Modified', validators.lastModified);
  res.setHeader(
    'Cache-Control',
    cacheControlFor(file.asked.endsWith('index.html') ? '/index.html' : urlPath),
  );
  if (isNotModified(req.headers['if-none-match'], req.headers['if-modified-since'], validators)) {
    res.writeHead(304).end();
    return { status: 304, bytes: 0 };
  }
  res.setHeader('Content-Type', type);
  res.setHeader('Accept-Ranges', 'bytes');
  if (coding !== undefined) {
    const body = await bodies.get(`${file.real} ${size} ${mtimeMs}`, coding, () =>
      readFile(file.real),
    );
    const status = file.status ?? 200;
    res.writeHead(status, { 'Content-Encoding': coding, 'Content-Length': String(body.length) });
    res.end(method === 'HEAD' ? undefined : body);
    return { status, bytes: method === 'HEAD' ? 0 : body.length };
  }
  // Node types unknown headers as possibly repeated; two If-Range values match no version.
  const ifRangeHeader = req.headers['if-range'];
  const ifRange = Array.isArray(ifRangeHeader) ? ifRangeHeader.join(', ') : ifRangeHeader;
  const range =
    file.status === undefined && rangeApplies(ifRange, validators)
      ? parseRange(req.headers.range, size)
      : undefined;
  if (range === 'unsatisfiable') {
    res.writeHead(416, { 'Content-Range': `bytes */${size}` }).end();
    return { status: 416, bytes: 0 };
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  const length = size === 0 ? 0 : end - start + 1;
  const status = file.status ?? (range ? 206 : 200);
  res.setHeader('Content-Length', String(length));
  if (range) res.setHeader('Content-Range', `bytes ${start}-${end}/${size}`);
  res.writeHead(status);
  if (method === 'HEAD' || length === 0) {
    res.end();
    return { status, bytes: 0 };
  }
  await new Promise<void>((done, fail) => {
    const stream = createReadStream(file.real, { start, end });
    stream.on('error', fail);
    res.on('close', () => {
      stream.destroy();
      done();
    });
    stream.pipe(res);
  });
  return { status, bytes: length };
}

/**
 * Starts the static server that `npm start`, `trawl serve` and the end-to-end tests use.
 * It answers byte ranges with 206 (whole files with 200 when `If-Range` names another
 * version), sends ETag and Last-Modified and answers conditional GETs with 304, compresses
 * text assets with brotli or gzip as hosts do but never a database chunk or a range
 * (compression.ts), and falls back to the SPA's index.html for route paths.
 */
export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const { delayMs = 0, onResponse } = options;
  const bodies = new CompressedBodies();
  const server = createServer((req, res) => {
    const respond = async (): Promise<void> => {
      if (delayMs > 0) await new Promise((done) => setTimeout(done, delayMs));
      const { status, bytes } = await answer(options, bodies, req, res);
      onResponse?.({
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        status,
        bytes,
        range: req.headers.range,
      });
    };
    respond().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(`Internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    });
  });
  server.keepAliveTimeout = 5000;
  // Inactivity of the socket, reads and writes both: a reader whose window stays shut is idle.
  server.timeout = options.idleTimeoutMs ?? IDLE_TIMEOUT_MS;
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, host, () => done());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('server has no port');
  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    server,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
