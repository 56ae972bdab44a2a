/**
 * The byte source under the official SQLite wasm's HTTP VFS (`sqlite-engine.worker.ts`): reads
 * of the chunked database (`src/core/chunk-layout.ts`) turned into range requests, page by
 * page, with a bounded page cache and read-ahead. Synchronous, because SQLite's VFS is: the
 * worker makes each request with a synchronous XMLHttpRequest, as sql.js-httpvfs did, so no
 * SharedArrayBuffer and no COOP/COEP headers are needed.
 *
 * Read-ahead follows sql.js-httpvfs's read heads (the request profile the budgets were set
 * with, decision 0004): a miss just past a head's last window doubles its window (up to
 * `maxReadAheadPages`), any other miss starts a new head of one page; three heads are kept.
 * Unlike that library, a window never crosses a chunk file (it is cut at the file's end, the
 * rest is the next read's), and pages already cached are never asked for again.
 *
 * Every answer is checked against the request (status 206, `Content-Range`, length, no
 * compression); a wrong one throws `BAD_RESPONSE_MARKER` + JSON, which the page reads into the
 * host's message (host-messages.ts).
 */
import { chunkAt, chunkName, chunkSize, type ChunkLayout } from '../../core/chunk-layout.ts';

/** Starts the message of an error a response check throws: JSON follows. */
export const BAD_RESPONSE_MARKER = 'trawl-bad-response ';

/** One range request's answer, as the transport got it. */
export interface RangeAnswer {
  status: number;
  header(name: string): string | null;
  body: Uint8Array;
}

/** Makes one range request (inclusive bytes of one chunk file); throws on a network failure. */
export type RangeRequest = (url: string, start: number, end: number) => RangeAnswer;

export interface HttpPagesOptions {
  layout: ChunkLayout;
  /** The chunk file prefix, absolute (`…/db/<version>/db.sqlite3.`). */
  chunkUrlPrefix: string;
  /** SQLite's page size: every request is whole pages. */
  pageSize: number;
  request: RangeRequest;
  /** Most pages one request reads ahead (sql.js-httpvfs: 5 MiB). */
  maxReadAheadPages?: number;
  /** Most bytes the cache keeps; the least recently used pages go first. */
  maxCacheBytes?: number;
}

/** Requests and bytes so far (the benchmark's and the tests' counters). */
export interface HttpPagesStats {
  totalRequests: number;
  totalFetchedBytes: number;
  totalBytes: number;
  cachedBytes: number;
}

/** One page read, for the benchmark's page traces: its number and whether it was cached. */
export interface PageAccess {
  pageno: number;
  wasCached: boolean;
}

interface ReadHead {
  startPage: number;
  speed: number;
}

const MAX_READ_HEADS = 3;

/**
 * A miss this many pages or fewer below the start of a read head reads up to that start: SQLite
 * 3.54's FTS5 reads an index's structure pages downwards (20, then 18, then 19), where the
 * heads alone would ask for 18 and 19 separately (decision 0036).
 */
const BACKFILL_PAGES = 2;

/** The most bytes of a row's record header beside one value (its length, a rowid's NULL, the type). */
const RECORD_HEADER_MAX = 9;

/**
 * The overflow pages of a table row whose payload is `payload` bytes, by SQLite's file format
 * (Trawl's databases reserve no bytes per page): the leaf keeps between `minLocal` and
 * `maxLocal` bytes of it, so the overflow holds whole pages and the rest stays local. Counted
 * as the whole value over the page size, a chain above its leaf was read one page long
 * (decision 0056).
 */
export function overflowPages(payload: number, pageSize: number): number {
  const maxLocal = pageSize - 35;
  if (payload <= maxLocal) return 0;
  // An overflow page holds its page size less the 4-byte pointer to the next.
  const perPage = pageSize - 4;
  const minLocal = Math.floor(((pageSize - 12) * 32) / 255) - 23;
  const surplus = minLocal + ((payload - minLocal) % perPage);
  const local = surplus <= maxLocal ? surplus : minLocal;
  return Math.ceil((payload - local) / perPage);
}

/** The reader of one database version's chunk files. */
export class HttpPages {
  private readonly layout: ChunkLayout;
  private readonly prefix: string;
  private readonly pageSize: number;
  private readonly request: RangeRequest;
  private readonly maxSpeed: number;
  private readonly maxCacheBytes: number;
  /** Pages by number, least recently used first (Map keeps insertion order). */
  private readonly cache = new Map<number, Uint8Array>();
  private cachedBytes = 0;
  private readHeads: ReadHead[] = [];
  private requests = 0;
  private fetchedBytes = 0;
  private accessed: PageAccess[] = [];
  /** Pages the next miss reads at least (`expectRun`), then 0. */
  private expectedPages = 0;

  constructor(options: HttpPagesOptions) {
    this.layout = options.layout;
    this.prefix = options.chunkUrlPrefix;
    this.pageSize = options.pageSize;
    this.request = options.request;
    this.maxSpeed = Math.max(1, options.maxReadAheadPages ?? (5 * 1024 * 1024) / this.pageSize);
    this.maxCacheBytes = options.maxCacheBytes ?? 32 * 1024 * 1024;
    if (this.layout.serverChunkSize % this.pageSize !== 0) {
      throw new RangeError(
        `chunk size ${this.layout.serverChunkSize} is not a whole number of ${this.pageSize}-byte pages`,
      );
    }
  }

