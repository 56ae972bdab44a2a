import workerSource from 'sql.js-httpvfs/dist/sqlite.worker.js?raw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PATCH_MARKER,
  QUIET_PRELUDE,
  WorkerPatchError,
  patchSqliteWorker,
  workerUrlWithWasm,
} from './sqlite-worker-patch.ts';
import { hostProblemMessage, toDatabaseError } from './database-errors.ts';

/** The library's lazy file, as it runs inside the worker. */
interface LazyFile {
  copyInto(buffer: Uint8Array, outOffset: number, length: number, start: number): number;
  totalRequests: number;
}
type LazyFileClass = new (config: {
  rangeMapper: (
    from: number,
    to: number,
  ) => { url: string; fromByte: number; toByte: number; fileSize: number };
  requestChunkSize: number;
  fileLength: number;
}) => LazyFile;

const isLazyFileClass = (value: unknown): value is LazyFileClass => typeof value === 'function';

/**
 * Evaluates the bundle's lazy-file module (webpack module 794) from worker source, so the
 * test runs the library's real read logic, patched or not.
 */
function lazyFileClassOf(source: string): LazyFileClass {
  const start = source.indexOf('794:(e,t)=>{');
  const end = source.indexOf('},630:', start);
  expect(start).toBeGreaterThan(-1);
  expect(end).toBeGreaterThan(start);
  const moduleFactory: unknown = new Function(`return (${source.slice(start + 4, end + 1)})`)();
  if (typeof moduleFactory !== 'function') throw new Error('module 794 is not a function');
  const exports: Record<string, unknown> = {};
  moduleFactory({}, exports);
  const LazyUint8Array = exports.LazyUint8Array;
  if (!isLazyFileClass(LazyUint8Array)) throw new Error('no LazyUint8Array export');
  return LazyUint8Array;
}

const PAGE = 1024;
const SERVER_CHUNK = 8 * PAGE;
const FILE = new Uint8Array(40 * PAGE + 300).map((_, index) => (index * 7 + (index >> 10)) % 251);

/** How the emulated host misbehaves for chunk files after the first. */
type HostFault = 'whole-file' | 'wrong-total' | 'short' | 'gzip' | 'no-content-range';

/** Serves the chunk files with byte ranges the way a static host does (end clamped). */
class ChunkedHost {
  status = 0;
  response: ArrayBuffer | undefined;
  private method = '';
  private url = '';
  private range = '';
  private headers: Record<string, string> = {};
  static requests: string[] = [];
  static heads = 0;
  static fault: HostFault | null = null;
  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }
  getResponseHeader(name: string): string | null {
    if (name.toLowerCase() === 'accept-ranges') return 'bytes';
    if (name.toLowerCase() === 'content-length') return String(SERVER_CHUNK);
    return this.headers[name.toLowerCase()] ?? null;
  }
  getAllResponseHeaders(): string {
    return '';
  }
  setRequestHeader(_name: string, value: string): void {
    this.range = value;
  }
  overrideMimeType(): void {}
  send(): void {
    if (this.method === 'HEAD') {
      ChunkedHost.heads += 1;
      this.status = 200;
      return;
    }
    const index = Number(this.url.slice(this.url.lastIndexOf('.') + 1));
    const chunk = FILE.slice(index * SERVER_CHUNK, (index + 1) * SERVER_CHUNK);
    const match = /^bytes=(\d+)-(\d+)$/.exec(this.range);
    if (!match) throw new Error(`bad range ${this.range}`);
    const from = Number(match[1]);
    const to = Math.min(Number(match[2]), chunk.length - 1);
    ChunkedHost.requests.push(`${index}:${from}-${to}`);
    const fault = index > 0 ? ChunkedHost.fault : null;
    if (fault === 'whole-file') {
      this.status = 200;
      this.response = chunk.slice().buffer;
      return;
    }
    this.status = 206;
    const total = fault === 'wrong-total' ? chunk.length + PAGE : chunk.length;
    this.headers['content-range'] = `bytes ${from}-${to}/${total}`;
    if (fault === 'no-content-range') delete this.headers['content-range'];
    if (fault === 'gzip') this.headers['content-encoding'] = 'gzip';
    const end = fault === 'short' ? to - 10 : to;
    this.response = chunk.slice(from, end + 1).buffer;
  }
}

function chunkedFile(LazyUint8Array: LazyFileClass): LazyFile {
  return new LazyUint8Array({
    requestChunkSize: PAGE,
    fileLength: FILE.length,
    rangeMapper: (from, to) => {
      const index = Math.floor(from / SERVER_CHUNK);
      const offset = from % SERVER_CHUNK;
      // As the patched mapper does: the size of the chunk file the range falls in.
      const fileSize = Math.min(SERVER_CHUNK, FILE.length - index * SERVER_CHUNK);
      return {
        url: `http://127.0.0.1/db/v1/db.sqlite3.${index}`,
        fromByte: offset,
        toByte: offset + (to - from),
        fileSize,
      };
    },
  });
}

/** Reads the whole file page by page, as a table scan does, and returns what came back. */
function readSequentially(file: LazyFile): Uint8Array {
  const out = new Uint8Array(FILE.length);
  for (let at = 0; at < FILE.length; at += PAGE) {
    file.copyInto(out, at, Math.min(PAGE, FILE.length - at), at);
  }
  return out;
}

