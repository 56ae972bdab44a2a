import { describe, expect, test } from 'vitest';
import type { HttpPages } from './http-pages.ts';
import { emulatedHost, chunkIndexOf, type Fault } from './test-support/emulated-host.ts';
import { startWarmBurst, warmRequests } from './warm-burst.ts';

// The warm burst against an emulated chunked host: what it asks for, what it hands to the
// page cache, and that a host answering it wrongly (or not at all) leaves the reader exactly
// where it would have been without it.

const PAGE = 1024;

/** A chunked host of `bytes` in files of `chunkPages` 1 KiB pages, to fetch and to the reader. */
const host = (bytes: Uint8Array, chunkPages: number, fault: Fault = 'none') =>
  emulatedHost(bytes, chunkPages, PAGE, fault);

/** A database of `pages` pages where every byte names its page. */
function database(pages: number): Uint8Array {
  const bytes = new Uint8Array(pages * PAGE);
  for (let page = 0; page < pages; page += 1) bytes.fill(page + 1, page * PAGE, (page + 1) * PAGE);
  return bytes;
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
      requests.map(({ url, start, end, first }) => `${chunkIndexOf(url)}:${start}-${end}@${first}`),
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
