import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { chunkCount, chunkName } from '../../../core/chunk-layout.ts';
import { dbConfigSchema, latestSchema, type DbConfig } from '../../../core/site-config.ts';

/**
 * What `trawl check-host` records of a host's answers, and pure readers of those answers.
 * `probe.ts` fills these in; the rules judge them.
 */

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
  /** Present when the site root is a pre-rendered page: its episode pages and a 404. */
  pages?: PageProbes;
}

/** What the probe saw of the pre-rendered pages (pages.ts judges it). */
export interface PageProbes {
  /** Episodes the home page links to, each fetched at its route. */
  episodes: { number: string; url: string; response: Outcome }[];
  /** A route no site has: must be the 404 page with status 404. */
  unknown: { url: string; response: Outcome };
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

/** The origin sent with CORS probes; no host has a reason to allow it specifically. */
export const PROBE_ORIGIN = 'https://trawl-check-host.invalid';
/** What browsers send; a host that compresses chunks will do it for this. */
export const PROBE_ACCEPT_ENCODING = 'gzip, deflate, br';

/** The URL of chunk `index` of a chunked database whose config.json is at `configUrl`. */
export function chunkUrl(configUrl: string, config: DbConfig, index: number): string {
  return new URL(chunkName(config, index), configUrl).toString();
}

/**
 * The URL of a chunk file the version does not have: the index past the end, or with chunks
 * named by their bytes, a hash the list does not hold (`000…0.bin`, else the next one).
 */
export function missingChunkUrl(configUrl: string, config: DbConfig): string {
  const listed = config.chunks;
  if (listed === undefined) return chunkUrl(configUrl, config, chunkCount(config));
  let counter = 0;
  while (listed.includes(counter.toString(16).padStart(32, '0'))) counter += 1;
  const chunks = [counter.toString(16).padStart(32, '0')];
  return new URL(chunkName({ ...config, chunks }, 0), configUrl).toString();
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

/** True when a cache must ask the host again before reusing the answer. */
export function revalidates(cache: CacheControl): boolean {
  return cache.noCache || cache.noStore || cache.maxAge === 0;
}

/** True when the probe got an answer (of any status). */
export function isResponse(outcome: Outcome | undefined): outcome is RecordedResponse {
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

/** The body parsed as JSON, or undefined. */
export function parseJson(response: RecordedResponse): unknown {
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

/** The Content-Encoding, unless it is absent or identity. */
export function encodingOf(response: RecordedResponse): string | undefined {
  const value = response.headers['content-encoding']?.trim().toLowerCase();
  return value && value !== 'identity' ? value : undefined;
}

/** True when the answer says it is HTML. */
export function isHtml(response: RecordedResponse): boolean {
  return (response.headers['content-type'] ?? '').toLowerCase().includes('text/html');
}

/** `HTTP <status>` or the error, for messages. */
export function describeOutcome(outcome: Outcome): string {
  return isResponse(outcome) ? `HTTP ${outcome.status}` : outcome.error;
}

/** A URL as a path below the site root, for messages. */
export function pathOf(url: string, rootUrl: string): string {
  return url.startsWith(rootUrl) ? url.slice(rootUrl.length) || '/' : url;
}
