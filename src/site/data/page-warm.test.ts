// @vitest-environment node
import { describe, expect, test } from 'vitest';
import { planChunks } from '../../core/chunk-layout.ts';
import { HttpPages, type RangeRequest } from './http-pages.ts';
import { forwardWarmBurst, PageWarmAnswers, warmKey, type WarmMessage } from './page-warm.ts';
import { startWarmBurst, warmRequests } from './warm-burst.ts';

// The warm burst run by the page and handed to the worker (decision 0068), both sides in one
// process: the page's fetches against an emulated host, its messages straight into the
// worker's `PageWarmAnswers`, and the worker's burst and page cache as the worker runs them.

const PAGE = 1024;
const V1 = 'https://host.test/db/v1/db.sqlite3.';
const V2 = 'https://host.test/db/v2/db.sqlite3.';

type Fault = 'none' | '404' | 'html' | 'gzip' | 'short' | 'network' | 'stall';

/** Two versions of a 6-page database, each byte naming its page (v2's numbers + 100). */
function bytesOf(prefix: string): Uint8Array {
  const bytes = new Uint8Array(6 * PAGE);
  const offset = prefix === V2 ? 100 : 0;
  for (let page = 0; page < 6; page += 1) {
    bytes.fill(page + 1 + offset, page * PAGE, (page + 1) * PAGE);
  }
  return bytes;
}

/** A host with both versions as one chunk file each; `fault` spoils every fetch's answer. */
function host(fault: Fault = 'none') {
  const fetched: string[] = [];
  const asked: string[] = [];
  const fileOf = (url: string): Uint8Array => bytesOf(url.startsWith(V2) ? V2 : V1);
  const fetchImpl: typeof fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const range = /^bytes=(\d+)-(\d+)$/.exec(new Headers(init?.headers).get('Range') ?? '');
    if (range === null) throw new Error(`no range asked for ${url}`);
    fetched.push(`${url} ${range[1]}-${range[2]}`);
    if (fault === 'network') return Promise.reject(new TypeError('Failed to fetch'));
    if (fault === 'stall') {
      return new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new Error('aborted')));
      });
    }
    const file = fileOf(url);
    const [start, end] = [Number(range[1]), Number(range[2])];
    if (fault === '404') return Promise.resolve(new Response('Not found', { status: 404 }));
    if (fault === 'html') {
      return Promise.resolve(new Response('<!doctype html><p>Welcome</p>', { status: 200 }));
    }
    const headers = new Headers({ 'Content-Range': `bytes ${start}-${end}/${file.length}` });
    if (fault === 'gzip') headers.set('Content-Encoding', 'gzip');
    const body = file.slice(start, fault === 'short' ? end : end + 1);
    return Promise.resolve(new Response(body, { status: 206, headers }));
  };
  const request: RangeRequest = (url, start, end) => {
    asked.push(`${url} ${start}-${end}`);
    const file = fileOf(url);
    return {
      status: 206,
      header: (name) =>
        name.toLowerCase() === 'content-range' ? `bytes ${start}-${end}/${file.length}` : null,
      body: file.slice(start, end + 1),
    };
  };
  const layout = planChunks(6 * PAGE, 8 * PAGE);
  const reader = (prefix: string): HttpPages =>
    new HttpPages({ layout, chunkUrlPrefix: prefix, pageSize: PAGE, request });
  return { fetched, asked, fetchImpl, layout, reader };
}

function readPage(pages: HttpPages, pageno: number): number {
  const target = new Uint8Array(PAGE);
  pages.read(target, pageno * PAGE, PAGE);
  return target[0] ?? -1;
}

/** What the worker's own fetch was asked for: nothing, when the page serves the burst. */
function workerFetch(log: string[]): typeof fetch {
  return (input) => {
    log.push(String(input));
    return Promise.reject(new TypeError('the worker fetched'));
  };
}

