/**
 * Compression for `trawl serve`, as static hosts and CDNs do it: text assets (the pages, the
 * script, the stylesheet, JSON, SVG and the SQLite wasm) go out with brotli or gzip, whichever
 * the browser accepts (brotli first), with `Vary: Accept-Encoding`. Database chunks never do:
 * SQLite reads them by byte ranges, and a range of a compressed file is not a range of the
 * database (design note 6). A range request gets plain bytes whatever the type, as nginx's gzip
 * filter does.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** The codings the server can send, in the order it prefers them at equal weight. */
export type ContentCoding = 'br' | 'gzip';

const CODINGS: readonly ContentCoding[] = ['br', 'gzip'];

/** Types worth compressing; every other type (chunks, images, audio) is sent as stored. */
const COMPRESSIBLE_TYPES = [
  'text/html',
  'text/javascript',
  'text/css',
  'text/plain',
  'text/vtt',
  'application/json',
  'application/xml',
  'application/wasm',
  'image/svg+xml',
];

/** Bodies smaller than this are sent plain: a coding's header costs more than it saves. */
export const MIN_COMPRESS_BYTES = 256;

/** True for a content type that hosts compress (its parameters, such as charset, ignored). */
export function isCompressible(contentType: string): boolean {
  const base = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return COMPRESSIBLE_TYPES.includes(base);
}

/** Weights of one `Accept-Encoding` header by coding name; `*` stands for the rest. */
function acceptWeights(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (name === '') continue;
    let weight = 1;
    for (const param of params) {
      const match = /^q=([01](?:\.\d{0,3})?)$/i.exec(param);
      if (match?.[1] !== undefined) weight = Number(match[1]);
    }
    weights.set(name.toLowerCase(), weight);
  }
  return weights;
}

/**
 * The coding to answer with for an `Accept-Encoding` header (RFC 9110, 12.5.3): the acceptable
 * one with the highest weight, brotli before gzip at equal weight; undefined for none (no
 * header, `identity` only, or every coding refused with `q=0`).
 */
export function negotiateCoding(
  header: string | readonly string[] | undefined,
): ContentCoding | undefined {
  if (header === undefined) return undefined;
  const weights = acceptWeights(typeof header === 'string' ? header : header.join(', '));
  let best: { coding: ContentCoding; weight: number } | undefined;
  for (const coding of CODINGS) {
    const weight = weights.get(coding) ?? weights.get('*') ?? 0;
    if (weight > 0 && (best === undefined || weight > best.weight)) best = { coding, weight };
  }
  return best?.coding;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compresses a body. Brotli at quality 5 and gzip at level 6 are what hosts use for files they
 * compress on the fly: the 1.2 MB wasm takes tens of milliseconds, not the seconds of quality 11.
 */
export function compressBody(body: Buffer, coding: ContentCoding): Promise<Buffer> {
  if (coding === 'br') {
    return brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  }
  return gzipAsync(body, { level: 6 });
}

/**
 * Compressed bodies by file identity (path, size, modification time) and coding, so a file is
 * compressed once per change. Bounded in bytes: the oldest entries go first.
 */
export class CompressedBodies {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  /** The compressed body of a file, from the cache or compressed now. */
  async get(identity: string, coding: ContentCoding, read: () => Promise<Buffer>): Promise<Buffer> {
    const key = `${coding} ${identity}`;
    const cached = this.entries.get(key);
    if (cached !== undefined) {
      // Map order is insertion order: re-inserting marks it the newest.
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    const body = await compressBody(await read(), coding);
    this.entries.set(key, body);
    this.bytes += body.length;
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= this.maxBytes || oldKey === key) break;
      this.entries.delete(oldKey);
      this.bytes -= old.length;
    }
    return body;
  }
}

/**
 * The entity tag of a compressed representation: weak, as nginx's gzip filter makes it, so a
 * conditional request still matches the file (tags compare weakly) but a range never applies.
 */
export function weakEtag(etag: string): string {
  return etag.startsWith('W/') ? etag : `W/${etag}`;
}
