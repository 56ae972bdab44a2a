import { describe, expect, test } from 'vitest';
import { planChunks } from '../../core/chunk-layout.ts';
import { badResponseMessage } from './host-messages.ts';
import { HttpPages, type RangeAnswer, type RangeRequest } from './http-pages.ts';

// The engine's byte source against an emulated chunked host: every request is recorded, and
// faults answer as broken hosts do.

const PAGE = 1024;

/** A database of `pages` pages where every byte names its page (page % 251). */
function database(pages: number): Uint8Array {
  const bytes = new Uint8Array(pages * PAGE);
  for (let page = 0; page < pages; page += 1)
    bytes.fill(page % 251, page * PAGE, (page + 1) * PAGE);
  return bytes;
}

type Fault = 'whole-file' | 'gzip' | 'short' | 'wrong-range' | 'status-500';

/** A host serving `bytes` as chunk files of `chunkSize`, with a log of what was asked. */
function chunkedHost(bytes: Uint8Array, chunkSize: number, fault?: Fault) {
  const asked: string[] = [];
  const request: RangeRequest = (url, start, end) => {
    const index = Number(url.slice(url.lastIndexOf('.') + 1));
    const file = bytes.subarray(index * chunkSize, (index + 1) * chunkSize);
    asked.push(`${index}:${start}-${end}`);
    const last = Math.min(end, file.length - 1);
    const headers: Record<string, string> = {
      'content-range': `bytes ${start}-${last}/${file.length}`,
    };
    let status = 206;
    let body = file.slice(start, last + 1);
    if (fault === 'whole-file') {
      status = 200;
      body = file.slice();
    } else if (fault === 'gzip') headers['content-encoding'] = 'gzip';
    else if (fault === 'short') body = body.subarray(0, body.length - 1);
    else if (fault === 'wrong-range')
      headers['content-range'] = `bytes 0-${last - start}/${file.length}`;
    else if (fault === 'status-500') status = 500;
    const answer: RangeAnswer = {
      status,
      header: (name) => headers[name.toLowerCase()] ?? null,
      body,
    };
    return answer;
  };
  return { request, asked };
}

function reader(
  bytes: Uint8Array,
  chunkSize: number,
  options: { fault?: Fault; maxCacheBytes?: number } = {},
) {
  const host = chunkedHost(bytes, chunkSize, options.fault);
  const pages = new HttpPages({
    layout: planChunks(bytes.length, chunkSize),
    chunkUrlPrefix: 'https://host.test/db/v1/db.sqlite3.',
    pageSize: PAGE,
    request: host.request,
    maxCacheBytes: options.maxCacheBytes,
  });
  const read = (offset: number, length: number): Uint8Array => {
    const target = new Uint8Array(length);
    const count = pages.read(target, offset, length);
    return target.subarray(0, count);
  };
  return { pages, read, asked: host.asked };
}