  /** The database's length in bytes. */
  get length(): number {
    return this.layout.databaseLengthBytes;
  }

  /**
   * Copies `length` bytes from `offset` into `target`; returns how many there were (fewer at the
   * end of the database, where SQLite expects a short read).
   */
  read(target: Uint8Array, offset: number, length: number): number {
    const end = Math.min(offset + length, this.length);
    let done = 0;
    for (let at = offset; at < end;) {
      const pageno = Math.floor(at / this.pageSize);
      const page = this.page(pageno);
      const from = at - pageno * this.pageSize;
      const count = Math.min(page.length - from, end - at);
      if (count <= 0) break;
      target.set(page.subarray(from, from + count), done);
      done += count;
      at += count;
    }
    return done;
  }

  /**
   * The statement about to run reads a value of `bytes` from the pages after its row (a blob's
   * overflow chain, contiguous in a VACUUMed file): the next miss reads that many pages at
   * least, in one request, where the read heads would double a window four or five times.
   * 0 clears it.
   */
  expectRun(bytes: number): void {
    // The value's record header is 2 to 9 bytes more; when they disagree, the larger count.
    this.expectedPages =
      bytes > 0
        ? Math.max(
            overflowPages(bytes + 2, this.pageSize),
            overflowPages(bytes + RECORD_HEADER_MAX, this.pageSize),
          )
        : 0;
  }

  /**
   * Pages fetched ahead of SQLite's reads, from page `first` on (the engine's warm burst,
   * decision 0066): kept unless already cached, and counted as one request. The read heads
   * stay where they are: these pages are no sequence SQLite has followed.
   */
  prime(first: number, body: Uint8Array): void {
    this.requests += 1;
    this.fetchedBytes += body.length;
    for (let at = 0; at < body.length; at += this.pageSize) {
      const pageno = first + at / this.pageSize;
      if (!this.cache.has(pageno)) this.store(pageno, body.slice(at, at + this.pageSize));
    }
  }

  /**
   * The cached bytes of page `pageno` (0-based), or undefined: a look that neither fetches, nor
   * counts as a read, nor keeps the page longer (the row prefetch's walk, row-paths.ts).
   */
  peek(pageno: number): Uint8Array | undefined {
    return this.cache.get(pageno);
  }

  stats(): HttpPagesStats {
    return {
      totalRequests: this.requests,
      totalFetchedBytes: this.fetchedBytes,
      totalBytes: this.length,
      cachedBytes: this.cachedBytes,
    };
  }

  /** The pages read since the last call, in order (a run of reads of one page counts once). */
  takeAccessedPages(): PageAccess[] {
    return this.accessed.splice(0);
  }

  private page(pageno: number): Uint8Array {
    const cached = this.cache.get(pageno);
    if (cached !== undefined) {
      this.cache.delete(pageno);
      this.cache.set(pageno, cached);
      this.note(pageno, true);
      return cached;
    }
    this.fetchWindow(pageno);
    const fetched = this.cache.get(pageno);
    if (fetched === undefined) throw new Error(`disk I/O error: page ${pageno} was not read`);
    this.note(pageno, false);
    return fetched;
  }

  private note(pageno: number, wasCached: boolean): void {
    const last = this.accessed.at(-1);
    if (last?.pageno === pageno) return;
    this.accessed.push({ pageno, wasCached });
    // Only the benchmark takes these; a long session keeps the last few thousand.
    if (this.accessed.length > 8192) this.accessed.splice(0, 4096);
  }

  /** Whether a miss at `pageno` is just past a head's last window (it doubles the window). */
  private continuesAHead(pageno: number): boolean {
    return this.readHeads.some(({ startPage, speed }) => {
      const next = startPage + speed;
      return pageno >= next && pageno < next + Math.min(this.maxSpeed, speed * 2);
    });
  }

  /** The last page from `first` to `last` before a cached one (at least `first`). */
  private lastUncached(first: number, last: number): number {
    for (let each = first + 1; each <= last; each += 1) {
      if (this.cache.has(each)) return each - 1;
    }
    return last;
  }

  /** sql.js-httpvfs's read heads: the window a miss at `pageno` reads. */
  private moveReadHead(pageno: number): ReadHead {
    for (const [index, head] of this.readHeads.entries()) {
      const next = head.startPage + head.speed;
      const speed = Math.min(this.maxSpeed, head.speed * 2);
      if (pageno >= next && pageno < next + speed) {
        head.speed = speed;
        head.startPage = next;
        if (index !== 0) {
          this.readHeads.splice(index, 1);
          this.readHeads.unshift(head);
        }
        return head;
      }
    }
    const head = { startPage: pageno, speed: 1 };
    this.readHeads.unshift(head);
    this.readHeads.length = Math.min(this.readHeads.length, MAX_READ_HEADS);
    return head;
  }