describe('the page-run warm burst', () => {
  test("the page's answers fill the worker's cache: the worker fetches nothing, SQLite reads no warm page", async () => {
    const site = host();
    const pages = site.reader(V1);
    const requests = warmRequests([[1, 3]], site.layout, PAGE, pages);
    const answers = new PageWarmAnswers();
    const sent: WarmMessage['type'][] = [];
    const transferred: number[] = [];
    const burst = forwardWarmBurst(
      requests,
      (message, transfer = []) => {
        sent.push(message.type);
        transferred.push(transfer.length);
        answers.receive(message);
      },
      site.fetchImpl,
    );
    expect(burst.keys).toEqual([`${V1}000 0-${3 * PAGE - 1}`]);
    answers.expect(burst.keys);
    const own: string[] = [];
    await startWarmBurst(requests, workerFetch(own), answers).primeInto(pages);
    expect(own).toEqual([]);
    expect(sent).toEqual(['warm-answer', 'warm-body']);
    // The body goes over as a transfer, not a copy.
    expect(transferred).toEqual([0, 1]);
    expect([0, 1, 2].map((pageno) => readPage(pages, pageno))).toEqual([1, 2, 3]);
    expect(site.asked).toEqual([]);
    expect(pages.stats()).toMatchObject({ totalRequests: 1, totalFetchedBytes: 3 * PAGE });
  });

  test.each(['404', 'html', 'gzip', 'short', 'network'] as const)(
    'an answer of %s from the page is dropped: SQLite reads the pages itself, as without the burst',
    async (fault) => {
      const site = host(fault);
      const pages = site.reader(V1);
      const requests = warmRequests([[1, 3]], site.layout, PAGE, pages);
      const answers = new PageWarmAnswers();
      const burst = forwardWarmBurst(
        requests,
        (message) => answers.receive(message),
        site.fetchImpl,
      );
      answers.expect(burst.keys);
      await startWarmBurst(requests, workerFetch([]), answers).primeInto(pages);
      expect(pages.stats().totalRequests).toBe(0);
      expect(readPage(pages, 1)).toBe(2);
      expect(site.asked).toEqual([`${V1}000 ${PAGE}-${2 * PAGE - 1}`]);
    },
  );

  test('a stalled page burst is given up after the grace; an answer after that is dropped', async () => {
    const site = host('stall');
    const pages = site.reader(V1);
    const requests = warmRequests([[1, 2]], site.layout, PAGE, pages);
    const answers = new PageWarmAnswers();
    const burst = forwardWarmBurst(requests, (message) => answers.receive(message), site.fetchImpl);
    answers.expect(burst.keys);
    await startWarmBurst(requests, workerFetch([]), answers).primeInto(pages, { answerMs: 0 });
    expect(pages.stats().totalRequests).toBe(0);
    const key = burst.keys[0] ?? '';
    answers.receive({
      type: 'warm-answer',
      key,
      status: 206,
      contentRange: `bytes 0-${2 * PAGE - 1}/${6 * PAGE}`,
      contentEncoding: null,
    });
    answers.receive({ type: 'warm-body', key, body: new ArrayBuffer(2 * PAGE) });
    burst.cancel();
    expect(readPage(pages, 0)).toBe(1);
    expect(site.asked).toEqual([`${V1}000 0-${PAGE - 1}`]);
  });

  test('pages of another version never reach the worker: a page burst for v1 while the worker opens v2', async () => {
    // The page's config named v1; the worker is opening v2 (latest.json moved on): the keys
    // name different files, so v2's burst fetches its own and v1's answers are dropped.
    const site = host();
    const v1 = warmRequests([[1, 3]], site.layout, PAGE, site.reader(V1));
    const pages = site.reader(V2);
    const v2 = warmRequests([[1, 3]], site.layout, PAGE, pages);
    const answers = new PageWarmAnswers();
    const messages: WarmMessage[] = [];
    const burst = forwardWarmBurst(v1, (message) => messages.push(message), site.fetchImpl);
    answers.expect(burst.keys);
    const primed = startWarmBurst(v2, site.fetchImpl, answers).primeInto(pages);
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (const message of messages) answers.receive(message);
    await primed;
    expect(messages.map(({ type }) => type)).toEqual(['warm-answer', 'warm-body']);
    expect(site.fetched).toEqual([...v1, ...v2].map(warmKey));
    expect(site.fetched[0]).not.toEqual(site.fetched[1]);
    expect([0, 1, 2].map((pageno) => readPage(pages, pageno))).toEqual([101, 102, 103]);
    expect(site.asked).toEqual([]);
  });
});
