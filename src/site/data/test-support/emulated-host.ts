/**
 * A chunked host in memory for the engine's tests: a database's bytes as chunk files, answered
 * to `fetch` (the warm burst's and the row prefetch's requests) and to the reader's synchronous
 * range requests (`HttpPages`), each logged, optionally with one fault on every fetch.
 */
import { planChunks } from '../../../core/chunk-layout.ts';
import { HttpPages, type RangeRequest } from '../http-pages.ts';

export const EMULATED_PREFIX = 'https://host.test/db/v1/db.sqlite3.';

/** How every fetch goes wrong (the reader's own requests are always answered right). */
export type Fault = 'none' | '404' | 'whole-file' | 'gzip' | 'short' | 'network' | 'stall';

/** A chunk file's index, from its URL. */
export const chunkIndexOf = (url: string): number => Number(url.slice(EMULATED_PREFIX.length));

/** One chunk file's bytes `start`..`end` as a host answers them, or with `fault`. */
function answer(file: Uint8Array, start: number, end: number, fault: Fault): Response {
  const last = Math.min(end, file.length - 1);
  const headers = new Headers({ 'Content-Range': `bytes ${start}-${last}/${file.length}` });
  let body = file.slice(start, last + 1);
  if (fault === '404') return new Response('Not found', { status: 404 });
  if (fault === 'whole-file') return new Response(file.slice(), { status: 200 });
  if (fault === 'gzip') headers.set('Content-Encoding', 'gzip');
  if (fault === 'short') body = body.subarray(0, body.length - 1);
  return new Response(body, { status: 206, headers });
}

/**
 * A host serving `bytes` as chunk files of `chunkPages` pages of `pageSize` bytes: `fetched`
 * and `asked` log the fetches and the reader's requests as `<chunk>:<start>-<end>`.
 */
export function emulatedHost(
  bytes: Uint8Array,
  chunkPages: number,
  pageSize: number,
  fault: Fault = 'none',
) {
  const chunkSize = chunkPages * pageSize;
  const fileOf = (url: string): Uint8Array => {
    const index = chunkIndexOf(url);
    return bytes.subarray(index * chunkSize, (index + 1) * chunkSize);
  };
  const fetched: string[] = [];
  let aborted = 0;
  const fetchImpl: typeof fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const range = /^bytes=(\d+)-(\d+)$/.exec(new Headers(init?.headers).get('Range') ?? '');
    if (range === null) throw new Error(`no range asked for ${url}`);
    fetched.push(`${chunkIndexOf(url)}:${range[1]}-${range[2]}`);
    if (fault === 'network') return Promise.reject(new TypeError('Failed to fetch'));
    if (fault === 'stall') {
      return new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => {
          aborted += 1;
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
    }
    return Promise.resolve(answer(fileOf(url), Number(range[1]), Number(range[2]), fault));
  };
  const asked: string[] = [];
  const request: RangeRequest = (url, start, end) => {
    asked.push(`${chunkIndexOf(url)}:${start}-${end}`);
    const file = fileOf(url);
    const last = Math.min(end, file.length - 1);
    const headers: Record<string, string> = {
      'content-range': `bytes ${start}-${last}/${file.length}`,
    };
    return {
      status: 206,
      header: (name) => headers[name.toLowerCase()] ?? null,
      body: file.slice(start, last + 1),
    };
  };
  const layout = planChunks(bytes.length, chunkSize);
  const pages = new HttpPages({ layout, chunkUrlPrefix: EMULATED_PREFIX, pageSize, request });
  return { fetchImpl, fetched, asked, pages, layout, aborted: () => aborted };
}