describe('HttpPages', () => {
  test('reads chunk files named by their bytes from the chunks folder beside the version', () => {
    const bytes = database(20);
    const hashes = ['a', 'b', 'c'].map((digit) => digit.repeat(32));
    const urls: string[] = [];
    const numbered = chunkedHost(bytes, 8 * PAGE);
    const pages = new HttpPages({
      layout: { ...planChunks(bytes.length, 8 * PAGE), chunks: hashes },
      chunkUrlPrefix: 'https://host.test/sub/db/v1-abc/db.sqlite3.',
      pageSize: PAGE,
      // The emulated host finds a file by its hash's place in the list.
      request: (url, start, end) => {
        urls.push(url);
        const hash = url.slice(url.lastIndexOf('/') + 1, -'.bin'.length);
        return numbered.request(`x.${hashes.indexOf(hash)}`, start, end);
      },
    });
    const target = new Uint8Array(PAGE);
    pages.read(target, 0, PAGE);
    pages.read(target, 9 * PAGE, PAGE);
    expect(target[0]).toBe(9);
    expect(urls).toEqual([
      `https://host.test/sub/db/chunks/${'a'.repeat(32)}.bin`,
      `https://host.test/sub/db/chunks/${'b'.repeat(32)}.bin`,
    ]);
  });

  test('reads any bytes exactly, across pages and chunk files', () => {
    const bytes = database(40);
    const { read } = reader(bytes, 8 * PAGE);
    for (const [offset, length] of [
      [0, 100],
      [PAGE - 10, 20],
      [8 * PAGE - 5, 3 * PAGE],
      [39 * PAGE, PAGE],
    ] as const) {
      expect(read(offset, length)).toEqual(bytes.subarray(offset, offset + length));
    }
  });

  test('a read past the end returns what there is', () => {
    const bytes = database(4);
    const { read } = reader(bytes, 8 * PAGE);
    expect(read(3 * PAGE + 1000, 100).length).toBe(24);
    expect(read(4 * PAGE, 100).length).toBe(0);
  });

  test('a random read is one page; sequential reads double the window, as sql.js-httpvfs did', () => {
    const bytes = database(64);
    const { read, asked } = reader(bytes, 64 * PAGE);
    read(10 * PAGE, 10);
    expect(asked).toEqual([`0:${10 * PAGE}-${11 * PAGE - 1}`]);
    for (let page = 11; page < 18; page += 1) read(page * PAGE, 10);
    // Pages 11-12 in one request, then 13-16, then 17-24.
    expect(asked.slice(1)).toEqual([
      `0:${11 * PAGE}-${13 * PAGE - 1}`,
      `0:${13 * PAGE}-${17 * PAGE - 1}`,
      `0:${17 * PAGE}-${25 * PAGE - 1}`,
    ]);
  });

  test('a miss two pages below a head reads the page between with it, within its chunk file', () => {
    const bytes = database(64);
    const { read, asked } = reader(bytes, 8 * PAGE);
    // FTS5's structure pages, as SQLite 3.54 reads them: 20, then 18, then 19.
    for (const page of [20, 18, 19]) {
      expect(read(page * PAGE, 10)).toEqual(bytes.subarray(page * PAGE, page * PAGE + 10));
    }
    expect(asked).toEqual([`2:${4 * PAGE}-${5 * PAGE - 1}`, `2:${2 * PAGE}-${4 * PAGE - 1}`]);
    // Further below a head, a miss is one page; across a chunk file's end it stops at the end.
    read(10 * PAGE, 10);
    read(41 * PAGE, 10);
    read(39 * PAGE, 10);
    expect(asked.slice(2)).toEqual([
      `1:${2 * PAGE}-${3 * PAGE - 1}`,
      `5:${PAGE}-${2 * PAGE - 1}`,
      `4:${7 * PAGE}-${8 * PAGE - 1}`,
    ]);
  });

  test('an expected run is read in one request at the next miss, then forgotten', () => {
    const bytes = database(64);
    const chain = (expected: number) => {
      const { pages, read, asked } = reader(bytes, 64 * PAGE);
      // A row's leaf (page 30), then its blob's overflow pages 20-29, as a VACUUMed file has them.
      read(30 * PAGE, 10);
      pages.expectRun(expected);
      for (let page = 20; page < 30; page += 1) {
        expect(read(page * PAGE, PAGE)).toEqual(bytes.subarray(page * PAGE, (page + 1) * PAGE));
      }
      read(50 * PAGE, 10);
      return asked.slice(1);
    };
    // A blob with 10 overflow pages: SQLite keeps the rest, at least minLocal bytes, local.
    const minLocal = Math.floor(((PAGE - 12) * 32) / 255) - 23;
    expect(chain(10 * (PAGE - 4) + minLocal - 5)).toEqual([
      `0:${20 * PAGE}-${30 * PAGE - 1}`,
      `0:${50 * PAGE}-${51 * PAGE - 1}`,
    ]);
    // Without it the read heads double a window at a time: 20, 21-22, 23-26, 27-29.
    expect(chain(0)).toHaveLength(5);
  });

  test('a window never crosses a chunk file, and no page is asked for twice', () => {
    const bytes = database(32);
    const { read, asked } = reader(bytes, 8 * PAGE);
    for (let page = 4; page < 12; page += 1) read(page * PAGE, PAGE);
    for (const entry of asked) {
      const [, range = ''] = entry.split(':');
      const [start = 0, end = 0] = range.split('-').map(Number);
      expect(end).toBeLessThan(8 * PAGE);
      expect(start).toBeLessThanOrEqual(end);
    }
    const seen = new Set<string>();
    for (const entry of asked) {
      const [file = '', range = ''] = entry.split(':');
      const [start = 0, end = 0] = range.split('-').map(Number);
      for (let at = start; at <= end; at += PAGE) {
        const key = `${file}:${at}`;
        expect(seen.has(key), key).toBe(false);
        seen.add(key);
      }
    }
    expect(read(4 * PAGE, 8 * PAGE)).toEqual(bytes.subarray(4 * PAGE, 12 * PAGE));
  });

  test('the cache is bounded: the least recently used pages go, and come back on demand', () => {
    const bytes = database(64);
    const { pages, read, asked } = reader(bytes, 64 * PAGE, { maxCacheBytes: 4 * PAGE });
    for (const page of [0, 20, 40, 60, 30, 50]) read(page * PAGE, 10);
    expect(pages.stats().cachedBytes).toBeLessThanOrEqual(4 * PAGE);
    const before = asked.length;
    read(50 * PAGE, 10);
    expect(asked.length).toBe(before);
    read(0, 10);
    expect(asked.length).toBe(before + 1);
    expect(pages.stats()).toMatchObject({ totalRequests: before + 1, totalBytes: 64 * PAGE });
  });

  test('counts requests and bytes, and traces the pages read', () => {
    const bytes = database(16);
    const { pages, read } = reader(bytes, 16 * PAGE);
    read(2 * PAGE, 10);
    read(2 * PAGE, 10);
    read(9 * PAGE, 10);
    expect(pages.stats()).toMatchObject({ totalRequests: 2, totalFetchedBytes: 2 * PAGE });
    expect(pages.takeAccessedPages()).toEqual([
      { pageno: 2, wasCached: false },
      { pageno: 9, wasCached: false },
    ]);
    expect(pages.takeAccessedPages()).toEqual([]);
  });

  test.each<[Fault, string]>([
    ['whole-file', 'does not support byte ranges'],
    ['gzip', 'compresses its database files (Content-Encoding: gzip)'],
    ['short', 'sent 1023 bytes of v1/db.sqlite3.000 where 1024 were asked for'],
    ['wrong-range', 'sent the wrong bytes of v1/db.sqlite3.000'],
    ['status-500', 'answered a range request for v1/db.sqlite3.000 with HTTP 500'],
  ])('a host that answers wrongly (%s) is named, and no wrong byte is returned', (fault, says) => {
    const { read } = reader(database(8), 8 * PAGE, { fault });
    let thrown: unknown;
    try {
      read(PAGE, 10);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect(badResponseMessage(thrown instanceof Error ? thrown.message : '')).toContain(says);
  });

  test('refuses a layout whose chunk files are not whole pages', () => {
    expect(
      () =>
        new HttpPages({
          layout: planChunks(10_000, 1500),
          chunkUrlPrefix: 'x.',
          pageSize: PAGE,
          request: () => {
            throw new Error('no request expected');
          },
        }),
    ).toThrow(/whole number/);
  });
});