  /**
   * The start of the nearest read head at most `BACKFILL_PAGES` above a miss at `pageno`, or
   * null: the pages between are read with it.
   */
  private headJustAbove(pageno: number): number | null {
    let nearest: number | null = null;
    for (const { startPage } of this.readHeads) {
      const gap = startPage - pageno;
      if (gap >= 2 && gap <= BACKFILL_PAGES && (nearest === null || startPage < nearest)) {
        nearest = startPage;
      }
    }
    return nearest;
  }

  /** The pages of the chunk file that holds `pageno`: its first, and the one after its last. */
  private chunkPages(pageno: number): { first: number; end: number } {
    const chunk = chunkAt(this.layout, pageno * this.pageSize).index;
    const start = chunk * this.layout.serverChunkSize;
    return {
      first: start / this.pageSize,
      end: Math.ceil((start + chunkSize(this.layout, chunk)) / this.pageSize),
    };
  }

  private fetchWindow(pageno: number): void {
    const above = this.headJustAbove(pageno);
    if (above !== null && this.expectedPages === 0 && !this.continuesAHead(pageno)) {
      // The heads are left as they are: the pages below a head are no sequence to follow.
      const { end } = this.chunkPages(pageno);
      this.fetchPages(pageno, this.lastUncached(pageno, Math.min(above, end) - 1));
      return;
    }
    const head = this.moveReadHead(pageno);
    // The window never leaves the wanted page's chunk file; it starts at the first page not
    // cached (nothing is read twice) and stops before the next cached page.
    const { first: chunkFirst, end: chunkEnd } = this.chunkPages(pageno);
    let first = Math.max(head.startPage, chunkFirst);
    while (first < pageno && this.cache.has(first)) first += 1;
    const wanted = Math.max(head.startPage + head.speed, pageno + this.expectedPages);
    this.expectedPages = 0;
    const last = Math.max(pageno, Math.min(wanted, chunkEnd, pageno + this.maxSpeed) - 1);
    this.fetchPages(first, this.lastUncached(pageno, last));
  }

  /**
   * The absolute URL of chunk file `index`. A chunk named by its bytes (`../chunks/<hash>.bin`)
   * resolves against the prefix as against its version folder, since the prefix is that
   * folder's URL + a name.
   */
  chunkUrl(index: number): string {
    return chunkFileUrl(this.layout, this.prefix, index);
  }

  private fetchPages(first: number, last: number): void {
    const start = first * this.pageSize;
    const { index, offset } = chunkAt(this.layout, start);
    const fileSize = chunkSize(this.layout, index);
    const endInFile = Math.min(offset + (last - first + 1) * this.pageSize, fileSize) - 1;
    const url = this.chunkUrl(index);
    this.requests += 1;
    const answer = this.request(url, offset, endInFile);
    checkAnswer(answer, url, offset, endInFile, fileSize);
    this.fetchedBytes += answer.body.length;
    for (let at = 0; at < answer.body.length; at += this.pageSize) {
      this.store(first + at / this.pageSize, answer.body.slice(at, at + this.pageSize));
    }
  }

  private store(pageno: number, bytes: Uint8Array): void {
    const old = this.cache.get(pageno);
    if (old !== undefined) this.cachedBytes -= old.length;
    this.cache.delete(pageno);
    this.cache.set(pageno, bytes);
    this.cachedBytes += bytes.length;
    for (const [oldest, page] of this.cache) {
      if (this.cachedBytes <= this.maxCacheBytes) break;
      this.cache.delete(oldest);
      this.cachedBytes -= page.length;
    }
  }
}

/**
 * The absolute URL of chunk file `index` under `chunkUrlPrefix` (`HttpPages.chunkUrl`, and the
 * page's warm burst, which must name exactly the worker's URLs).
 */
export function chunkFileUrl(layout: ChunkLayout, chunkUrlPrefix: string, index: number): string {
  const name = chunkName(layout, index);
  if (layout.chunks !== undefined) return new URL(name, chunkUrlPrefix).href;
  return `${chunkUrlPrefix}${name.slice(layout.urlPrefix.length)}`;
}

/** Throws the host's problem when an answer is not exactly the bytes asked for. */
export function checkAnswer(
  answer: RangeAnswer,
  url: string,
  start: number,
  end: number,
  fileSize: number,
): void {
  const fail = (problem: string, expected: string, got: string): never => {
    throw new Error(`${BAD_RESPONSE_MARKER}${JSON.stringify({ url, problem, expected, got })}`);
  };
  const encoding = answer.header('Content-Encoding');
  if (encoding !== null && encoding.trim().toLowerCase() !== 'identity') {
    fail('compressed', 'identity', encoding);
  }
  if (answer.status !== 206) {
    fail(answer.status === 200 ? 'whole-file' : 'status', '206', String(answer.status));
  }
  const want = `bytes ${start}-${end}/${fileSize}`;
  const range = answer.header('Content-Range');
  if ((range ?? '').trim().replace(/\s+/g, ' ') !== want) {
    fail('content-range', want, range ?? 'none');
  }
  if (answer.body.length !== end - start + 1) {
    fail('length', String(end - start + 1), String(answer.body.length));
  }
}
