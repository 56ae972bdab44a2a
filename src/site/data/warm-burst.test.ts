import { describe, expect, test } from 'vitest';
import { planChunks } from '../../core/chunk-layout.ts';
import { HttpPages, type RangeRequest } from './http-pages.ts';
import { startWarmBurst, warmRequests } from './warm-burst.ts';

// The warm burst against an emulated chunked host: what it asks for, what it hands to the
// page cache, and that a host answering it wrongly (or not at all) leaves the reader exactly
// where it would have been without it.

const PAGE = 1024;
const PREFIX = 'https://host.test/db/v1/db.sqlite3.';

/** A chunk file's index, from its URL. */
const indexOf = (url: string): number => Number(url.slice(PREFIX.length));

/** A database of `pages` pages where every byte names its page. */
function database(pages: number): Uint8Array {
  const bytes = new Uint8Array(pages * PAGE);
  for (let page = 0; page < pages; page += 1) bytes.fill(page + 1, page * PAGE, (page + 1) * PAGE);
  return bytes;
}

type Fault = 'none' | '404' | 'whole-file' | 'gzip' | 'short' | 'network' | 'stall';

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

/** A host serving `bytes` as chunk files of `chunkSize` pages, to fetch and to the reader. */
function host(bytes: Uint8Array, chunkPages: number, fault: Fault = 'none') {
  const chunkSize = chunkPages * PAGE;
  const fileOf = (url: string): Uint8Array => {
    const index = indexOf(url);
    return bytes.subarray(index * chunkSize, (index + 1) * chunkSize);
  };
  const fetched: string[] = [];
  let aborted = 0;
  const fetchImpl: typeof fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const range = /^bytes=(\d+)-(\d+)$/.exec(new Headers(init?.headers).get('Range') ?? '');
    if (range === null) throw new Error(`no range asked for ${url}`);
    fetched.push(`${indexOf(url)}:${range[1]}-${range[2]}`);
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
    asked.push(`${indexOf(url)}:${start}-${end}`);
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
  const pages = new HttpPages({ layout, chunkUrlPrefix: PREFIX, pageSize: PAGE, request });
  return { fetchImpl, fetched, asked, pages, layout, aborted: () => aborted };
}

/** Reads page `pageno` (0-based) and returns its first byte: the page's number, 1-based. */
function readPage(pages: HttpPages, pageno: number): number {
  const target = new Uint8Array(PAGE);
  pages.read(target, pageno * PAGE, PAGE);
  return target[0] ?? -1;
}

describe('warmRequests', () => {
  test('one request per run within a chunk file, cut at the file and the database end', () => {
    const { layout, pages } = host(database(10), 3);
    const requests = warmRequests(
      [
        [1, 2],
        [3, 4],
        [10, 5],
      ],
      layout,
      PAGE,
      pages,
    );
    expect(
      requests.map(({ url, start, end, first }) => `${indexOf(url)}:${start}-${end}@${first}`),
    ).toEqual([`0:0-${3 * PAGE - 1}@0`, `1:0-${3 * PAGE - 1}@3`, `3:0-${PAGE - 1}@9`]);
  });

  test('a hostile list asks for at most 64 pages, each once', () => {
    const { layout, pages } = host(database(200), 256);
    const requests = warmRequests(
      [
        [1, 64],
        [1, 64],
        [100, 64],
        [Number.MAX_SAFE_INTEGER, 64],
      ],
      layout,
      PAGE,
      pages,
    );
    expect(requests.map(({ start, end }) => `${start}-${end}`)).toEqual([`0-${64 * PAGE - 1}`]);
  });

  test('nothing for no runs, or runs wholly past the end', () => {
    const { layout, pages } = host(database(4), 8);
    expect(warmRequests([], layout, PAGE, pages)).toEqual([]);
    expect(warmRequests([[5, 3]], layout, PAGE, pages)).toEqual([]);
  });
});

describe('startWarmBurst', () => {
  test('the pages arrive in parallel and SQLite then reads them without a request', async () => {
    const site = host(database(12), 8);
    const requests = warmRequests(
      [
        [1, 2],
        [8, 3],
      ],
      site.layout,
      PAGE,
      site.pages,
    );
    await startWarmBurst(requests, site.fetchImpl).primeInto(site.pages);
    expect(site.fetched).toEqual([
      `0:0-${2 * PAGE - 1}`,
      `0:${7 * PAGE}-${8 * PAGE - 1}`,
      `1:0-${2 * PAGE - 1}`,
    ]);
    expect([0, 1, 7, 8, 9].map((pageno) => readPage(site.pages, pageno))).toEqual([1, 2, 8, 9, 10]);
    expect(site.asked).toEqual([]);
    // A page outside the burst is SQLite's own read, as before.
    expect(readPage(site.pages, 4)).toBe(5);
    expect(site.asked).toEqual([`0:${4 * PAGE}-${5 * PAGE - 1}`]);
    expect(site.pages.stats()).toMatchObject({
      totalRequests: 4,
      totalFetchedBytes: 6 * PAGE,
    });
  });

  test.each(['404', 'whole-file', 'gzip', 'short', 'network'] as const)(
    'an answer of %s is dropped: nothing is cached, and SQLite reads the pages itself',
    async (fault) => {
      const site = host(database(6), 8, fault);
      const requests = warmRequests([[1, 3]], site.layout, PAGE, site.pages);
      await startWarmBurst(requests, site.fetchImpl).primeInto(site.pages);
      expect(site.fetched).toEqual([`0:0-${3 * PAGE - 1}`]);
      expect(site.pages.stats().totalRequests).toBe(0);
      expect(readPage(site.pages, 0)).toBe(1);
      expect(site.asked).toEqual([`0:0-${PAGE - 1}`]);
    },
  );

  test('a stalled burst is cancelled after the grace, and SQLite reads the pages itself', async () => {
    const site = host(database(6), 8, 'stall');
    const requests = warmRequests([[1, 3]], site.layout, PAGE, site.pages);
    await startWarmBurst(requests, site.fetchImpl).primeInto(site.pages, { answerMs: 0 });
    expect(site.aborted()).toBe(1);
    expect(site.pages.stats().totalRequests).toBe(0);
    expect(readPage(site.pages, 2)).toBe(3);
    expect(site.asked).toEqual([`0:${2 * PAGE}-${3 * PAGE - 1}`]);
  });

  test('a body still arriving when the host has answered is waited for, not asked again', async () => {
    const site = host(database(6), 8);
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The headers at once, the bytes only once the test lets them through.
    const slowBody: typeof fetch = async (input, init) => {
      const whole = await site.fetchImpl(input, init);
      const bytes = new Uint8Array(await whole.arrayBuffer());
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          await released;
          controller.enqueue(bytes);
          controller.close();
        },
      });
      return new Response(body, { status: whole.status, headers: whole.headers });
    };
    const burst = startWarmBurst(warmRequests([[1, 3]], site.layout, PAGE, site.pages), slowBody);
    const primed = burst.primeInto(site.pages, { answerMs: 0 });
    release();
    await primed;
    expect(readPage(site.pages, 2)).toBe(3);
    expect(site.asked).toEqual([]);
  });

  test('a cancelled burst hands nothing over', async () => {
    const site = host(database(6), 8);
    const burst = startWarmBurst(
      warmRequests([[1, 2]], site.layout, PAGE, site.pages),
      site.fetchImpl,
    );
    burst.cancel();
    await burst.primeInto(site.pages);
    expect(site.pages.stats().totalRequests).toBe(0);
  });
});