describe('the sql.js-httpvfs worker patch', () => {
  beforeEach(() => {
    ChunkedHost.requests = [];
    ChunkedHost.heads = 0;
    ChunkedHost.fault = null;
    vi.stubGlobal('XMLHttpRequest', ChunkedHost);
    // The library logs every request; keep the test output readable.
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the bug in the unpatched library: a read-ahead across chunk files fails', () => {
    const file = chunkedFile(lazyFileClassOf(workerSource));
    expect(() => readSequentially(file)).toThrow('doXHR failed (bug)!');
  });

  it('reads every byte across chunk boundaries once patched', () => {
    const file = chunkedFile(lazyFileClassOf(patchSqliteWorker(workerSource)));
    expect(readSequentially(file)).toEqual(FILE);
    // Every request stays inside one chunk file, and read-ahead still works (few requests).
    for (const request of ChunkedHost.requests) {
      const [, from, to] = /^\d+:(\d+)-(\d+)$/.exec(request) ?? [];
      expect(Number(to)).toBeLessThan(SERVER_CHUNK);
      expect(Number(from)).toBeLessThanOrEqual(Number(to));
    }
    expect(file.totalRequests).toBeLessThan(20);
  });

  it('reads random pages after a sequential run', () => {
    const file = chunkedFile(lazyFileClassOf(patchSqliteWorker(workerSource)));
    const out = new Uint8Array(PAGE);
    for (const page of [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 39, 17, 40, 22]) {
      const length = Math.min(PAGE, FILE.length - page * PAGE);
      file.copyInto(out, 0, length, page * PAGE);
      expect(out.subarray(0, length)).toEqual(FILE.subarray(page * PAGE, page * PAGE + length));
    }
  });

  it('shows the bug in the unpatched library: a whole file for a range is read as the range', () => {
    ChunkedHost.fault = 'whole-file';
    const out = readSequentially(chunkedFile(lazyFileClassOf(workerSource)));
    // Nothing failed, and the bytes after the first chunk file are wrong.
    expect(out.subarray(0, SERVER_CHUNK)).toEqual(FILE.subarray(0, SERVER_CHUNK));
    expect(out).not.toEqual(FILE);
  });

  it.each([
    [
      'whole-file',
      "This site's host does not support byte ranges (it sent the whole of v1/db.sqlite3.1 for a range request), so the database cannot be read.",
    ],
    [
      'wrong-total',
      /^This site's host sent the wrong bytes of v1\/db\.sqlite3\.1 \(Content-Range: bytes 0-\d+\/9216, expected bytes 0-\d+\/8192\), so the database cannot be read\.$/,
    ],
    [
      'no-content-range',
      /^This site's host sent the wrong bytes of v1\/db\.sqlite3\.1 \(Content-Range: none, expected bytes 0-\d+\/8192\)/,
    ],
    [
      'short',
      /^This site's host sent \d+ bytes of v1\/db\.sqlite3\.1 where \d+ were asked for, so the database cannot be read\.$/,
    ],
    [
      'gzip',
      "This site's host compresses its database files (Content-Encoding: gzip), so they cannot be read in pieces. The host must serve db/ files without compression.",
    ],
  ] as const)(
    'refuses a wrong answer once patched (%s): the host message, never wrong bytes',
    (fault, message) => {
      ChunkedHost.fault = fault;
      const file = chunkedFile(lazyFileClassOf(patchSqliteWorker(workerSource)));
      let thrown: unknown;
      try {
        readSequentially(file);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(Error);
      const failure = toDatabaseError(thrown);
      expect(failure.kind).toBe('host');
      expect(failure.message).toMatch(message);
      expect(hostProblemMessage(failure)).toBe(failure.message);
    },
  );

  it('sends no HEAD request when the config gives the length (the host check did that)', () => {
    const out = new Uint8Array(PAGE);
    chunkedFile(lazyFileClassOf(workerSource)).copyInto(out, 0, PAGE, 0);
    expect(ChunkedHost.heads).toBe(1);
    ChunkedHost.heads = 0;
    ChunkedHost.requests = [];
    chunkedFile(lazyFileClassOf(patchSqliteWorker(workerSource))).copyInto(out, 0, PAGE, 0);
    expect(ChunkedHost.heads).toBe(0);
    expect(ChunkedHost.requests).toEqual(['0:0-1023']);
    expect(out).toEqual(FILE.subarray(0, PAGE));
  });

  it('starts the wasm when the worker loads, if its URL names the wasm', () => {
    const patched = patchSqliteWorker(workerSource);
    const hook = patched.indexOf('trawl-wasm=');
    expect(hook).toBeGreaterThan(-1);
    // The hook sits right before the worker exposes its module, where `mod` and `init` exist.
    expect(patched.indexOf('Comlink.expose(mod)}', hook)).toBeGreaterThan(hook);
    expect(workerUrlWithWasm('https://h/a/sqlite.worker-1.js', 'https://h/a/sql-wasm-2.wasm')).toBe(
      'https://h/a/sqlite.worker-1.js#trawl-wasm=https%3A%2F%2Fh%2Fa%2Fsql-wasm-2.wasm',
    );
    // The worker reads it back from its location's hash as the patch does.
    const hash = new URL(workerUrlWithWasm('https://h/w.js', 'https://h/x&y.wasm')).hash;
    const found = /[#&]trawl-wasm=([^&]+)/.exec(hash)?.[1];
    expect(found && decodeURIComponent(found)).toBe('https://h/x&y.wasm');
  });

  it('fails loudly when the library changed', () => {
    expect(() => patchSqliteWorker('console.log("some other worker")')).toThrow(WorkerPatchError);
    const twice = workerSource + workerSource;
    expect(() => patchSqliteWorker(twice)).toThrow(/not found exactly once/);
  });

  it('patches once and can silence request logging', () => {
    const patched = patchSqliteWorker(workerSource, { quiet: true });
    expect(patched.startsWith(QUIET_PRELUDE)).toBe(true);
    expect(patched.split(PATCH_MARKER)).toHaveLength(3);
    expect(patchSqliteWorker(patched)).toBe(patched);
  });
});
